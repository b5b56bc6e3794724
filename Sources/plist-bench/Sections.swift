// The benchmark sections, in print order. Add a section here: write a type conforming to
// `BenchmarkSection` in its own file (e.g. LSP round-trips, key-database load) and list it below.

/// One titled part of the report; `run` measures and prints its own table(s).
protocol BenchmarkSection: Sendable {
    /// Short name for `--only`, e.g. "parse".
    var id: String { get }
    /// The heading printed above the section.
    var title: String { get }
    func run(_ context: BenchContext)
}

/// Everything a section may use: the generated inputs and the run length.
struct BenchContext {
    let data: BenchData
    /// `--quick`: fewer iterations, for a smoke run (figures are noisier).
    let quick: Bool

    /// Picks the iteration count for the run length.
    func iterations(full: Int, quick quickCount: Int) -> Int { quick ? quickCount : full }
}

let allSections: [any BenchmarkSection] = [
    FullParseSection(),
    IncrementalReparseSection(),
    LSPRoundTripSection(),
    FloodSection(),
    KeyDatabaseLoadSection(),
    FeatureLatencySection(),
    TagEditingSection(),
    RenameSection(),
    FormattingSection(),
    SourceScanSection(),
    PipelineSection(),
    TargetsSection(),
    ProjectSection(),
    WorkspaceSection(),
    ConvertSection(),
    LocalizationSection(),
    AdminSection(),
]
