// What every rule reads: the document, its kind, the schema, and one pre-computed walk of the
// document (every dictionary; every key of the dictionaries the schema knows, already looked up).
import PlistSchema
import PlistSyntax
import XcodeProject

/// A dictionary of the document with its key path when the schema can name it.
public struct DictionaryInfo: Sendable {
    public let node: PlistNode
    /// The concrete path from the root; nil below places the schema knows nothing about.
    public let path: [PathComponent]?
}

/// A key of a dictionary whose children the schema describes, with the lookup result.
public struct KeyInfo: Sendable {
    /// The dictionary holding the key.
    public let dictionary: PlistNode
    /// The index of the entry in `dictionary.entries`.
    public let entryIndex: Int
    public let key: PlistKey
    public let value: PlistNode?
    /// The path of the dictionary holding the key.
    public let parent: [PathComponent]
    /// The lookup at this placement (nil: not a known key here).
    public let match: KeyMatch?
    /// Whether the holding dictionary's keys are chosen by the developer.
    public let parentAllowsCustomKeys: Bool
    /// Whether the system reads the holding dictionary's keys as a fixed set (the database marks its
    /// owner `fixedKeys`: ATS and its exception domains, UILaunchScreen, document and URL types, …).
    public let parentHasFixedKeys: Bool
    /// For an unknown key: a key placed here one or two edits away and not already present.
    public let nearMiss: String?

    public var entry: PlistEntry { dictionary.entries[entryIndex] }
    /// The key's definition when spelled exactly.
    public var definition: KeyDefinition? { match?.kind == .exact ? match?.definition : nil }
}

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

    /// The UTF-8 text.
    public var text: [UInt8] { document.tree.text }

    public init(document: PlistDocument, fileKind: FileKind, path: String = "", schema: KeyDatabase = .shared, evidence: SourceEvidence? = nil,
                project: ProjectInput? = nil) {
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
    }

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
    public func string(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }

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
        if keys.contains("LSMinimumSystemVersion") || keys.contains("NSMainNibFile") || keys.contains("NSMainStoryboardFile") { return true }
        return root.value(forKey: "NSPrincipalClass")?.trimmedText == "NSApplication"
    }
}

/// The parent-path patterns of the schema, to decide where key lookups are worth doing.
struct SchemaPaths: Sendable {
    let patterns: [[KeyPathPattern.Component]]
    let customKeyPlacements: [KeyPathPattern]
    /// The placements whose dictionaries hold a fixed set of keys.
    let fixedKeyPlacements: [KeyPathPattern]
    /// The key names placed at each pattern (same order as `patterns`), with their lowercased UTF-8.
    let names: [[(name: String, folded: [UInt8])]]

    /// The placements of `domain`'s keys (computed once for the bundled database).
    static func of(_ domain: PlistDomain, in schema: KeyDatabase) -> SchemaPaths {
        if schema.definitions.count == KeyDatabase.shared.definitions.count, let known = shared[domain] { return known }
        return SchemaPaths(schema, domain: domain)
    }
    static let shared: [PlistDomain: SchemaPaths] = Dictionary(uniqueKeysWithValues: PlistDomain.allCases.map { ($0, SchemaPaths(KeyDatabase.shared, domain: $0)) })

    init(_ schema: KeyDatabase, domain: PlistDomain) {
        var seen = Set<KeyPathPattern>()
        var customs: [KeyPathPattern] = []
        for d in schema.definitions where d.domain == domain {
            for p in d.placements { seen.insert(p) }
            if d.allowsCustomChildKeys {
                for p in d.placements {
                    customs.append(KeyPathPattern(p.components + [.key(d.name)]))
                }
            }
        }
        let list = Array(seen)
        var fixed: [KeyPathPattern] = []
        for d in schema.definitions where d.domain == domain && d.hasFixedChildKeys {
            for owner in d.placements {
                fixed += list.filter { owner.holds($0, under: d.name) }
            }
        }
        fixedKeyPlacements = fixed
        patterns = list.map(\.components)
        var names = [[(name: String, folded: [UInt8])]](repeating: [], count: list.count)
        let index = Dictionary(uniqueKeysWithValues: list.enumerated().map { ($1, $0) })
        for d in schema.definitions where d.domain == domain {
            for p in d.placements { if let i = index[p] { names[i].append((d.name, Array(d.name.lowercased().utf8))) } }
        }
        self.names = names
        customKeyPlacements = customs
    }

    /// Whether some placement starts with `path` (so its descendants may be known).
    func isPrefix(_ path: [PathComponent]) -> Bool {
        patterns.contains { p in p.count >= path.count && KeyPathPattern.matches(p.prefix(path.count), path[...], caseInsensitive: false) }
    }

    /// Whether keys are placed directly in the dictionary at `path`.
    func isPlacement(_ path: [PathComponent]) -> Bool {
        patterns.contains { p in p.count == path.count && KeyPathPattern.matches(p[...], path[...], caseInsensitive: false) }
    }

