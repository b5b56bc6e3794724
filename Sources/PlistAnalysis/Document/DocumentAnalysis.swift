// The one analysis of a document, for the server and `check` alike (issue #40, point 2): it
// decides the document's kind, reads a binary plist as XML, an OpenStep plist as its XML form,
// applies the preprocessor definitions, checks a translation against its Info.plist and an
// Info.plist against its translations, and puts the findings in document order. The server only
// schedules it and converts the findings to LSP; `check` only prints them.
import PlistSchema
import PlistSyntax
import SourceEvidence
import XcodeProject

/// What the analysis reads about translations besides the document: the server's per-session
/// cache, `check`'s reads through its caching file system.
public protocol TranslationSource {
    /// The Info.plist the translation at `path` (absolute) translates, parsed (nil: none found,
    /// or which one is unknown: the translation is checked alone).
    func infoPlist(forTranslationAt path: String) -> PlistDocument?
    /// The project facts of that Info.plist (its `INFOPLIST_KEY_*` keys), nil when none.
    func project(ofInfoPlistTranslatedAt path: String) -> ProjectInput?
    /// The translations of the Info.plist at `path` (absolute), with what they say whatever the
    /// Info.plist holds (nil: computed from the set); nil when nothing translates it.
    func localizations(ofInfoPlistAt path: String) -> (set: LocalizationSet, index: LocalizationIndex?)?
}

/// Everything a document's analysis reads besides its text.
public struct DocumentInputs {
    public var configuration: AnalysisConfiguration
    /// What the project's sources show the file needs (already narrowed to it), nil: none scanned.
    public var evidence: SourceEvidence?
    /// What the project using the file says about it.
    public var project: ProjectInput?
    /// Where translations are read (nil: translations are not read).
    public var translations: (any TranslationSource)?

    public init(
        configuration: AnalysisConfiguration = .default, evidence: SourceEvidence? = nil, project: ProjectInput? = nil,
        translations: (any TranslationSource)? = nil
    ) {
        self.configuration = configuration
        self.evidence = evidence
        self.project = project
        self.translations = translations
    }
}

/// An open document as the server holds it: its text already read, its typed view and its
/// translation reading shared with the features and reused across versions.
public protocol OpenDocumentText: AnyObject, Sendable {
    /// The lossless tree (an unparsed one for a translation).
    var tree: SyntaxTree { get }
    /// How the text is read, decided when the document was opened.
    var format: DocumentFormat { get }
    /// The typed view every branch at once (XML only).
    var document: PlistDocument { get }
    /// The text read as a translation (strings table or String Catalog only).
    var translation: TranslationFile { get }
    /// The findings of the previous version read as a translation, for an incremental check.
    var translationFindings: TranslationFindingsMemo? { get set }
}

/// The analysis of one document: the entry point of the server and of `check`.
public enum DocumentAnalysis {
    /// What is analysed.
    public enum Text {
        /// A file's bytes as read from disk: decoded, a binary plist read as its XML form.
        case file([UInt8])
        /// A document open in an editor (already UTF-8 text).
        case open(any OpenDocumentText)
    }

    /// The findings and the text their ranges refer to.
    public struct Result {
        /// The analysed text: the file's decoded text, the XML form of a binary plist or the
        /// plist a signed profile signs. For an open document it is copied out of the document's
        /// text when asked for: the server, which has the text, never asks (a copy of a 10 MB
        /// document on every keystroke took its time and 30 MB of its peak memory).
        public var text: [UInt8] {
            switch analysed {
            case .bytes(let bytes): return bytes
            case .source(let source): return source.bytes
            }
        }
        public var findings: [Finding]
        /// The kind the document was analysed as.
        public var kind: DocumentKind
        /// For a file that was a binary plist or a signed profile: what it was read as.
        public var binary: BinaryFormOfFile?

        private enum Analysed {
            case bytes([UInt8])
            case source(SourceText)
        }
        private let analysed: Analysed

        init(text: [UInt8], findings: [Finding], kind: DocumentKind, binary: BinaryFormOfFile?) {
            analysed = .bytes(text)
            self.findings = findings
            self.kind = kind
            self.binary = binary
        }

        init(source: SourceText, findings: [Finding], kind: DocumentKind) {
            analysed = .source(source)
            self.findings = findings
            self.kind = kind
            self.binary = nil
        }
    }

    /// The findings of `text`, the document at `path` (a path or URI: its name decides the kind;
    /// `file`: its absolute path, for its translations, nil when it is no file), with `inputs`.
    /// Each rule reports at most `Analyzer.maximumDiagnosticsPerRule` findings. `release`
    /// receives a file's typed view once it is no longer needed (see `Analyzer.findings(forFileBytes:)`).
    public static func findings(
        of text: Text, path: String, file: String?, inputs: DocumentInputs,
        release: ((consuming PlistDocument) -> Void)? = nil
    ) -> Result {
        switch text {
        case .open(let open): return findings(ofOpen: open, path: path, file: file, inputs: inputs)
        case .file(let raw): return findings(ofFile: raw, path: path, file: file, inputs: inputs, release: release)
        }
    }

