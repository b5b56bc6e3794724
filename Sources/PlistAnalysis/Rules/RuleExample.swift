// A rule's examples: the texts its documentation shows and its example test runs, with the source
// files and the project they may need. A triggering example marks where each of the rule's
// diagnostics starts with `↓` (SwiftLint's marker), and the example test checks those places.
import PlistSyntax
import XcodeProject
import SourceEvidence

/// A text a rule is tried on: the docs show it, the example test runs it.
public struct RuleExample: Sendable, Hashable {
    /// The marker written in an example where a diagnostic of the rule starts.
    public static let marker = "↓"

    /// The whole file (without markers).
    public var text: String
    /// Where the rule's diagnostics start in `text` (UTF-8 offsets), as the example marks them with
    /// `↓`; nil when it marks none (an example in the older form, checked only for firing).
    public var markers: [Int]?
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
    /// For the localization rules: the Info.plist a translation file translates, or the
    /// translation files beside an Info.plist, and the project's `knownRegions`; nil: none.
    public var translations: ExampleTranslations?

    public init(
        _ text: String, triggers: Bool, fixedText: String? = nil, path: String = "Info.plist", sources: [ExampleSource] = [],
        project: ExampleProject? = nil, translations: ExampleTranslations? = nil
    ) {
        self.project = project
        self.translations = translations
        (self.text, self.markers) = Self.removingMarkers(text)
        self.triggers = triggers
        self.fixedText = fixedText
        self.path = path
        self.sources = sources
    }

    /// An example that must trigger the rule, with the text after its preferred fix if it has one.
    /// For a localization rule: `infoPlist` is the Info.plist a translation file translates, `files`
    /// the translation files beside an Info.plist (path below the app's folder), `knownRegions` the
    /// project's. A fix of an Info.plist example edits a translation file, whose text `fixed` is.
    public static func triggering(
        _ text: String, fixed: String? = nil, path: String = "Info.plist", sources: [ExampleSource] = [],
        project: ExampleProject? = nil, infoPlist: String? = nil, files: [ExampleSource] = [],
        knownRegions: [String] = []
    ) -> RuleExample {
        RuleExample(
            text, triggers: true, fixedText: fixed, path: path, sources: sources, project: project,
            translations: ExampleTranslations(infoPlist: infoPlist, files: files, knownRegions: knownRegions))
    }

    /// An example that must not trigger the rule.
    public static func nonTriggering(
        _ text: String, path: String = "Info.plist", sources: [ExampleSource] = [],
        project: ExampleProject? = nil, infoPlist: String? = nil, files: [ExampleSource] = [],
        knownRegions: [String] = []
    ) -> RuleExample {
        RuleExample(
            text, triggers: false, path: path, sources: sources, project: project,
            translations: ExampleTranslations(infoPlist: infoPlist, files: files, knownRegions: knownRegions))
    }

    /// The text with `↓` where the rule's diagnostics start, as the example was written.
    public var markedText: String {
        guard let markers else { return text }
        var bytes = Array(text.utf8)
        for offset in markers.reversed() { bytes.insert(contentsOf: Self.marker.utf8, at: offset) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` without its `↓` markers, and where they stood (nil: none).
    static func removingMarkers(_ text: String) -> (String, [Int]?) {
        guard text.contains(Self.marker) else { return (text, nil) }
        let marker = Array(Self.marker.utf8)
        var bytes: [UInt8] = [], markers: [Int] = []
        let source = Array(text.utf8)
        var i = 0
        while i < source.count {
            if source[i] == marker[0], i + marker.count <= source.count, Array(source[i..<i + marker.count]) == marker {
                markers.append(bytes.count)
                i += marker.count
            } else {
                bytes.append(source[i])
                i += 1
            }
        }
        return (String(decoding: bytes, as: UTF8.self), markers)
    }

    /// The project input of `project` for the example's file.
    public var projectInput: ProjectInput? {
        project?.input(role: FileKind.detect(path: path, document: nil) == .entitlements ? .entitlements : .infoPlist)
    }

    /// The source evidence of `sources` (nil when there are none: the analysis then has no evidence).
    public var evidence: SourceEvidence? {
        sources.isEmpty ? nil : SourceEvidence.scanning(root: "/project", files: sources.map { ($0.path, $0.text) })
    }
}

/// The translations around a localization rule's example.
public struct ExampleTranslations: Sendable, Hashable {
    /// The Info.plist a translation file translates (nil: none found).
    public var infoPlist: String?
    /// The translation files beside an Info.plist, path below the app's folder and text.
    public var files: [ExampleSource]
    /// The project's `knownRegions` (empty: no project).
    public var knownRegions: [String]

    /// nil when there is nothing: an example without translations.
    init?(infoPlist: String?, files: [ExampleSource], knownRegions: [String]) {
        guard infoPlist != nil || !files.isEmpty || !knownRegions.isEmpty else { return nil }
        self.infoPlist = infoPlist
        self.files = files
        self.knownRegions = knownRegions
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
