// What reading a file finds wrong with it, produced by `SyntaxTree.syntaxErrors` (XML) and
// `PlistDocument.problems` (property-list structure). Each problem's message is written where it
// is found; its code names the rule that documents and configures it (`PlistAnalysis`, one file a
// rule under `Rules/XML` and `Rules/Plist`).

/// A problem found while reading the file: an XML well-formedness error or a plist structure error.
public struct SyntaxProblem: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable { case error, warning }

    /// What kind of problem it is; the raw value is the id of the rule that reports it.
    public enum Code: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
        // XML well-formedness (`SyntaxTree.syntaxErrors`).
        case xmlNoRoot = "xml-no-root"
        case xmlExtraContent = "xml-extra-content"
        case xmlUnterminatedTag = "xml-unterminated-tag"
        case xmlUnclosedTag = "xml-unclosed-tag"
        case xmlMismatchedTag = "xml-mismatched-tag"
        case xmlMalformedTag = "xml-malformed-tag"
        case xmlTextOutsideRoot = "xml-text-outside-root"
        case xmlStrayEndTag = "xml-stray-end-tag"
        case xmlInvalidMarkup = "xml-invalid-markup"
        case xmlUnterminatedComment = "xml-unterminated-comment"
        case xmlCommentDoubleHyphen = "xml-comment-double-hyphen"
        case xmlUnterminatedCDATA = "xml-unterminated-cdata"
        case xmlUnterminatedPI = "xml-unterminated-pi"
        case xmlDeclarationMisplaced = "xml-declaration-misplaced"
        case xmlInvalidPI = "xml-invalid-pi"
        case xmlUnsupportedEncoding = "xml-unsupported-encoding"
        case xmlInvalidDeclaration = "xml-invalid-declaration"
        case xmlDoctypeMisplaced = "xml-doctype-misplaced"
        case xmlInvalidDoctype = "xml-invalid-doctype"
        case xmlUndefinedEntity = "xml-undefined-entity"
        case xmlInvalidReference = "xml-invalid-reference"
        /// `&#1;`: a reference to a character XML 1.0 forbids, which Foundation reads (a warning).
        case xmlForbiddenCharacterReference = "xml-forbidden-character-reference"
        case xmlInvalidCharacter = "xml-invalid-character"
        case xmlInvalidUTF8 = "xml-invalid-utf8"
        // Property-list structure (`PlistDocument.problems`).
        case plistKeyWithoutValue = "plist-key-without-value"
        case plistValueWithoutKey = "plist-value-without-key"
        case plistKeyInArray = "plist-key-in-array"
        case plistUnknownElement = "plist-unknown-element"
        case plistStrayText = "plist-stray-text"
        case plistEmptyRoot = "plist-empty-root"
        case plistExtraRootValue = "plist-extra-root-value"
        case plistMissingPlistElement = "plist-missing-plist-element"
        case plistNoRoot = "plist-no-root"
        case plistInvalidInteger = "plist-invalid-integer"
        case plistInvalidReal = "plist-invalid-real"
        case plistInvalidDate = "plist-invalid-date"
        case plistInvalidData = "plist-invalid-data"
        case plistBooleanContent = "plist-boolean-content"
        case plistElementInScalar = "plist-element-in-scalar"
        case plistMarkupInValue = "plist-markup-in-value"
        case plistUnknownEntity = "plist-unknown-entity"
        case plistDoctypeUnreadable = "plist-doctype-unreadable"
        case plistAttributeUnreadable = "plist-attribute-unreadable"
        case plistTooDeep = "plist-too-deep"

        /// The rule id, as reports print it.
        public var description: String { rawValue }
    }

    public var code: Code
    public var message: String
    /// Byte range the problem is about.
    public var range: Range<Int>
    public var severity: Severity
    public init(code: Code, message: String, range: Range<Int>, severity: Severity = .error) {
        self.code = code
        self.message = message
        self.range = range
        self.severity = severity
    }
}

extension SyntaxProblem {
    /// The same problem `delta` bytes later.
    func shifted(by delta: Int) -> SyntaxProblem {
        var p = self
        p.range = (range.lowerBound + delta)..<(range.upperBound + delta)
        return p
    }
}
