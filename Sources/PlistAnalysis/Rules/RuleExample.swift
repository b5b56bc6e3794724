// A rule's examples: the texts its documentation shows and its example test runs, with the source
// files and the project they may need.
import PlistSyntax
import XcodeProject

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
