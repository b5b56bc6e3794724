// An immutable version of an open document, and the only place byte offsets become LSP positions.
import LanguageServerProtocol
import PlistAnalysis
import PlistSupport
import PlistSyntax
import XcodeProject
import PlistWorkspace

/// One version of an open document: text, syntax tree, line index and typed view, never mutated.
///
/// Requests receive the snapshot of the version they arrived for; an edit makes a new snapshot
/// (through the incremental reparse) and leaves this one untouched. The line index and the typed
/// `PlistDocument` are computed on first use and then shared by every reader.
///
/// Conversions clamp, never trap (any `Int`, including `Int.max`): a position past the end of a
/// line or of the text, or inside a UTF-16 surrogate pair or a UTF-8 sequence, maps to the nearest
/// character start before it (an edit's range instead splits the character: see
/// `applying(_:version:id:)`); an outgoing position is always at a character boundary in the
/// negotiated encoding.
public final class DocumentSnapshot: OpenDocumentText {
    public let uri: DocumentURI
    /// How the text is read: a strings table or String Catalog by its name when the document was
    /// opened (its tree then stays unparsed), else OpenStep or XML by its first bytes.
    public let format: DocumentFormat
    /// The client's version number of this text.
    public let version: Int
    public let languageID: String
    /// The lossless syntax tree; `tree.text` is the document's UTF-8 text.
    public let tree: SyntaxTree
    /// The position encoding negotiated at `initialize` (utf-16 unless the client offered another).
    public let encoding: PositionEncoding
    /// Unique among the snapshots of one session (`DocumentStore` numbers them): identifies this
    /// exact content.
    public let id: Int
    private let lazyLineIndex: Lazy<LineIndex>
    private let lazyDocument: Lazy<PlistDocument>
    /// The typed view of an earlier version whose unchanged values the typed view of this one
    /// reuses (`PlistDocument(_:reusing:)`); dropped once this one is built.
    private let reuseBase: Locked<PlistDocument?>
    /// The document read as a translation file (`InfoPlist.strings`, `.xcstrings`), on first use;
    /// it reuses the reading of the version before (`translationBase`) for the entries the edit
    /// left alone, so a keystroke in a large table or catalog reads a few entries.
    private let lazyTranslation: Lazy<TranslationFile>
    private let translationBase: Locked<TranslationBase?>
    /// The findings of the latest version of this document analysed as a strings table or String
    /// Catalog, by block of entries, shared by its versions: an analysis starts from whichever version was analysed
    /// last and checks only the blocks it does not have (`Analyzer.findings(forTranslation:configuration:memo:)`).
    let translationMemo: Locked<TranslationFindingsMemo?>
    /// The analysis of this text for one configuration and generation of every other input
    /// (`AnalysisInputs`): published diagnostics, pull diagnostics and code actions (asked on every
    /// cursor move) all read the same result.
    private let analysis = Locked<(configuration: ServerConfiguration, inputs: AnalysisInputs, diagnostics: [Finding])?>(nil)

    init(
        uri: DocumentURI, version: Int, languageID: String, tree: SyntaxTree, encoding: PositionEncoding, id: Int,
        lineIndex: LineIndex? = nil, previous: DocumentSnapshot? = nil, change: TextChange? = nil
    ) {
        self.uri = uri
        self.version = version
        self.languageID = languageID
        self.tree = tree
        self.encoding = encoding
        self.id = id
        format =
            tree.isUnparsed
            ? DocumentFormat.byName(FileURI.path(of: uri) ?? uri) ?? .stringsTable
            : DocumentFormat.of(path: uri, text: tree.rootElement == nil ? tree.text.bytes : [], hasXMLRoot: tree.rootElement != nil)
        lazyLineIndex = lineIndex.map { Lazy(value: $0) } ?? Lazy { LineIndex(tree.text) }
        let base = Locked(previous.flatMap { $0.lazyDocument.computedValue ?? $0.reuseBase.withLock { $0 } })
        reuseBase = base
        lazyDocument = Lazy {
            let document = PlistDocument(tree, reusing: base.withLock { $0 })
            base.withLock { $0 = nil }
            return document
        }
        translationMemo = previous?.translationMemo ?? Locked(nil)
        // The reading of an earlier version, with what changed since (nil when unknown: the texts are compared).
        let translationBase = Locked(
            previous.flatMap { previous -> TranslationBase? in
                if let file = previous.lazyTranslation.computedValue { return TranslationBase(file: file, change: change) }
                guard let base = previous.translationBase.withLock({ $0 }) else { return nil }
                return TranslationBase(file: base.file, change: base.change.flatMap { before in change.map { before.followed(by: $0) } })
            })
        self.translationBase = translationBase
        lazyTranslation = Lazy {
            let base = translationBase.withLock { $0 }
            let file = TranslationFile.reading(
                tree.text.bytes, path: FileURI.path(of: uri) ?? uri, reusing: base?.file,
                change: base?.change.map { (range: $0.range, count: $0.count) })
            translationBase.withLock { $0 = nil }
            return file
        }
    }

    /// The text read as a translation file (meaningful for an `InfoPlist.strings` or `.xcstrings`).
    public var translation: TranslationFile { lazyTranslation.value }

