#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport

enum EnvelopeKey: String, CodingKey {
    case jsonrpc, id, method, params, result, error
}

extension LSPRequest {
    static func _decodeParams(from container: KeyedDecodingContainer<EnvelopeKey>) throws -> any LSPRequest {
        try decodeParams(Self.self, from: container)
    }
}

extension LSPNotification {
    static func _decodeParams(from container: KeyedDecodingContainer<EnvelopeKey>) throws -> any LSPNotification {
        try decodeParams(Self.self, from: container)
    }
}

/// Decodes `params`; an absent or `null` member decodes like `{}` (so all-optional params and
/// parameterless messages work).
private func decodeParams<T: Decodable>(_ type: T.Type, from container: KeyedDecodingContainer<EnvelopeKey>) throws -> T {
    if try !container.contains(.params) || container.decodeNil(forKey: .params) {
        do {
            return try JSONValueDecoder().decode(T.self, from: .object([:]))
        } catch {
            throw ResponseError.invalidParams("missing params")
        }
    }
    return try container.decode(T.self, forKey: .params)
}

private let registryKey = CodingUserInfoKey(rawValue: "plist-lsp.messageRegistry")!

/// Decodable wrapper that classifies a message in one parse; it never throws for structural
/// problems, only the JSON parser itself can fail (→ parse error).
private struct ClassifiedMessage: Decodable {
    var message: IncomingMessage

    init(from decoder: any Decoder) throws {
        guard let registry = decoder.userInfo[registryKey] as? MessageRegistry else {
            message = .invalid(id: nil, error: .internalError("no message registry"))
            return
        }
        guard let container = try? decoder.container(keyedBy: EnvelopeKey.self) else {
            message = .invalid(id: nil, error: .invalidRequest("message is not a JSON object"))
            return
        }
        message = Self.classify(container, registry: registry)
    }

    private static func classify(_ c: KeyedDecodingContainer<EnvelopeKey>, registry: MessageRegistry) -> IncomingMessage {
        // id: absent → nil; present must be an integer or a string.
        var id: RequestID?
        let hasID = c.contains(.id)
        if hasID {
            if (try? c.decodeNil(forKey: .id)) == true {
                id = nil
            } else if let parsed = try? c.decode(RequestID.self, forKey: .id) {
                id = parsed
            } else {
                return .invalid(id: nil, error: .invalidRequest("id must be an integer or a string"))
            }
        }
        guard (try? c.decode(String.self, forKey: .jsonrpc)) == "2.0" else {
            return .invalid(id: id, error: .invalidRequest("jsonrpc must be \"2.0\""))
        }
        if c.contains(.method) {
            guard let method = try? c.decode(String.self, forKey: .method) else {
                return .invalid(id: id, error: .invalidRequest("method must be a string"))
            }
            if hasID {
                guard let id else {
                    return .invalid(id: nil, error: .invalidRequest("request id must not be null"))
                }
                guard let type = registry.requestType(for: method) else {
                    return .invalid(id: id, error: .methodNotFound(method))
                }
                do {
                    return .request(id: id, request: try type._decodeParams(from: c))
                } catch {
                    return .invalid(id: id, error: paramsError(error, method: method))
                }
            } else {
                guard let type = registry.notificationType(for: method) else {
                    return .ignoredNotification(method: method, error: .methodNotFound(method))
                }
                do {
                    return .notification(try type._decodeParams(from: c))
                } catch {
                    return .ignoredNotification(method: method, error: paramsError(error, method: method))
                }
            }
        }
        let hasResult = c.contains(.result)
        let hasError = c.contains(.error)
        guard hasResult || hasError else {
            return .invalid(id: id, error: .invalidRequest("message has neither method nor result nor error"))
        }
        guard hasResult != hasError else {
            return .invalid(id: id, error: .invalidRequest("response has both result and error"))
        }
        guard let id else {
            return .invalid(id: nil, error: .invalidRequest("response without a valid id"))
        }
        if hasResult {
            let result = (try? c.decode(JSONValue.self, forKey: .result)) ?? .null
            return .response(id: id, result: .success(result))
        }
        guard let error = try? c.decode(ResponseError.self, forKey: .error) else {
            return .invalid(id: id, error: .invalidRequest("malformed error object"))
        }
        return .response(id: id, result: .failure(error))
    }

    private static func paramsError(_ error: any Error, method: String) -> ResponseError {
        if let error = error as? ResponseError { return error }
        return .invalidParams("invalid params for \(method): \(describe(error))")
    }
}

/// A short, human-readable rendering of a `DecodingError`.
func describe(_ error: any Error) -> String {
    func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? "" : " at \(path)"
    }
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .keyNotFound(let key, let context): return "missing \(key.stringValue)\(path(context))"
    case .typeMismatch(_, let context): return "wrong type\(path(context)): \(context.debugDescription)"
    case .valueNotFound(_, let context): return "missing value\(path(context))"
    case .dataCorrupted(let context): return "\(context.debugDescription)\(path(context))"
    @unknown default: return "\(error)"
    }
}

/// Turns message bodies into `IncomingMessage`s using a `MessageRegistry`.
public struct MessageDecoder: Sendable {
    public let registry: MessageRegistry

    public init(registry: MessageRegistry = .lsp) {
        self.registry = registry
    }

    /// Classifies one JSON body. Never throws: invalid JSON becomes `.invalid(id: nil, parseError)`.
    ///
    /// An object with a duplicate member name (at any depth) is an Invalid Request: parsers
    /// disagree on which member counts (the client's JSON.parse keeps the last, our reader the
    /// first), so the message would mean one thing to the client and another to us. The answer
    /// carries the request's id unless `id` itself is the duplicated name.
    /// The body is read once, by `JSONReader.parseMessage` (a lone surrogate escape, which an
    /// editor sends while half a pair is typed, is U+FFFD; the first duplicate member name is
    /// reported), and decoded by `JSONValueDecoder`: a large message costs its text once more,
    /// not the four times `JSONDecoder` took.
    public func decode(_ body: Data) -> IncomingMessage {
        var decoder = JSONValueDecoder()
        decoder.userInfo[registryKey] = registry
        let message: IncomingMessage
        let duplicate: String?
        do {
            let (value, firstDuplicate) = try body.withUnsafeBytes { raw in try JSONReader.parseMessage(raw.bindMemory(to: UInt8.self)) }
            duplicate = firstDuplicate
            message = try decoder.decode(ClassifiedMessage.self, from: value).message
        } catch {
            return .invalid(id: nil, error: .parseError("invalid JSON: \(describe(error))"))
        }
        guard let name = duplicate else { return message }
        let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
        let error = ResponseError.invalidRequest(
            "member name \"\(shown)\" occurs twice in one object; such a message is ambiguous and rejected")
        var id: RequestID?
        switch message {
        case .request(let requestID, _): id = requestID
        case .response(let requestID, _):
            // A response is never answered: its waiter gets the error instead.
            if name != "id" { return .response(id: requestID, result: .failure(error)) }
        case .invalid(let invalidID, _): id = invalidID
        case .notification, .ignoredNotification: id = nil
        }
        if name == "id" { id = nil }
        return .invalid(id: id, error: error)
    }
}
