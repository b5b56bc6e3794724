import PlistSupport

/// A JSON-RPC / LSP error code.
public struct ErrorCode: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    // JSON-RPC 2.0
    public static let parseError = ErrorCode(rawValue: -32700)
    public static let invalidRequest = ErrorCode(rawValue: -32600)
    public static let methodNotFound = ErrorCode(rawValue: -32601)
    public static let invalidParams = ErrorCode(rawValue: -32602)
    public static let internalError = ErrorCode(rawValue: -32603)
    // LSP
    public static let serverNotInitialized = ErrorCode(rawValue: -32002)
    public static let unknownErrorCode = ErrorCode(rawValue: -32001)
    public static let requestCancelled = ErrorCode(rawValue: -32800)
    public static let contentModified = ErrorCode(rawValue: -32801)
    public static let serverCancelled = ErrorCode(rawValue: -32802)
    public static let requestFailed = ErrorCode(rawValue: -32803)
}

/// The `error` member of a JSON-RPC response: `{code, message, data?}`.
public struct ResponseError: Error, Codable, Hashable, Sendable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String
    public var data: JSONValue?

    public init(code: ErrorCode, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { "error \(code.rawValue): \(message)" }

    public static func parseError(_ message: String) -> ResponseError { .init(code: .parseError, message: message) }
    public static func invalidRequest(_ message: String) -> ResponseError { .init(code: .invalidRequest, message: message) }
    public static func methodNotFound(_ method: String) -> ResponseError {
        .init(code: .methodNotFound, message: "method not found: \(method)")
    }
    public static func invalidParams(_ message: String) -> ResponseError { .init(code: .invalidParams, message: message) }
    public static func internalError(_ message: String) -> ResponseError { .init(code: .internalError, message: message) }
    public static let serverNotInitialized = ResponseError(code: .serverNotInitialized, message: "server not initialized")
    public static let requestCancelled = ResponseError(code: .requestCancelled, message: "request cancelled")
    public static func requestFailed(_ message: String) -> ResponseError { .init(code: .requestFailed, message: message) }
}
