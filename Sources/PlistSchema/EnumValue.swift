// A documented value of a key, and what it needs beside it.

/// A sibling entry a value depends on: the value is valid only in a dictionary whose `key` holds
/// `value` (a required-reason code belongs to the API category named beside it).
public struct SiblingValue: Sendable, Hashable, CustomStringConvertible {
    /// The key beside the value's own key, in the same dictionary.
    public let key: String
    /// What that key must hold.
    public let value: String

    /// Parses the data file's `KEY=VALUE` form.
    public init?(parsing text: String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex, text.index(after: equals) != text.endIndex else {
            return nil
        }
        key = String(text[..<equals])
        value = String(text[text.index(after: equals)...])
    }

    /// The data file's `KEY=VALUE` form.
    public var description: String { "\(key)=\(value)" }
}

/// One documented value of an enumerated key (or of the items of an enumerated array).
public struct EnumValue: Sendable, Hashable {
    /// The literal value as it is written in the plist (booleans and numbers are written as text, e.g. "1").
    public let value: String
    /// What choosing this value means, in our own words.
    public let note: String
    /// The first OS that accepts this value, when the value arrived later than the key.
    public let minimumOS: PlatformAvailability?
    /// Whether this value is deprecated (kept so diagnostics can explain it).
    public let deprecated: Bool
    /// The sibling entry the value belongs with, when it is valid only there (nil: valid wherever the key is).
    public let onlyWith: SiblingValue?
    /// Whether only a third-party SDK may declare the value, never an app (privacy-manifest reasons).
    public let sdkOnly: Bool

    /// Creates a value record.
    public init(
        value: String, note: String, minimumOS: PlatformAvailability? = nil, deprecated: Bool = false,
        onlyWith: SiblingValue? = nil, sdkOnly: Bool = false
    ) {
        self.value = value
        self.note = note
        self.minimumOS = minimumOS
        self.deprecated = deprecated
        self.onlyWith = onlyWith
        self.sdkOnly = sdkOnly
    }

    /// Whether the value is valid in a dictionary whose entries `sibling` reads (key → text; nil when absent).
    public func isValid(besides sibling: (String) -> String?) -> Bool {
        guard let onlyWith else { return true }
        return sibling(onlyWith.key) == onlyWith.value
    }
}
