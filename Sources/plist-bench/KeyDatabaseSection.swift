// Loading the key database (read the bundled keys.json, decode, index): it happens once per
// server start, and the target is ≤ 10 ms in a release build.
import PlistSchema

struct KeyDatabaseLoadSection: BenchmarkSection {
    let id = "keys"
    let title = "Key database load (read + decode + index of keys.json)"

    func run(_ context: BenchContext) {
        let sample = measure(warmups: 2, iterations: context.iterations(full: 40, quick: 5)) {
            (try? KeyDatabase.loadBundled()) == nil ? 0 : 1
        }
        let entries = (try? KeyDatabase.loadBundled())?.sortedDefinitions().count ?? 0
        var table = Table("Entries", "Runs", "Median", "p90", "Target")
        table.add("\(entries)", "\(sample.seconds.count)", formatTime(sample.median), formatTime(sample.p90), "≤ 10 ms")
        table.print()
    }
}
