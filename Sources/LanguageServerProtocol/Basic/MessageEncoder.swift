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
