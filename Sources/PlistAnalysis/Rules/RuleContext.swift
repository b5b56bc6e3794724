// What every rule reads: the document, its kind, the schema, and one pre-computed walk of the
// document (every dictionary; every key of the dictionaries the schema knows, already looked up).
import PlistSchema
import PlistSyntax
import XcodeProject
import SourceEvidence

/// The input of every rule.
public struct RuleContext: Sendable {
    public let document: PlistDocument
    public let fileKind: FileKind
    /// The file's path or URI as the analysis got it ("" when unknown): what a file's place in a
    /// project says (an SDK's manifest under `Sources/` or `Pods/`).
    public let path: String
    public let schema: KeyDatabase
    /// The dictionaries whose key path the schema can name (`path` non-nil), in document order,
    /// found without walking the rest. Rules that check every dictionary on its own use
    /// `findingsPerDictionary(of:_:)`, which an edit does not redo for the subtrees it did not touch.
    public let dictionariesWithPaths: [DictionaryInfo]
    /// Every key of the dictionaries whose placement the schema knows, looked up in the file kind's
    /// domain (Info.plist, entitlements or privacy manifest keys; none for other plists).
    public let keys: [KeyInfo]
    /// A configuration profile's dictionaries, values and payloads with their schema scopes, walked
    /// once for every profile rule (nil for other kinds).
    let profileWalk: ProfileWalk?
    /// What the project's source code shows the file needs (nil: no sources were scanned, and the
    /// rules that read it stay quiet).
    public let evidence: SourceEvidence?
    /// What the file's project says about it (nil: no project uses the file, and the project
    /// rules stay quiet; docs/project-awareness.md).
    public let project: ProjectInput?
    private let problemsByCode: [SyntaxProblem.Code: [SyntaxProblem]]
    /// Whether per-dictionary rules remember their findings per subtree (`findingsPerDictionary`);
    /// false checks every dictionary afresh, the reference the incremental analysis is tested against.
    public var remembersSubtrees = true
    /// One-shot analysis: the dictionaries whose key names repeat or are blank, found once for the
    /// rules that ask (`findingsPerDictionary(of:where:_:)`).
    let unusualKeyNames = UnusualKeyNames()

    /// The UTF-8 text.
    public var text: SourceText { document.tree.text }

    public init(
        document: PlistDocument, fileKind: FileKind, path: String = "", schema: KeyDatabase = .shared, evidence: SourceEvidence? = nil,
        project: ProjectInput? = nil
    ) {
        self.project = project
        self.document = document
        self.fileKind = fileKind
        self.path = path
        self.schema = schema
        self.evidence = evidence
        var byCode: [SyntaxProblem.Code: [SyntaxProblem]] = [:]
        for p in document.tree.syntaxErrors { byCode[p.code, default: []].append(p) }
        for p in document.problems { byCode[p.code, default: []].append(p) }
        problemsByCode = byCode
        // Only where the schema places keys: below a path it knows nothing about, no key is looked up.
        let domain = fileKind.keyDomain
        var walker = Walker(schema: schema, domain: domain ?? .infoPlist, paths: domain.map { SchemaPaths.of($0, in: schema) })
        if let root = document.root { walker.visit(root, path: walker.paths == nil ? nil : []) }
        dictionariesWithPaths = walker.dictionaries
        keys = walker.keys
        profileWalk = fileKind == .configurationProfile ? ProfileWalk(document) : nil
    }

    /// The profile walk the rules share (made here for a context of another kind).
    var profile: ProfileWalk { profileWalk ?? ProfileWalk(document) }

    /// The key database domain the file's keys are looked up in (Info.plist keys for other plists).
    public var domain: PlistDomain { fileKind.keyDomain ?? .infoPlist }

    /// The parser's problems with this code.
    public func problems(_ code: SyntaxProblem.Code) -> [SyntaxProblem] { problemsByCode[code] ?? [] }

    /// The root dictionary, if the root is a dictionary.
    public var rootDictionary: PlistNode? {
        guard let root = document.root, root.kind == .dictionary else { return nil }
        return root
    }

    /// The source text of a byte range.
    public func string(_ range: Range<Int>) -> String { text.string(range) }

    /// Whether the file itself shows a Mac-only bundle: a macOS key (`LSMinimumSystemVersion`,
    /// `NSPrincipalClass` = `NSApplication`, a main nib or storyboard) and none of the keys that
    /// iOS, iPadOS, tvOS, watchOS or Mac Catalyst bundles carry. Rules about iOS-only requirements
    /// stay quiet on such files.
    public var showsMacOSOnlyBundle: Bool {
        guard let root = rootDictionary else { return false }
        let keys = Set(root.keys.map { KeySuffix.split($0).base })
        let iOSKeys: Set<String> = [
            "LSRequiresIPhoneOS", "UIDeviceFamily", "UILaunchStoryboardName", "UILaunchScreen", "UILaunchImages",
            "UIRequiredDeviceCapabilities", "UIApplicationSceneManifest", "UISupportedInterfaceOrientations",
            "MinimumOSVersion", "WKWatchKitApp", "WKApplication", "UIMainStoryboardFile",
        ]
        if !keys.isDisjoint(with: iOSKeys) { return false }
        if keys.contains("LSMinimumSystemVersion") || keys.contains("NSMainNibFile") || keys.contains("NSMainStoryboardFile") {
            return true
        }
        return root.value(forKey: "NSPrincipalClass")?.trimmedText == "NSApplication"
    }
}
