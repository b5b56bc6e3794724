public struct TraceValue: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let off = TraceValue(rawValue: "off")
    public static let messages = TraceValue(rawValue: "messages")
    public static let verbose = TraceValue(rawValue: "verbose")
}
