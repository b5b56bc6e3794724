// Shared helpers of the editor features: key paths for the schema, the file kind's key domain,
// cached per-path key candidates, containers at an offset, indentation and snippet escaping.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSchema
import PlistSyntax

extension FileKind {
    /// The key database domain of this kind of file; nil for plists the database knows nothing of.
    public var keyDomain: PlistDomain? {
        switch self {
        case .infoPlist: return .infoPlist
        case .entitlements: return .entitlements
        case .privacyManifest: return .privacyManifest
        case .other: return nil
        }
    }
}

/// A key the database allows at one place, with what completion needs precomputed.
struct KeyCandidate: Sendable {
    let definition: KeyDefinition
    let lowerName: String
    /// The Xcode name, lowercased, or "".
    let lowerXcode: String
    /// Lowercased words of the name and the Xcode name.
    let words: [String]
    /// Orders candidates: most used first, then required/recommended, then by name, deprecated last.
    let sortKey: String

    var isDeprecated: Bool { definition.status.kind != .active }

    init(_ definition: KeyDefinition) {
        self.definition = definition
        lowerName = definition.name.lowercased()
        lowerXcode = definition.xcodeName?.lowercased() ?? ""
        words = KeyDatabase.words(of: definition.name) + KeyDatabase.words(of: definition.xcodeName ?? "")
        let tier: String
        if definition.status.kind != .active {
            tier = "9"
        } else if let rank = KeyPopularity.rank[definition.name] {
            tier = "1" + String(repeating: "0", count: max(0, 4 - String(rank).count)) + String(rank)
        } else if !definition.requiredFor.isEmpty || !definition.recommendedFor.isEmpty {
            tier = "2"
        } else {
            tier = "3"
        }
        sortKey = tier + "_" + definition.name
    }

    /// How well a typed text matches: 0 name prefix, 1 Xcode name or words, 2 loose; nil for no match.
    func match(_ typed: String) -> Int? {
        let query = typed.lowercased().trimmingBlanks()
        if query.isEmpty { return 0 }
        if lowerName.hasPrefix(query) { return 0 }
        if !lowerXcode.isEmpty, lowerXcode.hasPrefix(query) { return 1 }
        let queryWords = KeyDatabase.words(of: typed)
        if !queryWords.isEmpty, queryWords.allSatisfy({ q in words.contains { $0.hasPrefix(q) } }) { return 1 }
        if lowerName.contains(query) || (!lowerXcode.isEmpty && lowerXcode.contains(query)) { return 2 }
        return nil
    }
}

/// Key candidates per (domain, parent path), computed on first use and kept: completion asks for
/// the same few places on every keystroke.
final class KeyCatalog: @unchecked Sendable {
    static let shared = KeyCatalog(database: .shared)

    private struct CacheKey: Hashable {
        let domain: PlistDomain
        let path: [PathSegment]
    }

    private let database: KeyDatabase
    private let lock = Lock()
    private var cache: [CacheKey: [KeyCandidate]] = [:]

    init(database: KeyDatabase) { self.database = database }

    /// The keys allowed directly inside the dictionary at `path`, one per name, in `sortKey` order.
    func candidates(at path: [PathSegment], domain: PlistDomain) -> [KeyCandidate] {
        let key = CacheKey(domain: domain, path: path)
        if let hit = lock.withLock({ cache[key] }) { return hit }
        var seen = Set<String>()
        let list = database.keys(at: path, domain: domain)
            .filter { seen.insert($0.name).inserted }
            .map(KeyCandidate.init)
            .sorted { $0.sortKey < $1.sortKey }
        lock.withLock {
            if cache.count > 256 { cache.removeAll() }
            cache[key] = list
        }
        return list
    }
}

/// A container (dictionary or array) of the typed view with its key path.
struct Container {
    let node: PlistNode
    let path: [PlistSyntax.PathComponent]
}

extension PlistDocument {
    /// The innermost dictionary or array whose content holds `offset` (end included), with its path.
    func container(at offset: Int) -> Container? {
        guard let root, root.kind == .dictionary || root.kind == .array else { return nil }
        func inside(_ node: PlistNode) -> Bool {
            let content = node.element.contentRange
            return !node.element.flags.contains(.selfClosing) && offset >= content.lowerBound && offset <= content.upperBound
                && offset > node.element.start
        }
        guard inside(root) else { return nil }
        var current = Container(node: root, path: [])
        while true {
            var next: Container?
            if current.node.kind == .dictionary {
                for entry in current.node.entries {
                    if let value = entry.value, value.kind == .dictionary || value.kind == .array, inside(value) {
                        next = Container(node: value, path: current.path + [.key(entry.key?.text ?? "")])
                    }
                }
            } else {
                for (i, item) in current.node.items.enumerated() where (item.kind == .dictionary || item.kind == .array) && inside(item) {
                    next = Container(node: item, path: current.path + [.index(i)])
                }
            }
            guard let found = next else { return current }
            current = found
        }
    }
}

