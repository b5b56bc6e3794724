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
