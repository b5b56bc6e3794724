// The contributor's fast loop: `PLIST_LSP_FAST_TESTS=1 swift test` runs everything but the suites
// that drive real editors or walk a whole shared data set. `swift test` alone is still every test.
import Foundation
import Testing

extension Tag {
    /// Drives a real editor (Neovim, Emacs, VS Code's extension host) through a terminal or a
    /// headless run: seconds per case.
    @Tag public static var realEditor: Self
    /// Walks a whole shared data set (the corpus, every translation, every project, every admin
    /// file) or a large generated one: the suites that prove "no false error on any real file".
    @Tag public static var wholeCorpus: Self
}

/// Whether this run is the fast loop (`PLIST_LSP_FAST_TESTS=1`).
public enum FastLoop {
    /// True when `PLIST_LSP_FAST_TESTS` is `1` or `true`. Never set by CI: `.ci/run` runs it all.
    public static let active: Bool = {
        let value = ProcessInfo.processInfo.environment["PLIST_LSP_FAST_TESTS"]?.lowercased() ?? ""
        return value == "1" || value == "true"
    }()
    /// Whether a suite tagged `.realEditor` or `.wholeCorpus` runs: always, except in the fast loop.
    public static var runSlowSuites: Bool { !active }
    /// The note such a suite prints when the fast loop leaves it out.
    public static let skipNote: Comment =
        "left out of the fast loop (PLIST_LSP_FAST_TESTS=1): drives a real editor or walks a whole data set; `swift test` runs it"
}

/// Tests that must not share their process with the rest of the suite (they hold the whole
/// cooperative pool, or signal the process): `swift test` skips them with a note, and `.ci/run` runs
/// them afterwards in a process of their own with `PLIST_LSP_EXCLUSIVE_TESTS=1`.
public enum ExclusiveTests {
    public static let runsAlone = ProcessInfo.processInfo.environment["PLIST_LSP_EXCLUSIVE_TESTS"] == "1"
    public static let filter = "DaemonSessionsTests|ProcessSignalTests"

    public static func skipNote(for reason: String) -> Comment {
        Comment(rawValue: "\(reason), so runs alone: PLIST_LSP_EXCLUSIVE_TESTS=1 swift test --filter '\(filter)'")
    }
}
