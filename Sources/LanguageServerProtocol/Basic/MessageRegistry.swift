#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport

/// The registry of every request and notification type the protocol layer knows.
/// The decoder uses it to turn `params` into a typed value by method name.
public struct MessageRegistry: Sendable {
    public let requests: [String: any LSPRequest.Type]
    public let notifications: [String: any LSPNotification.Type]

    public init(requests: [any LSPRequest.Type], notifications: [any LSPNotification.Type]) {
        var requestMap: [String: any LSPRequest.Type] = [:]
        for type in requests { requestMap[type.method] = type }
        var notificationMap: [String: any LSPNotification.Type] = [:]
        for type in notifications { notificationMap[type.method] = type }
        self.requests = requestMap
        self.notifications = notificationMap
    }

    public func requestType(for method: String) -> (any LSPRequest.Type)? { requests[method] }
    public func notificationType(for method: String) -> (any LSPNotification.Type)? { notifications[method] }
}
