// Loading what every analysis reads (the bundled key database and the tables derived from it)
// ahead of the first analysis: the server does it on a thread of its own after answering
// `initialize`, so that the answer does not wait for it (docs/contributing/performance.md).
import PlistSchema

extension Analyzer {
    /// Loads the bundled key database and the schema tables the rules derive from it, unless they
    /// are loaded already. They are lazy globals, initialised once under a lock: a caller that
    /// needs one while this runs waits for this load rather than starting a second one.
    public static func loadSharedTables() {
        _ = SchemaPaths.shared  // reads KeyDatabase.shared first
    }
}
