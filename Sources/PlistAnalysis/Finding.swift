// A finding: a problem to show the user — stable rule id, severity, message, byte range — and the
// fixes that resolve it, as byte-range edits (`SourceEdit`) the editor (or `check --fix`) applies.
// The server turns a finding into an LSP `Diagnostic`.
import PlistSyntax
import SourceEvidence

/// A problem in a document, in byte offsets (the server converts it to an LSP diagnostic).
public struct Finding: Sendable, Hashable {
    /// The rule's stable id, e.g. `xml-unclosed-tag`.
    public var code: String
    public var severity: Severity
    public var message: String
    public var range: Range<Int>
    public var tags: Set<Tag>
    /// Other places that explain this one (e.g. the other occurrences of a duplicate key).
    public var related: [(message: String, range: Range<Int>)]
    /// Places in other files that explain this one (the source lines that call an API).
    public var elsewhere: [(message: String, location: SourceLocation)]
    public var fixes: [Fix]

    public init(
        code: String, severity: Severity, message: String, range: Range<Int>,
        tags: Set<Tag> = [], related: [(message: String, range: Range<Int>)] = [],
        elsewhere: [(message: String, location: SourceLocation)] = [], fixes: [Fix] = []
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.range = range
        self.tags = tags
        self.related = related
        self.elsewhere = elsewhere
        self.fixes = fixes
    }

    /// How serious a finding is (LSP severities; `check` prints `note` for information and hint).
    public enum Severity: String, Sendable, Hashable, Codable, CaseIterable {
        case error, warning, information, hint
    }

    /// Extra meaning editors render specially (LSP `DiagnosticTag`).
    public enum Tag: String, Sendable, Hashable, CaseIterable {
        /// Shown faded: the entry has no effect (e.g. the earlier of two duplicate keys).
        case unnecessary
        /// Shown struck through: a deprecated or removed key.
        case deprecated
    }

    public static func == (a: Finding, b: Finding) -> Bool {
        a.code == b.code && a.severity == b.severity && a.message == b.message && a.range == b.range && a.tags == b.tags
            && a.fixes == b.fixes && a.related.map(\.message) == b.related.map(\.message)
            && a.related.map(\.range) == b.related.map(\.range)
            && a.elsewhere.map(\.message) == b.elsewhere.map(\.message) && a.elsewhere.map(\.location) == b.elsewhere.map(\.location)
    }

    public func hash(into h: inout Hasher) {
        h.combine(code); h.combine(message); h.combine(range.lowerBound); h.combine(range.upperBound)
    }
}

extension Finding {
    /// Whether `a` comes before `b` in a document's findings: by start, then end, then rule id.
    /// The one order of every list of findings the server publishes and `check` prints.
    public static func precedes(_ a: Finding, _ b: Finding) -> Bool {
        (a.range.lowerBound, a.range.upperBound, a.code) < (b.range.lowerBound, b.range.upperBound, b.code)
    }

    /// `findings` in document order (`precedes`).
    public static func inDocumentOrder(_ findings: [Finding]) -> [Finding] { findings.sorted(by: precedes) }
}
