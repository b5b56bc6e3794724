// A plist's text compared as Core Foundation and plistlib compare it: by its exact Unicode
// scalars. Swift's `String` equality is canonical equivalence, under which `café` written with
// U+00E9 and with `e` + U+0301 are one string, `K` and U+212A KELVIN SIGN one key: two keys that
// Foundation keeps apart, two strings a binary plist must keep apart (issue #39, point 2).

/// A string that equals and hashes by its scalars (its UTF-8 bytes), never by canonical equivalence.
public struct ExactText: Hashable, Sendable, CustomStringConvertible {
    public let string: String
    public init(_ string: String) { self.string = string }

    public static func == (a: ExactText, b: ExactText) -> Bool { ExactText.equal(a.string, b.string) }

    public func hash(into hasher: inout Hasher) {
        var s = string
        s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public var description: String { string }

    /// Whether `a` and `b` are the same scalars (not merely canonically equivalent).
    @inline(__always)
    public static func equal(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }
}

/// A set of names (a dictionary's keys, the keys a rule needs) compared by their exact scalars:
/// `NSHome\u{212A}itUsageDescription` (a KELVIN SIGN) is not `NSHomeKitUsageDescription` here,
/// as it is not to the system reading the Info.plist.
public struct ExactNames: Sendable, ExpressibleByArrayLiteral {
    public private(set) var set: Set<ExactText>
    public init<S: Sequence>(_ names: S) where S.Element == String { set = Set(names.lazy.map(ExactText.init)) }
    public init(arrayLiteral names: String...) { self.init(names) }
    public func contains(_ name: String) -> Bool { set.contains(ExactText(name)) }
    public mutating func formUnion<S: Sequence>(_ names: S) where S.Element == String { set.formUnion(names.lazy.map(ExactText.init)) }
    public func union<S: Sequence>(_ names: S) -> ExactNames where S.Element == String {
        var copy = self; copy.formUnion(names); return copy
    }
    /// Whether `name` was not in the set before.
    @discardableResult public mutating func insert(_ name: String) -> Bool { set.insert(ExactText(name)).inserted }
}
