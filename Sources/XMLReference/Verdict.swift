// The values XMLReference hands back: libxml2's verdict on a document, its errors, SAX counts.

/// One diagnostic reported by libxml2 through its structured error channel.
public struct XMLError: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line libxml2 attributes the error to (0 when unknown).
    public var line: Int
    /// 1-based column (libxml2's `int2`; 0 when unknown).
    public var column: Int
    /// The `xmlParserErrors` code, e.g. 76 for `XML_ERR_TAG_NAME_MISMATCH`.
    public var code: Int32
    /// The `xmlErrorDomain`, e.g. 1 for `XML_FROM_PARSER`.
    public var domain: Int32
    /// The `xmlErrorLevel`: 1 warning, 2 error, 3 fatal.
    public var level: Int32
    /// libxml2's message without its trailing newline.
    public var message: String

    public init(line: Int, column: Int, code: Int32, domain: Int32, level: Int32, message: String) {
        self.line = line
        self.column = column
        self.code = code
        self.domain = domain
        self.level = level
        self.message = message
    }

    /// True for errors and fatal errors (not warnings).
    public var isError: Bool { level >= 2 }

    public var description: String { "\(line):\(column): [\(code)] \(message)" }
}

/// A request libxml2 made to load an external resource (DTD or entity); always refused.
public struct ExternalLoadRequest: Sendable, Hashable, CustomStringConvertible {
    /// The system identifier (URL or path) libxml2 asked for, if any.
    public var url: String?
    /// The public identifier, if any.
    public var publicID: String?

    public init(url: String?, publicID: String?) {
        self.url = url
        self.publicID = publicID
    }

    public var description: String { "url=\(url ?? "nil") id=\(publicID ?? "nil")" }
}

/// libxml2's judgement of one document.
public struct Verdict: Sendable, Hashable {
    /// `ctxt->wellFormed` after the parse: libxml2's well-formedness verdict.
    public var wellFormed: Bool
    /// Every diagnostic in the order libxml2 reported it (warnings included).
    public var errors: [XMLError]
    /// External loads libxml2 attempted during this parse; each was refused.
    public var externalLoadRequests: [ExternalLoadRequest]

    public init(wellFormed: Bool, errors: [XMLError], externalLoadRequests: [ExternalLoadRequest]) {
        self.wellFormed = wellFormed
        self.errors = errors
        self.externalLoadRequests = externalLoadRequests
    }

    /// The first error or fatal error (the one that usually explains a malformed verdict).
    public var firstError: XMLError? { errors.first(where: \.isError) ?? errors.first }
}

/// What a SAX2 pass over a document saw; used by the benchmark as the libxml2 baseline.
public struct SAXCounts: Sendable, Hashable {
    /// Start tags reported (`startElementNs`).
    public var elements: Int = 0
    /// End tags reported (`endElementNs`).
    public var endElements: Int = 0
    /// Attributes on those start tags.
    public var attributes: Int = 0
    /// Bytes of character data reported (text and CDATA, after reference replacement).
    public var characterBytes: Int = 0
    /// Diagnostics (warnings and errors) libxml2 reported.
    public var errorCount: Int = 0
    /// Whether libxml2 judged the document well formed.
    public var wellFormed: Bool = false
    /// External loads libxml2 attempted during this parse; each was refused.
    public var externalLoadRequests: [ExternalLoadRequest] = []

    public init() {}
}

/// What libxml2 reads in a document's elements, in document order (`XMLReference.contentEvents`):
/// a test compares the data two documents hold as an XML reader decodes it (references resolved,
/// CDATA as text, line ends normalised, comments dropped).
public enum XMLContentEvent: Sendable, Hashable {
    case start(String)
    case end
    /// Character data, CDATA or white space, as libxml2 hands it over (UTF-8).
    case text([UInt8])
}
