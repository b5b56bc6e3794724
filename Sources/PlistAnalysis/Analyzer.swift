// Produces a document's diagnostics (the rule catalogue plugs in here).
import PlistSyntax

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
