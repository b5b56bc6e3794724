import Foundation
import Testing
@testable import LanguageServerProtocol
import PlistSupport

/// Parses JSON text into a `JSONValue` (fails the test on invalid JSON).
func json(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue {
    do {
        return try JSONValue(parsing: text)
    } catch {
        Issue.record("invalid JSON literal: \(error)", sourceLocation: sourceLocation)
        return .null
    }
}

func encodeJSON(_ value: some Encodable) throws -> JSONValue {
    try JSONValue(parsing: JSONCoding.encoder().encode(value))
}

/// Decodes `T` from the literal, re-encodes it, and checks the result equals the literal as
/// parsed JSON. Returns the decoded value for further field checks.
@discardableResult
func roundTrip<T: Codable>(
    _ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> T {
    let value = try JSONDecoder().decode(T.self, from: Data(text.utf8))
    let reencoded = try encodeJSON(value)
    #expect(reencoded == json(text), "re-encoded \(reencoded.description)", sourceLocation: sourceLocation)
    return value
}

/// Decodes a full message body with the LSP registry.
func classify(_ text: String) -> IncomingMessage {
    MessageDecoder().decode(Data(text.utf8))
}