    /// The findings of the latest version analysed as a translation (`OpenDocumentText`).
    public var translationFindings: TranslationFindingsMemo? {
        get { translationMemo.withLock { $0 } }
        set { translationMemo.withLock { $0 = newValue } }
    }

    /// What this document is under `configuration`, used by a project as `project`
    /// (`DocumentKind.decide`): what the analysis checks it as, and the features serve it as.
    public func kind(configuration: AnalysisConfiguration, project: ProjectInput?) -> DocumentKind {
        DocumentKind.decide(
            path: uri, format: format, document: format == .xml ? document : nil,
            configuration: configuration, project: project?.role)
    }

    /// Makes a snapshot outside a server (tests, benchmarks, tools, a workspace file read from disk).
    public convenience init(uri: DocumentURI, version: Int = 0, text: String, encoding: PositionEncoding = .utf16) {
        self.init(
            uri: uri, version: version, languageID: "plist", tree: Self.firstTree(uri: uri, text: text),
            encoding: encoding, id: 0)
    }

    /// The tree of a document's first version. A strings table or String Catalog (its format by
    /// name: `DocumentFormat.byName`) is read by its own reader, never as XML: parsing it as XML
    /// on every keystroke was the largest part of a keystroke's cost. Edits keep a tree unparsed.
    static func firstTree(uri: DocumentURI, text: String) -> SyntaxTree {
        DocumentFormat.byName(FileURI.path(of: uri) ?? uri) != nil ? SyntaxTree.unparsed(SourceText(text)) : SyntaxTree.parse(text)
    }

    /// The UTF-8 text.
    public var text: SourceText { tree.text }
    /// The text as a `String`.
    public var string: String { tree.text.description }
    /// Line starts for offset ↔ position conversion (computed once, on first use).
    public var lineIndex: LineIndex { lazyLineIndex.value }
    /// The typed view: dictionaries, keys, values, structure problems, `context(at:)`.
    public var document: PlistDocument { lazyDocument.value }

    /// The diagnostics under `configuration` and `inputs`, computed by `make` once for each (two
    /// readers racing may both compute; the results are equal).
    func analysisDiagnostics(configuration: ServerConfiguration, inputs: AnalysisInputs, _ make: () -> [Finding]) -> [Finding] {
        if let hit = analysis.withLock({ $0 }), hit.configuration == configuration, hit.inputs == inputs { return hit.diagnostics }
        let diagnostics = make()
        analysis.withLock { $0 = (configuration, inputs, diagnostics) }
        return diagnostics
    }

    // MARK: Conversions

    /// The LSP position of a UTF-8 byte offset (clamped to the text, moved to a character start).
    public func position(of offset: Int) -> Position {
        let p = lineIndex.position(of: offset, in: encoding)
        return Position(line: p.line, character: p.character)
    }

    /// The UTF-8 byte offset of an LSP position (clamped; see the type's documentation).
    public func offset(of position: Position) -> Int {
        lineIndex.offset(of: LinePosition(line: position.line, character: position.character), in: encoding)
    }

    /// The LSP range of a byte range.
    public func range(of bytes: Range<Int>) -> LSPRange {
        LSPRange(start: position(of: bytes.lowerBound), end: position(of: bytes.upperBound))
    }

    /// The byte range of an LSP range (clamped; a reversed range is put in order).
    public func byteRange(of range: LSPRange) -> Range<Int> {
        let a = offset(of: range.start), b = offset(of: range.end)
        return min(a, b)..<max(a, b)
    }

    /// Whether `position` names a real place in the text: its line exists and its character is
    /// at a character boundary no further than the end of that line. Clamped positions are not exact.
    public func isExact(_ position: Position) -> Bool {
        Self.isExact(position, offset: offset(of: position), index: lineIndex, encoding: encoding)
    }

    static func isExact(_ position: Position, offset: Int, index: LineIndex, encoding: PositionEncoding) -> Bool {
        guard position.line >= 0, position.line < index.lineCount, position.character >= 0 else { return false }
        return index.position(of: offset, in: encoding) == LinePosition(line: position.line, character: position.character)
    }
}

/// A change of a text: its bytes `range` replaced by `count` bytes.
struct TextChange: Sendable, Equatable {
    var range: Range<Int>
    var count: Int

    /// This change followed by `next` (a change of the text after this one): what the two together
    /// replaced in the text before this one, and by how many bytes.
    func followed(by next: TextChange) -> TextChange {
        let delta = count - range.count
        let lower = min(range.lowerBound, next.range.lowerBound)
        let upperAfter = max(range.lowerBound + count, next.range.upperBound)  // in the text between
        let upper = max(range.upperBound, next.range.upperBound - delta)  // in the text before
        return TextChange(range: lower..<upper, count: upperAfter + (next.count - next.range.count) - lower)
    }
}

/// The translation reading of an earlier version of a document and what changed since.
struct TranslationBase: Sendable {
    let file: TranslationFile
    let change: TextChange?
}

extension PositionEncoding {
    /// The LSP kind of this encoding.
    public var kind: PositionEncodingKind { PositionEncodingKind(rawValue: rawValue) }

    /// The encoding for an LSP kind, if we support it.
    public init?(kind: PositionEncodingKind) { self.init(rawValue: kind.rawValue) }
}
