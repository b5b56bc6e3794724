// workspace/executeCommand (client → server).
import PlistSupport

/// `workspace/executeCommand` (client → server); the result is any JSON (`null` if none).
public struct ExecuteCommandRequest: LSPRequest, Hashable {
    public static let method = "workspace/executeCommand"
    public typealias Response = JSONValue
    public var command: String
    public var arguments: [JSONValue]?
    public init(command: String, arguments: [JSONValue]? = nil) {
        self.command = command
        self.arguments = arguments
    }
}
