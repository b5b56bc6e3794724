// A problem to show the user: a stable rule id, a severity, a message and a byte range.
import PlistSyntax

/// How serious a diagnostic is (LSP severities; `note` is printed for `information` and `hint`).
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable {
    case error, warning, information, hint
}

/// A problem in a document, in byte offsets (the server converts to editor positions).
public struct Diagnostic: Sendable, Hashable {
    /// The rule's stable id, e.g. `xml-unclosed-tag`.
    public var code: String
    public var severity: Severity
    public var message: String
    public var range: Range<Int>

    public init(code: String, severity: Severity, message: String, range: Range<Int>) {
        self.code = code
        self.severity = severity
        self.message = message
        self.range = range
    }
}

/// Produces the diagnostics of a document.
public enum Analyzer {
    /// Syntax (XML well-formedness) and plist-structure diagnostics, in document order.
    public static func diagnostics(for document: PlistDocument) -> [Diagnostic] {
        document.allProblems.map {
            Diagnostic(code: $0.code, severity: $0.severity == .error ? .error : .warning, message: $0.message, range: $0.range)
        }
    }

    /// Diagnostics for raw file bytes: unreadable formats become one diagnostic at the start.
    public static func diagnostics(forFileBytes raw: [UInt8]) -> (text: [UInt8], diagnostics: [Diagnostic]) {
        switch SourceDecoding.decode(raw) {
        case .success(let text):
            return (text, diagnostics(for: PlistDocument(text: text)))
        case .failure(let error):
            return (raw, [Diagnostic(code: error.code, severity: .error, message: error.description, range: 0..<0)])
        }
    }
}
