// A build setting as written somewhere (an .xcconfig line, a pbxproj `buildSettings` entry, an
// XcodeGen `settings` member): its name, conditions, value text and where it is.

/// A place in a project file: the file, the bytes, and the line (0-based) they start on.
public struct SourceSpan: Sendable, Hashable {
    /// The file's absolute path.
    public let path: String
    public let range: Range<Int>
    /// The 0-based line of `range.lowerBound`.
    public let line: Int
    /// The 0-based UTF-8 column of `range.lowerBound`.
    public let column: Int

    public init(path: String, range: Range<Int>, line: Int, column: Int) {
        self.path = path
        self.range = range
        self.line = line
        self.column = column
    }

    /// The span of `range` in `text` (lines counted from the text).
    public init(path: String, text: [UInt8], range: Range<Int>) {
        var line = 0, lineStart = 0
        var i = 0
        let end = min(range.lowerBound, text.count)
        while i < end {
            if text[i] == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }
        self.init(path: path, range: range, line: line, column: range.lowerBound - lineStart)
    }

    /// `config/base.xcconfig:12` (1-based line).
    public var display: String { "\(path):\(line + 1)" }
}

/// `[sdk=iphoneos*]`: a condition under which an assignment applies.
public struct SettingCondition: Sendable, Hashable {
    /// `sdk`, `arch`, `config`, `variant`…
    public let key: String
    /// A pattern where `*` matches any run of characters.
    public let pattern: String

    public init(key: String, pattern: String) {
        self.key = key
        self.pattern = pattern
    }

    /// Whether `value` matches the pattern (`*` matches anything, including nothing).
    public func matches(_ value: String) -> Bool { Self.glob(Array(pattern.utf8)[...], Array(value.utf8)[...]) }

    static func glob(_ p: ArraySlice<UInt8>, _ s: ArraySlice<UInt8>) -> Bool {
        guard let first = p.first else { return s.isEmpty }
        if first == UInt8(ascii: "*") {
            var rest = s
            while true {
                if glob(p.dropFirst(), rest) { return true }
                if rest.isEmpty { return false }
                rest = rest.dropFirst()
            }
        }
        guard let c = s.first, c == first || (first | 0x20 == c | 0x20 && first.isLetterASCII) else { return false }
        return glob(p.dropFirst(), s.dropFirst())
    }
}

extension UInt8 {
    var isLetterASCII: Bool { (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) }
}

/// One assignment of a build setting.
public struct BuildSettingAssignment: Sendable, Hashable {
    public let name: String
    public let conditions: [SettingCondition]
    /// The value as written (quotes kept, comments removed, trimmed).
    public let value: String
    /// Where the assignment is (its name); nil for Xcode's defaults.
    public let location: SourceSpan?

    public init(name: String, conditions: [SettingCondition] = [], value: String, location: SourceSpan? = nil) {
        self.name = name
        self.conditions = conditions
        self.value = value
        self.location = location
    }

    /// Splits `NAME[sdk=iphoneos*][arch=*]` into the name and its conditions.
    public static func parseName(_ text: String) -> (name: String, conditions: [SettingCondition]) {
        guard let bracket = text.firstIndex(of: "[") else { return (text.trimmingSpaces, []) }
        let name = String(text[..<bracket]).trimmingSpaces
        var conditions: [SettingCondition] = []
        var rest = text[bracket...]
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            let inner = rest[rest.index(after: open)..<close]
            if let eq = inner.firstIndex(of: "=") {
                conditions.append(
                    SettingCondition(
                        key: String(inner[..<eq]).trimmingSpaces, pattern: String(inner[inner.index(after: eq)...]).trimmingSpaces))
            }
            rest = rest[rest.index(after: close)...]
        }
        return (name, conditions)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" || c == "\r" || c == "\n" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" || c == "\n" { s = s.dropLast() }
        return String(s)
    }
}
