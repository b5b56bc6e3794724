// What a document's diagnostics read besides its text, by generation: the one key of a snapshot's
// analysis cache, of the workspace reports' cache and of the pull diagnostics' result ids.
import PlistWorkspace

/// The generations of every input a document's analysis reads besides its text: the settings, the
/// source evidence, the projects (build settings, targets) and the translations. Each goes up
/// when what it stands for changes, so two analyses of one text with equal inputs are equal.
///
/// Made in one place (`init(configuration:evidence:project:)`) for the three caches that must
/// agree: a snapshot's analysis (`DocumentSnapshot.analysisDiagnostics`), a workspace report
/// (`WorkspaceDiagnostics`) and a pulled report's `resultId` (`PullDiagnosticsFeature`). An input
/// left out of one of them answers `unchanged` while the findings changed (issue #40, point 3).
struct AnalysisInputs: Hashable, Sendable {
    var configuration: Int
    var evidence: Int
    var project: Int
    var translations: Int

    /// The inputs of an analysis under `configuration` with this evidence and project, and the
    /// translations as the session's `LocalizationSetCache` now has them.
    init(
        configuration: ServerConfiguration, evidence: SourceEvidenceInput, project: ProjectInputValue,
        translations: LocalizationSetCache
    ) {
        self.configuration = configuration.generation
        self.evidence = evidence.generation
        self.project = project.generation
        self.translations = translations.generation
    }

    /// The `resultId` of a pulled report of the content numbered `content` (a snapshot's id)
    /// analysed with these inputs.
    func resultID(content: Int) -> String {
        "\(content).\(configuration).\(evidence).\(project).\(translations)"
    }
}