/// Text helpers over the document's bytes.
enum TextScan {
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Offset of the first byte of the line holding `offset`.
    static func lineStart(_ text: [UInt8], _ offset: Int) -> Int {
        var i = min(offset, text.count)
        while i > 0 && text[i - 1] != 0x0A && text[i - 1] != 0x0D { i -= 1 }
        return i
    }

    /// The spaces and tabs at the start of the line holding `offset`.
    static func indentation(_ text: [UInt8], _ offset: Int) -> String {
        var i = lineStart(text, offset)
        var out = ""
        while i < text.count && (text[i] == 0x20 || text[i] == 0x09) { out.append(Character(UnicodeScalar(text[i]))); i += 1 }
        return out
    }

    /// One level of indentation as the document writes it: a tab, or the step between a container's
    /// line and its first child's line; a tab when nothing tells.
    static func indentUnit(_ text: [UInt8], container: PlistNode?) -> String {
        if let container {
            let outer = indentation(text, container.element.start)
            let firstChild = container.entries.first?.key?.element.start ?? container.entries.first?.value?.element.start
                ?? container.items.first?.element.start
            if let firstChild, lineStart(text, firstChild) != lineStart(text, container.element.start) {
                let inner = indentation(text, firstChild)
                if inner.hasPrefix(outer) && inner.count > outer.count { return String(inner.dropFirst(outer.count)) }
            }
        }
        return "\t"
    }

    /// Escapes `$`, `}` and `\` for a snippet's literal text.
    static func snippetEscaped(_ s: String) -> String {
        var out = ""
        for c in s {
            if c == "$" || c == "}" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}

/// Schema look-ups shared by the features.
enum FeatureLookup {
    /// The dictionary holding the key whose value (or, for `isItem`, whose array item) is at `path`.
    static func holder(ofValueAt path: [PlistSyntax.PathComponent], isItem: Bool, in document: PlistDocument) -> PlistNode? {
        let drop = isItem ? 2 : 1
        guard path.count >= drop, let node = document.node(at: Array(path.dropLast(drop))), node.kind == .dictionary else { return nil }
        return node
    }

    /// The documented values of `definition` that fit the dictionary holding the value at `path`:
    /// a reason code only beside its own API category. When nothing beside the value decides (the
    /// category is missing or unknown), every value.
    static func values(of definition: KeyDefinition, forValueAt path: [PlistSyntax.PathComponent], isItem: Bool,
                       in document: PlistDocument) -> [EnumValue] {
        guard definition.values.contains(where: { $0.onlyWith != nil }) else { return definition.values }
        let holder = holder(ofValueAt: path, isItem: isItem, in: document)
        let sibling = { (key: String) in holder?.value(forKey: key)?.text?.trimmingWhiteSpace() }
        let fitting = definition.values.filter { $0.isValid(besides: sibling) }
        return fitting.isEmpty ? definition.values : fitting
    }

    /// For a value that belongs beside another sibling value than the one its dictionary holds:
    /// what it belongs with, and what the dictionary holds instead.
    static func misplacement(of value: EnumValue, forValueAt path: [PlistSyntax.PathComponent], isItem: Bool,
                             in document: PlistDocument) -> (belongsWith: SiblingValue, found: String)? {
        guard let condition = value.onlyWith,
              let found = holder(ofValueAt: path, isItem: isItem, in: document)?.value(forKey: condition.key)?.text?.trimmingWhiteSpace(),
              !found.isEmpty, found != condition.value else { return nil }
        return (condition, found)
    }

    /// The definition of the key whose value (or, for `isItem`, whose array item) is at `path`.
    static func definition(forValueAt path: [PlistSyntax.PathComponent], domain: PlistDomain?) -> (definition: KeyDefinition, isItem: Bool)? {
        guard let domain, let last = path.last else { return nil }
        switch last {
        case .key(let key):
            return KeyDatabase.shared.lookup(key, at: Array(path.dropLast()).schemaPath, domain: domain).map { ($0.definition, false) }
        case .index:
            guard path.count >= 2, case .key(let key) = path[path.count - 2] else { return nil }
            return KeyDatabase.shared.lookup(key, at: Array(path.dropLast(2)).schemaPath, domain: domain).map { ($0.definition, true) }
        }
    }
}
