#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport

/// A request (with an `id`) or a notification (without one): the same members otherwise.
private struct CallEnvelope<Params: Encodable>: Encodable {
    let id: RequestID?
    let method: String
    let params: Params?
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: EnvelopeKey.self)
        try c.encode("2.0", forKey: .jsonrpc)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(method, forKey: .method)
        try c.encodeIfPresent(params, forKey: .params)
    }
}

private struct ResponseEnvelope<Result: Encodable>: Encodable {
    let id: RequestID?
    let result: Result?
    let error: ResponseError?
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: EnvelopeKey.self)
        try c.encode("2.0", forKey: .jsonrpc)
        // JSON-RPC: `id` is required in a response, `null` when the request id is unknown.
        if let id { try c.encode(id, forKey: .id) } else { try c.encodeNil(forKey: .id) }
        if let error {
            try c.encode(error, forKey: .error)
        } else if let result {
            try c.encode(result, forKey: .result)
        } else {
            try c.encodeNil(forKey: .result)
        }
    }
}

/// Builds JSON bodies for outgoing messages (without framing headers).
public enum MessageEncoder {
    public static func request<R: LSPRequest>(_ request: R, id: RequestID) throws -> Data {
        let params: R? = request is any LSPMessageWithoutParams ? nil : request
        return try JSONCoding.encoder().encode(CallEnvelope(id: id, method: R.method, params: params))
    }

    public static func notification<N: LSPNotification>(_ notification: N) throws -> Data {
        if let diagnostics = notification as? PublishDiagnosticsNotification { return try diagnostics.encodedBody() }
        let params: N? = notification is any LSPMessageWithoutParams ? nil : notification
        return try JSONCoding.encoder().encode(CallEnvelope(id: nil, method: N.method, params: params))
    }

    /// A successful response. `result` is always present (`null` for `VoidResponse` or `nil`).
    public static func response<Result: Encodable>(id: RequestID, result: Result) throws -> Data {
        try JSONCoding.encoder().encode(ResponseEnvelope(id: id, result: result, error: nil))
    }

    /// An error response; `id` is `null` when the request id could not be determined.
    public static func error(id: RequestID?, _ error: ResponseError) throws -> Data {
        try JSONCoding.encoder().encode(ResponseEnvelope<JSONValue>(id: id, result: nil, error: error))
    }
}

/// A result already encoded as JSON, sent as it is: an answer kept for identical requests
/// (a client asking the same of the same version of a document again), encoded once.
public struct EncodedResult: Encodable, Sendable {
    /// The JSON of the result.
    public let json: Data
    public init(json: Data) { self.json = json }
    public init<Result: Encodable>(encoding result: Result) throws { json = try JSONCoding.encoder().encode(result) }

    /// Encoded through another encoder: as the JSON it holds (`MessageEncoder.response` splices
    /// the bytes instead).
    public func encode(to encoder: any Encoder) throws {
        try JSONDecoder().decode(JSONValue.self, from: json).encode(to: encoder)
    }
}

extension MessageEncoder {
    /// A response whose result is JSON already: the bytes are spliced in, not encoded again.
    public static func response(id: RequestID, encoded result: EncodedResult) throws -> Data {
        var body = Data(#"{"jsonrpc":"2.0","id":"#.utf8)
        body.append(try JSONCoding.encoder().encode(id))
        body.append(contentsOf: #","result":"#.utf8)
        body.append(result.json)
        body.append(UInt8(ascii: "}"))
        return body
    }
}
