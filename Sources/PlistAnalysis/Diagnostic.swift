// A problem to show the user — stable rule id, severity, message, byte range — and the fixes
// that resolve it, as byte-range edits the editor (or `check --fix`) applies.
import PlistSyntax

/// How serious a diagnostic is (LSP severities; `check` prints `note` for information and hint).
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable {
    case error, warning, information, hint
}

/// Extra meaning editors render specially (LSP `DiagnosticTag`).
public enum DiagnosticTag: String, Sendable, Hashable, CaseIterable {
    /// Shown faded: the entry has no effect (e.g. the earlier of two duplicate keys).
    case unnecessary
    /// Shown struck through: a deprecated or removed key.
    case deprecated
}

/// Replace the bytes in `range` (UTF-8 offsets of the analysed text) with `newText`.
public struct TextReplacement: Sendable, Hashable {
    public var range: Range<Int>
    public var newText: String
    public init(range: Range<Int>, newText: String) {
        self.range = range
        self.newText = newText
    }
}

/// A change that resolves a diagnostic: a title for the menu and non-overlapping edits.
public struct Fix: Sendable, Hashable {
    public var title: String
    public var edits: [TextReplacement]
    /// The obvious fix, offered first (LSP `isPreferred`).
    public var isPreferred: Bool
    /// Safe to apply without looking (`source.fixAll` and `check --fix` apply only these).
    public var isSafe: Bool
    public init(title: String, edits: [TextReplacement], isPreferred: Bool = false, isSafe: Bool = false) {
        self.title = title
        self.edits = edits
        self.isPreferred = isPreferred
        self.isSafe = isSafe
    }
}

/// A problem in a document, in byte offsets (the server converts to editor positions).
public struct Diagnostic: Sendable, Hashable {
    /// The rule's stable id, e.g. `xml-unclosed-tag`.
    public var code: String
    public var severity: Severity
    public var message: String
    public var range: Range<Int>
    public var tags: Set<DiagnosticTag>
    /// Other places that explain this one (e.g. the other occurrences of a duplicate key).
    public var related: [(message: String, range: Range<Int>)]
    public var fixes: [Fix]

    public init(code: String, severity: Severity, message: String, range: Range<Int>,
                tags: Set<DiagnosticTag> = [], related: [(message: String, range: Range<Int>)] = [], fixes: [Fix] = []) {
        self.code = code
        self.severity = severity
        self.message = message
        self.range = range
        self.tags = tags
        self.related = related
        self.fixes = fixes
    }

    public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
        a.code == b.code && a.severity == b.severity && a.message == b.message && a.range == b.range && a.tags == b.tags
            && a.fixes == b.fixes && a.related.map(\.message) == b.related.map(\.message) && a.related.map(\.range) == b.related.map(\.range)
    }

    public func hash(into h: inout Hasher) {
        h.combine(code); h.combine(message); h.combine(range.lowerBound); h.combine(range.upperBound)
    }
}
