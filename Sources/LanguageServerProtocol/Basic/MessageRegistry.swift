/// The registry of every request and notification type the protocol layer knows.
/// The decoder uses it to turn `params` into a typed value by method name.
///
/// A type is registered by its method name and a closure that names it, not as an existential
/// metatype: forming `any LSPRequest.Type` makes the runtime instantiate the type's conformance
/// (protocols that refine `Codable` have their witness tables made at run time), a third of a
/// millisecond for all 37 before the stdio server could start reading; now only the types of
/// messages that arrive are made.
public struct MessageRegistry: Sendable {
    /// A request type, registered.
    public struct Request: Sendable {
        let method: String
        let type: @Sendable () -> any LSPRequest.Type
        public init<R: LSPRequest>(_ type: R.Type) {
            method = R.method
            self.type = { R.self }
        }
    }

    /// A notification type, registered.
    public struct Notification: Sendable {
        let method: String
        let type: @Sendable () -> any LSPNotification.Type
        public init<N: LSPNotification>(_ type: N.Type) {
            method = N.method
            self.type = { N.self }
        }
    }

    private let requestTypes: [String: Request]
    private let notificationTypes: [String: Notification]

    public init(requests: [Request], notifications: [Notification]) {
        requestTypes = Dictionary(requests.map { ($0.method, $0) }, uniquingKeysWith: { _, last in last })
        notificationTypes = Dictionary(notifications.map { ($0.method, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Every request type, by method name.
    public var requests: [String: any LSPRequest.Type] { requestTypes.mapValues { $0.type() } }
    /// Every notification type, by method name.
    public var notifications: [String: any LSPNotification.Type] { notificationTypes.mapValues { $0.type() } }

    public func requestType(for method: String) -> (any LSPRequest.Type)? { requestTypes[method]?.type() }
    public func notificationType(for method: String) -> (any LSPNotification.Type)? { notificationTypes[method]?.type() }
}