    /// The kind of a file from its name and bytes (a binary plist and a signed profile: XML), and
    /// the project's role; its content is read only where the name and the project do not decide.
    static func findings(
        ofFile raw: [UInt8], path: String, file: String?, inputs: DocumentInputs,
        release: ((consuming PlistDocument) -> Void)?
    ) -> Result {
        let configuration = inputs.configuration
        if let format = DocumentFormat.byName(path) {
            let kind = DocumentKind.decide(path: path, format: format, document: nil, configuration: configuration)
            let reading = TranslationFile.reading(raw, path: file ?? path)
            return Result(
                text: reading.text, findings: translationFindings(reading, kind: kind, file: file, inputs: inputs, memo: nil).findings,
                kind: kind, binary: nil)
        }
        let binary = BinaryFormOfFile(raw)
        let bytes = binary.xml ?? raw
        var analysed: PlistDocument?
        var (text, found) = Analyzer.findings(
            forFileBytes: bytes, path: path, configuration: configuration, evidence: inputs.evidence,
            project: inputs.project, release: { document in analysed = document })
        // Read as XML (a typed view came back), else OpenStep when its bytes read so: the one decision of a format.
        let format = DocumentFormat.of(path: path, text: bytes, hasXMLRoot: analysed != nil)
        let kind = DocumentKind.decide(
            path: path, format: format, document: analysed, configuration: configuration, project: inputs.project?.role)
        found = binary.explaining(found)
        if let document = analysed {
            found = addingLocalization(to: found, of: document, kind: kind, file: file, inputs: inputs)
            release?(document)
        }
        return Result(text: text, findings: found, kind: kind, binary: binary.isBinary ? binary : nil)
    }

    static func findings(ofOpen open: any OpenDocumentText, path: String, file: String?, inputs: DocumentInputs) -> Result {
        let configuration = inputs.configuration
        let source = open.tree.text
        switch open.format {
        case .stringsTable, .stringCatalog:
            let kind = DocumentKind.decide(path: path, format: open.format, document: nil, configuration: configuration)
            let (found, memo) = translationFindings(
                open.translation, kind: kind, file: file, inputs: inputs, memo: open.translationFindings)
            open.translationFindings = memo
            // The translation's own text (what its ranges refer to): no second copy of a large file per keystroke.
            return Result(text: open.translation.text, findings: found, kind: kind, binary: nil)
        case .openStep:
            // Read as XML it is all text outside a root ("This is not XML"), a false error.
            let (_, found) = Analyzer.findings(
                forFileBytes: source.bytes, path: path, configuration: configuration, evidence: inputs.evidence,
                project: inputs.project)
            let kind = DocumentKind.decide(
                path: path, format: .openStep, document: nil, configuration: configuration, project: inputs.project?.role)
            return Result(source: source, findings: found, kind: kind)
        case .xml:
            // With preprocessor definitions (the settings', else the target's
            // INFOPLIST_PREPROCESSOR_DEFINITIONS), a preprocessed file is analysed as Xcode reads
            // it; the shared typed view (every branch at once) keeps serving completion, hover and outline.
            var document = open.document
            if let definitions = configuration.preprocessorDefinitions ?? inputs.project?.preprocessorDefinitions,
                document.conditionals.isPreprocessed
            {
                document = PlistDocument(open.tree, definitions: definitions)
            }
            let kind = DocumentKind.decide(
                path: path, format: .xml, document: document, configuration: configuration, project: inputs.project?.role)
            var found = Analyzer.findings(
                for: document, path: path, configuration: configuration, evidence: inputs.evidence,
                project: inputs.project, kind: kind.role)
            found = addingLocalization(to: found, of: document, kind: kind, file: file, inputs: inputs)
            return Result(source: source, findings: found, kind: kind)
        }
    }

    /// A translation's findings against the Info.plist it translates (issue #31); a strings table
    /// or catalog that translates no Info.plist has none (its keys are the app's, not ours to check).
    static func translationFindings(
        _ reading: TranslationFile, kind: DocumentKind, file: String?, inputs: DocumentInputs,
        memo: TranslationFindingsMemo?
    ) -> (findings: [Finding], memo: TranslationFindingsMemo?) {
        guard kind.translatesInfoPlist, let file else { return ([], nil) }
        let infoPlist = inputs.translations?.infoPlist(forTranslationAt: file)
        let external = Set(inputs.translations?.project(ofInfoPlistTranslatedAt: file)?.externalKeys.keys ?? [:].keys)
        // A keystroke in a large table checks the entries it changed (issue #39, point 5).
        return Analyzer.findings(
            forTranslation: reading, at: file, infoPlist: infoPlist, externalKeys: external,
            configuration: inputs.configuration, memo: memo)
    }

    /// The findings of a property list's text after `check --fix` changed it: `remaining` (what
    /// the fixes left, `FixApplication.fixAll`) with the findings of its translations, as the
    /// analysis of the fixed text gives them.
    public static func findings(
        afterFix remaining: [Finding], text: [UInt8], kind: DocumentKind, file: String?, inputs: DocumentInputs
    ) -> [Finding] {
        guard kind.role == .infoPlist, inputs.translations != nil else { return remaining }
        let definitions = inputs.configuration.preprocessorDefinitions ?? inputs.project?.preprocessorDefinitions
        return addingLocalization(
            to: remaining, of: PlistDocument(text: text, definitions: definitions), kind: kind, file: file, inputs: inputs)
    }

    /// `found` with what the Info.plist's shipped locales leave untranslated (issue #31), in document order.
    static func addingLocalization(
        to found: [Finding], of document: PlistDocument, kind: DocumentKind, file: String?,
        inputs: DocumentInputs
    ) -> [Finding] {
        guard kind.role == .infoPlist, inputs.configuration.infoPlistRules, let file,
            let (set, index) = inputs.translations?.localizations(ofInfoPlistAt: file), !set.isEmpty
        else { return found }
        let more = Analyzer.findings(
            forLocalized: LocalizedPlistContext(document: document, set: set, index: index), configuration: inputs.configuration)
        return more.isEmpty ? found : Finding.inDocumentOrder(found + more)
    }
}
