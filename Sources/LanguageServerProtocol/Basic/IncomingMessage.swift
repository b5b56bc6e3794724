#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport

/// An incoming JSON-RPC message, classified.
public enum IncomingMessage: Sendable {
    /// A request with a known method whose params decoded. Answer it with the same id.
    case request(id: RequestID, request: any LSPRequest)
    /// A notification with a known method whose params decoded.
    case notification(any LSPNotification)
    /// A response to a request we sent.
    case response(id: RequestID, result: Result<JSONValue, ResponseError>)
    /// Something that must be answered with `error` (id `null` when unknown):
    /// parse error, invalid request, unknown request method, invalid request params.
    case invalid(id: RequestID?, error: ResponseError)
    /// A notification that cannot be handled (unknown method or bad params). JSON-RPC forbids
    /// answering notifications: log it (unless the method starts with `$/`) and move on.
    case ignoredNotification(method: String, error: ResponseError)
}

extension IncomingMessage: CustomStringConvertible {
    public var description: String {
        switch self {
        case .request(let id, let request): return "request \(id) \(type(of: request).method)"
        case .notification(let notification): return "notification \(type(of: notification).method)"
        case .response(let id, .success): return "response \(id)"
        case .response(let id, .failure(let error)): return "error response \(id): \(error)"
        case .invalid(let id, let error): return "invalid message (id \(id?.description ?? "null")): \(error)"
        case .ignoredNotification(let method, let error): return "ignored notification \(method): \(error)"
        }
    }
}
