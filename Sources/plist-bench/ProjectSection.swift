// Project awareness (docs/project-awareness.md): reading the largest real project of
// ../shared/projects (Quicksilver: four project.pbxproj, the largest 600 KB, and its .xcconfig
// chain) as the server does on start (discover, read, resolve, index the plists its targets use),
// against Foundation's PropertyListSerialization reading the same pbxproj files in the same run;
// the memory the index holds, from the resident set before and after building it.
import Foundation
import PlistLanguageServer
import PlistSyntax
import XcodeProject

struct ProjectSection: BenchmarkSection {
    let id = "project"
    let title = "Project awareness: reading the largest real project (../shared/projects)"

    func run(_ context: BenchContext) {
        let projects = BenchData.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/projects")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: projects.path))?.filter { !$0.contains(".") } ?? []
        guard !folders.isEmpty else {
            print("../shared/projects not found: nothing to measure")
            return
        }
        let fileSystem = DiskProjectFileSystem()
        let loader = ProjectLoader(fileSystem: fileSystem)
        // The largest: the most pbxproj bytes.
        func pbxprojBytes(_ folder: String) -> Int {
            loader.discover(in: projects.appendingPathComponent(folder).path).reduce(0) { $0 + (fileSystem.contents(of: $1)?.count ?? 0) }
        }
        let largest = folders.max { pbxprojBytes($0) < pbxprojBytes($1) }!
        let root = projects.appendingPathComponent(largest).path
        let files = loader.discover(in: root)
        let bytes = files.reduce(0) { $0 + (fileSystem.contents(of: $1)?.count ?? 0) }
        let iterations = context.iterations(full: 20, quick: 5)
        // Memory: the resident set before and after the first load in this process, with the index
        // kept alive (what the server holds for the workspace, plus what reading it left allocated).
        let before = residentBytes()
        let kept = ProjectIndex(projects: loader.loadAll(in: root), fileSystem: fileSystem)
        let after = residentBytes()
        let assignments = kept.projects.reduce(0) {
            $0 + $1.targets.reduce(0) { $0 + $1.configurations.reduce(0) { $0 + $1.layers.reduce(0) { $0 + $1.assignments.count } } }
        }

        var targets = 0, plists = 0
        let (full, reference) = measureAlternately(
            warmups: 2, iterations: iterations,
            {
                let models = loader.loadAll(in: root)
                let index = ProjectIndex(projects: models, fileSystem: fileSystem)
                targets = models.reduce(0) { $0 + $1.targets.count }
                plists = index.plists.count
                return plists
            },
            {
                var n = 0
                for file in files where file.hasSuffix(".pbxproj") {
                    if let data = FileManager.default.contents(atPath: file),
                        let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any]
                    {
                        n += (plist["objects"] as? [String: Any])?.count ?? 0
                    }
                }
                return n
            })
        let readOnly = measure(warmups: 1, iterations: iterations) {
            files.filter { $0.hasSuffix(".pbxproj") }.reduce(0) {
                $0 + OpenStepDocument(text: fileSystem.contents(of: $1) ?? []).problems.count
            }
        }
        let models = kept.projects.count

        print(
            "\(largest): \(models) projects (\(files.count) project files, \(String(format: "%.0f", Double(bytes) / 1024)) KB), \(targets) targets, \(plists) plists used\n"
        )
        var table = Table("Operation", "Median", "p90", "MB/s", "Target")
        table.add(
            "Discover, read, resolve and index (what the server does)", formatTime(full.median), formatTime(full.p90),
            formatThroughput(bytes: bytes, seconds: full.median), "≤ 250 ms")
        table.add(
            "OpenStep reader alone on the pbxproj files", formatTime(readOnly.median), formatTime(readOnly.p90),
            formatThroughput(bytes: bytes, seconds: readOnly.median), "")
        table.add(
            "Reference: PropertyListSerialization on the pbxproj files", formatTime(reference.median), formatTime(reference.p90),
            formatThroughput(bytes: bytes, seconds: reference.median), "")
        table.print()
        print("\nfull load / PropertyListSerialization: \(formatRatio(full.median / reference.median))")
        print(
            "first load: resident set \(String(format: "%.1f", Double(before) / 1e6)) → \(String(format: "%.1f", Double(after) / 1e6)) MB (+\(String(format: "%.1f", Double(max(0, after - before)) / 1e6)) MB) with the index kept: \(assignments) setting assignments over every target and configuration"
        )
    }

    /// The process's resident set size, from /proc/self/statm (0 where there is none).
    func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
