// The privacy source scan (docs/source-evidence.md): a deterministic 100,000-line tree of Swift and
// Objective-C (with a Pods/ folder) is generated in a temporary folder and scanned as the server and
// `check` scan it (walk, read, token scan, evidence), against `grep -r -c` reading the same tree in
// the same run. The target is ≤ 1 s for the full scan.
import Foundation
import PlistAnalysis
import SourceEvidence
import PlistWorkspace

struct SourceScanSection: BenchmarkSection {
    let id = "sources"
    let title = "Source scan for privacy evidence (100,000 lines of Swift and Objective-C)"

    func run(_ context: BenchContext) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plist-bench-sources-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let tree: GeneratedTree
        do { tree = try GeneratedTree.write(to: root, lines: 100_000) } catch {
            print("could not write the source tree: \(error)")
            return
        }
        let iterations = context.iterations(full: 10, quick: 3)

        // Every run builds a new SourceTree, so every file is read and scanned again.
        var needs = 0
        let grep = ["/usr/bin/grep", "/bin/grep"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let (scan, reference) = measureAlternately(
            warmups: 1, iterations: iterations,
            {
                let sources = SourceTree(root: root.path)
                sources.scan()
                needs = sources.evidence?.needs.count ?? 0
                return sources.fileCount
            },
            {
                guard let grep else { return 0 }
                return Int(ToolRun.run(grep, ["-r", "-c", "-E", "UserDefaults|stat\\(|requestAccess", root.path])?.status ?? -1)
            })
        // A rescan after a save: every file is stat'ed, none is read again.
        let warm = SourceTree(root: root.path)
        warm.scan()
        let rescan = measure(warmups: 1, iterations: iterations) { warm.scan() ? 1 : 0 }
        // The token scan alone, on text already in memory.
        let texts = tree.files.map { (Array($0.text.utf8), SourceLanguage(path: $0.path)!) }
        let scanOnly = measure(warmups: 1, iterations: iterations) {
            texts.reduce(0) { $0 + SourceScanner.shared.scan($1.0, language: $1.1).count }
        }

        print(
            "\(tree.files.count) files, \(tree.lines) lines, \(String(format: "%.1f", Double(tree.bytes) / 1e6)) MB in \(root.path); \(needs) needs found\n"
        )
        var table = Table("Operation", "Median", "p90", "MB/s", "Target")
        table.add(
            "Full scan (walk, read, scan, evidence)", formatTime(scan.median), formatTime(scan.p90),
            formatThroughput(bytes: tree.bytes, seconds: scan.median), "≤ 1 s")
        if grep != nil {
            table.add(
                "Reference: grep -r -c -E on the same tree", formatTime(reference.median), formatTime(reference.p90),
                formatThroughput(bytes: tree.bytes, seconds: reference.median), "")
        }
        table.add("Rescan after a save (nothing changed)", formatTime(rescan.median), formatTime(rescan.p90), "", "")
        table.add(
            "Token scan only (text in memory)", formatTime(scanOnly.median), formatTime(scanOnly.p90),
            formatThroughput(bytes: tree.bytes, seconds: scanOnly.median), "")
        table.print()
        if grep != nil {
            print("\nfull scan / grep: \(formatRatio(scan.median / reference.median))")
        } else {
            print("\n(no grep found: no reference)")
        }
    }
}

/// A deterministic source tree: app code in folders of Swift and Objective-C files, and a Pods/
/// folder, with comments, strings and, now and then, a call the scan looks for.
struct GeneratedTree {
    var files: [(path: String, text: String)] = []
    var lines = 0
    var bytes = 0

    static func write(to root: URL, lines total: Int) throws -> GeneratedTree {
        var tree = GeneratedTree()
        var random = SplitMix(seed: 14)
        var n = 0
        while tree.lines < total {
            let objc = n % 5 >= 3
            let folder = n % 7 == 6 ? "Pods/Vendor\(n % 3)/Classes" : "App/Feature\(n % 12)"
            let name = objc ? "Thing\(n).m" : "Thing\(n).swift"
            let count = min(200 + Int(random.next() % 100), total - tree.lines)
            let text = (objc ? objectiveC : swift).file(n, lines: count, &random)
            tree.files.append(("\(folder)/\(name)", text))
            tree.lines += count
            tree.bytes += text.utf8.count
            n += 1
        }
        for file in tree.files {
            let url = root.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url)
        }
        return tree
    }

    /// What a generated file holds: its first line, then lines each picked at random, a row
    /// standing for `share` of 40 picks (the shares add up to 40) and made from the file's and
    /// the line's numbers.
    struct LineMix {
        let header: String
        let rows: [(share: Int, line: @Sendable (_ file: Int, _ line: Int) -> String)]

        /// File `n`: `header` and then `lines - 1` lines, each chosen by a pick in 0..<40.
        func file(_ n: Int, lines: Int, _ random: inout SplitMix) -> String {
            var out = header
            for number in 1..<max(1, lines) { out += line(n, number, pick: Int(random.next() % 40)) + "\n" }
            return out
        }

        private func line(_ n: Int, _ number: Int, pick: Int) -> String {
            var rest = pick
            for row in rows {
                if rest < row.share { return row.line(n, number) }
                rest -= row.share
            }
            preconditionFailure("the shares of a LineMix add up to less than 40")
        }
    }

    static let swift = LineMix(
        header: "import Foundation\n",
        rows: [
            (1, { _, line in "    let flag\(line) = UserDefaults.standard.bool(forKey: \"flag\(line)\")" }),
            (1, { _, _ in "    // UserDefaults would be simpler, but the value lives in the keychain." }),
            (1, { _, _ in "    let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date" }),
            (1, { _, _ in "    let label = \"stat(path) is not called here: \\(count) items\"" }),
            (9, { _, line in "    /* Work out the layout for item \(line). */ let width\(line) = bounds.width * 0.5" }),
            (
                13,
                { n, line in
                    "    func render\(n)_\(line)(_ item: Item, into context: inout RenderContext) { context.draw(item.title, at: item.frame) }"
                }
            ),
            (14, { _, _ in "    guard let value = cache[key], value.isValid else { return nil }" }),
        ])

    static let objectiveC = LineMix(
        header: "#import <Foundation/Foundation.h>\n",
        rows: [
            (1, { _, line in "    [[NSUserDefaults standardUserDefaults] setBool:YES forKey:@\"seen\(line)\"];" }),
            (1, { _, _ in "    struct stat info; if (stat(path.fileSystemRepresentation, &info) == 0) { size += info.st_size; }" }),
            (1, { _, _ in "    NSLog(@\"requestAccess is not called here: %@\", name);" }),
            (12, { _, line in "    // Keep the frame of view \(line) in sync with its model." }),
            (13, { _, line in "    CGRect frame\(line) = CGRectMake(0, 0, self.bounds.size.width, 44.0 * \(line % 9));" }),
            (12, { _, line in "    if (self.items.count > \(line % 17)) { [self.tableView reloadData]; }" }),
        ])
}

/// A small deterministic random generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
