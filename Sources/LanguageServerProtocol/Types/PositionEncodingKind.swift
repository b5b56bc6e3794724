import PlistSupport

public struct PositionEncodingKind: RawRepresentable, Codable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let utf8 = PositionEncodingKind(rawValue: "utf-8")
    public static let utf16 = PositionEncodingKind(rawValue: "utf-16")
    public static let utf32 = PositionEncodingKind(rawValue: "utf-32")
}
