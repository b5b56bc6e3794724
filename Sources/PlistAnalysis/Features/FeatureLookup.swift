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
        case .other: return nil
        }
    }
}

/// Schema look-ups shared by the features.
enum FeatureLookup {
    /// The definition of the key whose value (or, for `isItem`, whose array item) is at `path`.
    static func definition(forValueAt path: [PathComponent], domain: PlistDomain?) -> (definition: KeyDefinition, isItem: Bool)? {
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
