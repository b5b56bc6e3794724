// client/registerCapability (server → client): dynamic registration.
import PlistSupport

public struct Registration: Codable, Hashable, Sendable {
    public var id: String
    public var method: String
    public var registerOptions: JSONValue?
    public init(id: String, method: String, registerOptions: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.registerOptions = registerOptions
    }
}

/// `client/registerCapability` (server → client); the response is `null`.
public struct RegisterCapabilityRequest: LSPRequest, Hashable {
    public static let method = "client/registerCapability"
    public typealias Response = VoidResponse
    public var registrations: [Registration]
    public init(registrations: [Registration]) { self.registrations = registrations }
}
