// The rule model: a rule is a value that is also its documentation (id, title, rationale) and its
// test data (examples that must and must not trigger it, and its fix's before/after).
import PlistSchema
import PlistSyntax
import XcodeProject

/// The chapter a rule belongs to in `docs/diagnostics.md`.
public enum RuleCategory: String, Sendable, Hashable, CaseIterable {
    case file, xml, structure, types, values, keys, privacy, appTransportSecurity, privacyManifest, entitlements, project

    /// The chapter heading.
    public var title: String {
        switch self {
        case .file: return "File format"
        case .xml: return "XML well-formedness"
        case .structure: return "Property-list structure"
        case .types: return "Value types"
        case .values: return "Values and formats"
        case .keys: return "Keys"
        case .privacy: return "Privacy"
        case .appTransportSecurity: return "App Transport Security"
        case .privacyManifest: return "Privacy manifests"
        case .entitlements: return "Entitlements"
        case .project: return "Project awareness"
        }
    }
}

/// A text a rule is tried on: the docs show it, the example test runs it.
public struct RuleExample: Sendable, Hashable {
    /// The whole file.
    public var text: String
    /// Whether the rule must report at least one diagnostic on `text`.
    public var triggers: Bool
    /// For a triggering example: the text after applying the rule's preferred fix (nil: no fix).
    public var fixedText: String?
    /// The file name the example is analysed under (decides the file kind).
    public var path: String
    /// Source files of the project the example belongs to (path below the project root, text), for
    /// the rules that read source evidence; empty: no sources were scanned.
    public var sources: [ExampleSource]
    /// The target the file belongs to, for the project rules; nil: no project uses the file.
    public var project: ExampleProject?

    public init(_ text: String, triggers: Bool, fixedText: String? = nil, path: String = "Info.plist", sources: [ExampleSource] = [],
                project: ExampleProject? = nil) {
        self.project = project
        self.text = text
        self.triggers = triggers
        self.fixedText = fixedText
        self.path = path
        self.sources = sources
    }

    /// An example that must trigger the rule, with the text after its preferred fix if it has one.
    public static func triggering(_ text: String, fixed: String? = nil, path: String = "Info.plist", sources: [ExampleSource] = [],
                                  project: ExampleProject? = nil) -> RuleExample {
        RuleExample(text, triggers: true, fixedText: fixed, path: path, sources: sources, project: project)
    }

    /// An example that must not trigger the rule.
    public static func nonTriggering(_ text: String, path: String = "Info.plist", sources: [ExampleSource] = [],
                                     project: ExampleProject? = nil) -> RuleExample {
        RuleExample(text, triggers: false, path: path, sources: sources, project: project)
    }

    /// The project input of `project` for the example's file.
    public var projectInput: ProjectInput? {
        project?.input(role: path.hasSuffix(".entitlements") ? .entitlements : .infoPlist)
    }

    /// The source evidence of `sources` (nil when there are none: the analysis then has no evidence).
    public var evidence: SourceEvidence? {
        sources.isEmpty ? nil : SourceEvidence.scanning(root: "/project", files: sources.map { ($0.path, $0.text) })
    }
}

/// The target an example's file belongs to: its product type, its build settings (one
/// configuration, Debug) and the keys of its other plist (entitlements for an Info.plist).
public struct ExampleProject: Sendable, Hashable {
    /// `app`, `app-extension`, `framework`… (after `com.apple.product-type.`).
    public var productType: String
    /// Build settings, written as in an .xcconfig: `NAME = value`, one a line.
    public var settings: String
    /// The other plist's top-level keys with their string values.
    public var companion: [String: [String]]?

    public init(_ productType: String = "application", settings: String = "", companion: [String: [String]]? = nil) {
        self.productType = productType
        self.settings = settings
        self.companion = companion
    }

    /// The input the analysis reads for a file of this target.
    public func input(role: ProjectInput.Role) -> ProjectInput {
        let config = XCConfigFile(path: "/project/Config.xcconfig", text: Array(settings.utf8))
        let target = ProjectTarget(name: "App", productType: ProductType("com.apple.product-type." + productType),
                                   configurations: [TargetConfiguration(name: "Debug", layers: [SettingLayer(level: .targetConfigFile, assignments: config.assignments)])])
        let model = XcodeProjectModel(path: "/project/App.xcodeproj/project.pbxproj", directory: "/project", name: "App", targets: [target], problems: [], files: [])
        let companion = companion.map { keys in
            (path: role == .infoPlist ? "/project/App.entitlements" : "/project/Info.plist",
             keys: Dictionary(uniqueKeysWithValues: keys.map { ($0.key, CompanionKey(key: $0.key, values: $0.value, location: nil)) }))
        }
        return ProjectIndex.input(role: role, project: model, target: target, companion: companion)
    }
}

/// A source file beside an example.
public struct ExampleSource: Sendable, Hashable {
    /// The path below the project root, e.g. `App/Settings.swift`.
    public var path: String
    public var text: String

    public init(_ path: String, _ text: String) {
        self.path = path
        self.text = text
    }
}

/// A check of the catalogue. Each rule lives in its own file and is listed in `RuleRegistry.all`.
public protocol Rule: Sendable {
    /// Stable identifier, used as the diagnostic `code`, in configuration and suppression comments.
    var id: String { get }
    /// One line: what the rule finds.
    var title: String { get }
    /// Why it matters (Markdown, a few sentences).
    var rationale: String { get }
    var category: RuleCategory { get }
    var defaultSeverity: Finding.Severity { get }
    /// False for a rule that runs only when asked for (a severity given in the configuration or with
    /// `check --severity`, or `check --hints` for the hints): `info-unknown-key`, whose one hint per
    /// custom key is noise in most projects.
    var enabledByDefault: Bool { get }
    /// The kinds of file the rule runs on.
    var fileKinds: Set<FileKind> { get }
    /// Examples: documentation and test data.
    var examples: [RuleExample] { get }
    /// Appends the rule's diagnostics (with `code == id` and the default severity) to `out`.
    func check(_ context: RuleContext, into out: inout [Finding])
}

extension Rule {
    public var fileKinds: Set<FileKind> { [.infoPlist] }
    public var enabledByDefault: Bool { true }

    /// A diagnostic of this rule with its default severity.
    public func diagnostic(_ message: String, _ range: Range<Int>, tags: Set<Finding.Tag> = [],
                           related: [(message: String, range: Range<Int>)] = [],
                           elsewhere: [(message: String, location: SourceLocation)] = [], fixes: [Fix] = []) -> Finding {
        Finding(code: id, severity: defaultSeverity, message: message, range: range, tags: tags, related: related, elsewhere: elsewhere, fixes: fixes)
    }
}

/// A rule's identity and documentation as a value: one check can then run under several ids, one
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

extension FileKind {
    /// Every kind: syntax and structure rules.
    public static let allKinds: Set<FileKind> = Set(FileKind.allCases)
}

/// Builders for example files.
public enum ExampleText {
    /// A property list whose root dictionary holds `body` (lines indented by one tab).
    public static func dict(_ body: String) -> String {
        "<plist version=\"1.0\">\n<dict>\n" + body + "</dict>\n</plist>\n"
    }

    /// A small valid Info.plist.
    public static let validInfoPlist = dict("\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app</string>\n\t<key>CFBundleName</key>\n\t<string>Demo</string>\n")
}
