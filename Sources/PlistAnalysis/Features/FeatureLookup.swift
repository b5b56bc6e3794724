// Lookups the editor features share: the file kind's key domain and the key definition of a value.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSchema
import PlistSyntax
import Synchronization

extension FileKind {
    /// The key database domain of this kind of file; nil for plists the database knows nothing of.
    public var keyDomain: PlistDomain? {
        switch self {
        case .infoPlist: return .infoPlist
        case .entitlements: return .entitlements
        case .privacyManifest: return .privacyManifest
        case .launchdJob: return .launchd
        case .other, .configurationProfile, .stringsTable, .stringCatalog: return nil
        }
    }
}

/// Schema look-ups shared by the features.
enum FeatureLookup {
    /// The dictionary holding the key whose value (or, for `isItem`, whose array item) is at `path`.
    static func holder(ofValueAt path: [PathComponent], isItem: Bool, in document: PlistDocument) -> PlistNode? {
        let drop = isItem ? 2 : 1
        guard path.count >= drop, let node = document.node(at: Array(path.dropLast(drop))), node.kind == .dictionary else { return nil }
        return node
    }

    /// The documented values of `definition` that fit the dictionary holding the value at `path`:
    /// a reason code only beside its own API category. When nothing beside the value decides (the
    /// category is missing or unknown), every value.
    static func values(
        of definition: KeyDefinition, forValueAt path: [PathComponent], isItem: Bool,
        in document: PlistDocument
    ) -> [EnumValue] {
        guard definition.hasValuesBesideSiblings else { return definition.values }
        let holder = holder(ofValueAt: path, isItem: isItem, in: document)
        let sibling = { (key: String) in holder?.value(forKey: key)?.text?.trimmingWhiteSpace() }
        let fitting = definition.values.filter { $0.isValid(besides: sibling) }
        return fitting.isEmpty ? definition.values : fitting
    }

    /// For a value that belongs beside another sibling value than the one its dictionary holds:
    /// what it belongs with, and what the dictionary holds instead.
    static func misplacement(
        of value: EnumValue, forValueAt path: [PathComponent], isItem: Bool,
        in document: PlistDocument
    ) -> (belongsWith: SiblingValue, found: String)? {
        guard let condition = value.onlyWith,
            let found = holder(ofValueAt: path, isItem: isItem, in: document)?.value(forKey: condition.key)?.text?.trimmingWhiteSpace(),
            !found.isEmpty, found != condition.value
        else { return nil }
        return (condition, found)
    }

    /// The definition of the key whose value (or, for `isItem`, whose array item) is at `path`.
    static func definition(forValueAt path: [PathComponent], domain: PlistDomain?) -> (definition: KeyDefinition, isItem: Bool)? {
        guard let domain, let last = path.last else { return nil }
        switch last {
        case .key(let key):
            return KeyDatabase.shared.lookup(key, at: Array(path.dropLast()), domain: domain).map { ($0.definition, false) }
        case .index:
            guard path.count >= 2, case .key(let key) = path[path.count - 2] else { return nil }
            return KeyDatabase.shared.lookup(key, at: Array(path.dropLast(2)), domain: domain).map { ($0.definition, true) }
        }
    }
}