    /// A key placed at `path` that `name` (whose suffix is kept) looks like a typo of, and that
    /// `present` does not hold already: one edit away (two for keys of 16 characters or more), or,
    /// where a typo is what an unknown key most likely is (`broadly`: a dictionary read as a fixed
    /// set, or an Apple-prefixed key at the top level), the same words but one
    /// (`KeyDatabase.isWordTypo`). Names under 8 characters are too short to guess.
    func nearMiss(_ name: String, at path: [PathComponent], present: [String], broadly: Bool = false) -> String? {
        let (base, suffix) = KeySuffix.split(name)
        guard base.count >= 8 else { return nil }
        let limit = base.count >= 16 ? 2 : 1
        let folded = Array(base.lowercased().utf8)
        var best: (String, Int)? = nil
        var wordTypos: [(String, Int)] = []
        for (i, p) in patterns.enumerated() where p.count == path.count && KeyPathPattern.matches(p[...], path[...], caseInsensitive: false) {
            for candidate in names[i] {
                let d = EditDistance.between(folded, candidate.folded, limit: broadly ? 8 : limit)
                if d > 0 && d <= limit && d < (best?.1 ?? .max) { best = (candidate.name, d) }
                if broadly, d > limit, KeyDatabase.isWordTypo(base, of: candidate.name) { wordTypos.append((candidate.name, d)) }
            }
        }
        if best == nil, let closest = wordTypos.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) { best = closest }
        guard let found = best?.0 else { return nil }
        let full = found + (suffix?.description ?? "")
        return present.contains(full) ? nil : full
    }

    /// Whether the dictionary at `path` holds a fixed set of keys.
    func hasFixedKeys(_ path: [PathComponent]) -> Bool {
        fixedKeyPlacements.contains { $0.matches(path) }
    }

    /// Keys written with one of Apple's prefixes: at the top level an unknown one is most likely a typo.
    static func hasApplePrefix(_ key: String) -> Bool {
        for prefix in ["NS", "UI", "CF", "LS", "UT"] where key.hasPrefix(prefix) {
            let next = key.utf8.dropFirst(prefix.utf8.count).first
            if let next, next >= UInt8(ascii: "A"), next <= UInt8(ascii: "Z") { return true }
        }
        return key.hasPrefix("com.apple.")
    }

    /// Whether the dictionary at `path` holds developer-chosen keys.
    func allowsCustomKeys(_ path: [PathComponent]) -> Bool {
        customKeyPlacements.contains { $0.matches(path) }
    }

}

private struct Walker {
    let schema: KeyDatabase
    let domain: PlistDomain
    let paths: SchemaPaths?
    var dictionaries: [DictionaryInfo] = []
    var keys: [KeyInfo] = []

    init(schema: KeyDatabase, domain: PlistDomain, paths: SchemaPaths?) {
        self.schema = schema
        self.domain = domain
        self.paths = paths
    }

    /// A dictionary or array being walked: where the walk resumes in it.
    private struct Frame {
        let node: PlistNode
        let path: [PathComponent]?
        var next = 0
        var lookups = false
        var custom = false
        var fixed = false
        var present: [String]? = nil
    }

    /// Walks `root` and every container below it in document order (a dictionary before its
    /// entries, each entry's key before what its value holds). The walk keeps its own stack, so
    /// nesting as deep as the parser accepts cannot overflow the thread's.
    mutating func visit(_ root: PlistNode, path: [PathComponent]?) {
        guard root.kind == .dictionary || root.kind == .array, path != nil else { return }
        var stack = [enter(root, path: path)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let node = stack[top].node
            let path = stack[top].path
            let i = stack[top].next
            stack[top].next += 1
            var child: (node: PlistNode, path: [PathComponent]?)? = nil
            if node.kind == .dictionary {
                let entries = node.entries
                guard i < entries.count else { stack.removeLast(); continue }
                let entry = entries[i]
                if stack[top].lookups, let path, let key = entry.key {
                    let match = schema.lookup(key.text, at: path, domain: domain)
                    var near: String? = nil
                    if match == nil && !stack[top].custom, let paths {
                        if stack[top].present == nil { stack[top].present = node.keys }
                        let broadly = stack[top].fixed || (path.isEmpty && domain == .infoPlist && SchemaPaths.hasApplePrefix(key.text))
                        near = paths.nearMiss(key.text, at: path, present: stack[top].present!, broadly: broadly)
                    }
                    keys.append(KeyInfo(dictionary: node, entryIndex: i, key: key, value: entry.value, parent: path,
                                        match: match, parentAllowsCustomKeys: stack[top].custom, parentHasFixedKeys: stack[top].fixed,
                                        nearMiss: near))
                }
                if let value = entry.value, value.kind == .dictionary || value.kind == .array {
                    var childPath: [PathComponent]? = nil
                    if let path, let key = entry.key {
                        let candidate = path + [.key(key.text)]
                        if paths?.isPrefix(candidate) == true { childPath = candidate }
                    }
                    child = (value, childPath)
                }
            } else {
                let items = node.items
                guard i < items.count else { stack.removeLast(); continue }
                let item = items[i]
                if item.kind == .dictionary || item.kind == .array {
                    var childPath: [PathComponent]? = nil
                    if let path {
                        let candidate = path + [.index(i)]
                        if paths?.isPrefix(candidate) == true { childPath = candidate }
                    }
                    child = (item, childPath)
                }
            }
            if let child, child.path != nil { stack.append(enter(child.node, path: child.path)) }
        }
    }

    /// Starts a container: a dictionary is recorded, and its keys looked up when the schema places keys there.
    private mutating func enter(_ node: PlistNode, path: [PathComponent]?) -> Frame {
        var frame = Frame(node: node, path: path)
        guard node.kind == .dictionary else { return frame }
        dictionaries.append(DictionaryInfo(node: node, path: path))
        if let path, let paths {
            frame.custom = paths.allowsCustomKeys(path)
            frame.fixed = !frame.custom && paths.hasFixedKeys(path)
            frame.lookups = paths.isPlacement(path) || frame.custom
        }
        return frame
    }
}

extension Array where Element == PathComponent {
    /// `NSAppTransportSecurity › NSExceptionDomains`, or "the top level".
    public var displayName: String {
        isEmpty ? "the top level" : map(\.description).joined(separator: " › ")
    }
}
