// The privacy source scan (docs/source-evidence.md): a deterministic 100,000-line tree of Swift and
// Objective-C (with a Pods/ folder) is generated in a temporary folder and scanned as the server and
// `check` scan it (walk, read, token scan, evidence), against `grep -r -c` reading the same tree in
// the same run. The target is ≤ 1 s for the full scan.
import Foundation
import PlistAnalysis
import PlistLanguageServer

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
        let (scan, reference) = measureAlternately(warmups: 1, iterations: iterations, {
            let sources = SourceTree(root: root.path)
            sources.scan()
            needs = sources.evidence?.needs.count ?? 0
            return sources.fileCount
        }, {
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

        print("\(tree.files.count) files, \(tree.lines) lines, \(String(format: "%.1f", Double(tree.bytes) / 1e6)) MB in \(root.path); \(needs) needs found\n")
        var table = Table("Operation", "Median", "p90", "MB/s", "Target")
        table.add("Full scan (walk, read, scan, evidence)", formatTime(scan.median), formatTime(scan.p90),
                  formatThroughput(bytes: tree.bytes, seconds: scan.median), "≤ 1 s")
        if grep != nil {
            table.add("Reference: grep -r -c -E on the same tree", formatTime(reference.median), formatTime(reference.p90),
                      formatThroughput(bytes: tree.bytes, seconds: reference.median), "")
        }
        table.add("Rescan after a save (nothing changed)", formatTime(rescan.median), formatTime(rescan.p90), "", "")
        table.add("Token scan only (text in memory)", formatTime(scanOnly.median), formatTime(scanOnly.p90),
                  formatThroughput(bytes: tree.bytes, seconds: scanOnly.median), "")
        table.print()
        if grep != nil { print("\nfull scan / grep: \(formatRatio(scan.median / reference.median))") } else { print("\n(no grep found: no reference)") }
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
            let text = objc ? objectiveC(n, lines: count, &random) : swift(n, lines: count, &random)
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

    static func swift(_ n: Int, lines: Int, _ random: inout SplitMix) -> String {
        file("import Foundation\n", lines: lines, &random) { pick, line in
            switch pick {
            case 0: return "    let flag\(line) = UserDefaults.standard.bool(forKey: \"flag\(line)\")"
            case 1: return "    // UserDefaults would be simpler, but the value lives in the keychain."
            case 2: return "    let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date"
            case 3: return "    let label = \"stat(path) is not called here: \\(count) items\""
            case 4...12: return "    /* Work out the layout for item \(line). */ let width\(line) = bounds.width * 0.5"
            case 13...25: return "    func render\(n)_\(line)(_ item: Item, into context: inout RenderContext) { context.draw(item.title, at: item.frame) }"
            default: return "    guard let value = cache[key], value.isValid else { return nil }"
            }
        }
    }

    static func objectiveC(_ n: Int, lines: Int, _ random: inout SplitMix) -> String {
        file("#import <Foundation/Foundation.h>\n", lines: lines, &random) { pick, line in
            switch pick {
            case 0: return "    [[NSUserDefaults standardUserDefaults] setBool:YES forKey:@\"seen\(line)\"];"
            case 1: return "    struct stat info; if (stat(path.fileSystemRepresentation, &info) == 0) { size += info.st_size; }"
            case 2: return "    NSLog(@\"requestAccess is not called here: %@\", name);"
            case 3...14: return "    // Keep the frame of view \(line) in sync with its model."
            case 15...27: return "    CGRect frame\(line) = CGRectMake(0, 0, self.bounds.size.width, 44.0 * \(line % 9));"
            default: return "    if (self.items.count > \(line % 17)) { [self.tableView reloadData]; }"
            }
        }
    }

    /// `header` and then `lines - 1` lines, each chosen by `line(pick, number)` with a pick in 0..<40.
    static func file(_ header: String, lines: Int, _ random: inout SplitMix, _ line: (UInt64, Int) -> String) -> String {
        var out = header
        for number in 1..<max(1, lines) { out += line(random.next() % 40, number) + "\n" }
        return out
    }
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
