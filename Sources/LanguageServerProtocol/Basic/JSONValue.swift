#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport

/// The LSP name for an arbitrary JSON value (`PlistSupport.JSONValue`).
public typealias LSPAny = JSONValue
/// The LSP name for a JSON object.
public typealias LSPObject = [String: JSONValue]

extension JSONValue {
    /// Converts any `Encodable` value into a `JSONValue` (by encoding it).
    public init(encoding value: some Encodable) throws {
        try self.init(parsing: JSONCoding.encoder().encode(value))
    }

    /// Decodes this JSON value as `T` (e.g. the result of a server-to-client request).
    public func decode<T: Decodable>(as type: T.Type = T.self) throws -> T {
        try JSONValueDecoder().decode(T.self, from: self)
    }
}

/// Shared JSON coder configuration for the protocol.
public enum JSONCoding {
    /// An encoder configured for LSP output (no `\/` escaping of slashes in URIs).
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }
}
