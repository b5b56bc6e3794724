// What reading a file finds wrong with it, produced by `SyntaxTree.syntaxErrors` (XML) and
// `PlistDocument.problems` (property-list structure).

/// A problem found while reading the file: an XML well-formedness error or a plist structure error.
public struct SyntaxProblem: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable { case error, warning }
    /// A stable identifier, e.g. `xml-unclosed-tag`, `plist-key-without-value`.
    public var code: String
    public var message: String
    /// Byte range the problem is about.
    public var range: Range<Int>
    public var severity: Severity
    public init(code: String, message: String, range: Range<Int>, severity: Severity = .error) {
        self.code = code
        self.message = message
        self.range = range
        self.severity = severity
    }
}
