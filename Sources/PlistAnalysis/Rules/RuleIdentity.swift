// A rule's identity and documentation as a stored value, for checks that run under several ids.

/// per kind of file (the same type check on Info.plist, entitlements and privacy manifests).
public struct RuleIdentity: Sendable {
    public let id: String
    public let title: String
    public let rationale: String
    public let category: RuleCategory
    public let fileKinds: Set<FileKind>
    public let examples: [RuleExample]

    public init(id: String, title: String, rationale: String, category: RuleCategory, fileKinds: Set<FileKind>, examples: [RuleExample]) {
        self.id = id
        self.title = title
        self.rationale = rationale
        self.category = category
        self.fileKinds = fileKinds
        self.examples = examples
    }
}

/// A rule whose identity is a stored `RuleIdentity`.
public protocol IdentifiedRule: Rule {
    var identity: RuleIdentity { get }
}

extension IdentifiedRule {
    public var id: String { identity.id }
    public var title: String { identity.title }
    public var rationale: String { identity.rationale }
    public var category: RuleCategory { identity.category }
    public var fileKinds: Set<FileKind> { identity.fileKinds }
    public var examples: [RuleExample] { identity.examples }
}
