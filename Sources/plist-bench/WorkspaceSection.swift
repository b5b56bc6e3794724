// The whole workspace (docs/contributing/server.md, "Workspace"): `workspace/diagnostic` over the largest real
// project of ../shared/projects (copied to a temporary folder: an .xcconfig is changed), by the
// plist-lsp binary as an editor drives it — the first answer of a fresh server (start, read the
// projects, scan the sources, analyse every plist), the same request again with every result id
// (all unchanged), and the refresh after an .xcconfig change (didChangeWatchedFiles → the server's
// workspace/diagnostic/refresh → the answer) — against a cold `plist-lsp check --project DIR DIR`
// of the same project in the same run (the folder named twice: every plist below it, with the
// projects' settings, as the workspace reports cover).
import Foundation

struct WorkspaceSection: BenchmarkSection {
    let id = "workspace"
    let title = "Workspace diagnostics: every plist of the largest real project, against check --project"

    func run(_ context: BenchContext) {
        guard let binary = LSPBenchClient.binaryOrSkip() else { return }
        let projects = BenchData.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/projects")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: projects.path))?.filter { !$0.contains(".") } ?? []
        guard !folders.isEmpty else {
            print("../shared/projects not found: nothing to measure")
            return
        }
        // The largest: the most project.pbxproj bytes (as the `project` section chooses).
        func pbxprojBytes(_ folder: String) -> Int {
            let enumerator = FileManager.default.enumerator(atPath: projects.appendingPathComponent(folder).path)
            var total = 0
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix("project.pbxproj") else { continue }
                total +=
                    (try? FileManager.default.attributesOfItem(
                        atPath: projects.appendingPathComponent(folder).appendingPathComponent(path).path)[.size] as? Int) ?? 0
            }
            return total
        }
        let largest = folders.max { pbxprojBytes($0) < pbxprojBytes($1) }!
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("plist-bench-workspace-\(UUID().uuidString)")
        let root = temporary.appendingPathComponent(largest)
        defer { try? FileManager.default.removeItem(at: temporary) }
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: projects.appendingPathComponent(largest), to: root)
        } catch {
            print("could not copy \(largest): \(error)")
            return
        }
        let xcconfigs = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix(".xcconfig")
        }.sorted()
        guard let xcconfig = xcconfigs.first(where: { $0.hasSuffix("Common.xcconfig") }) ?? xcconfigs.first else {
            print("\(largest) has no .xcconfig: nothing to change")
            return
        }
        let xcconfigURL = root.appendingPathComponent(xcconfig)
        let original = (try? Data(contentsOf: xcconfigURL)) ?? Data()
        let rootURI = root.absoluteURL.absoluteString
        let capabilities: [String: Any] = [
            "textDocument": ["diagnostic": [String: Any]()],
            "workspace": ["diagnostics": ["refreshSupport": true], "didChangeWatchedFiles": ["dynamicRegistration": true]],
        ]
        let iterations = context.iterations(full: 10, quick: 3)

        var reports = 0
        var cold: [Double] = [], repeated: [Double] = [], afterChange: [Double] = [], check: [Double] = []
        var unchangedAfter = 0
        let clock = ContinuousClock()
        do {
            for iteration in 0..<(iterations + 1) {
                // Alternately: the tool's cold run, then the server's.
                guard let run = ToolRun.run(binary, ["check", "--project", root.path, root.path]) else {
                    print("could not run \(binary)"); return
                }
                let start = clock.now
                let client = try LSPBenchClient(binary: binary)
                try client.initialize(capabilities: capabilities, rootUri: rootURI)
                let first = try client.request("workspace/diagnostic", ["previousResultIds": [Any]()])
                let coldTime = (clock.now - start).seconds
                let items = ((first["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
                reports = items.count
                let previous = items.compactMap { item -> [String: Any]? in
                    guard let uri = item["uri"] as? String, let id = item["resultId"] as? String else { return nil }
                    return ["uri": uri, "value": id]
                }
                let again = clock.now
                _ = try client.request("workspace/diagnostic", ["previousResultIds": previous])
                let repeatTime = (clock.now - again).seconds

                // An .xcconfig changes (a setting no plist reads): the projects are read again,
                // the client is asked to refresh, and every report is checked again.
                try (original + Data("\nPLIST_BENCH_CHANGE_\(iteration) = 1\n".utf8)).write(to: xcconfigURL)
                let changed = clock.now
                try client.notify(
                    "workspace/didChangeWatchedFiles", ["changes": [["uri": xcconfigURL.absoluteURL.absoluteString, "type": 2]]])
                try client.waitFor(method: "workspace/diagnostic/refresh")
                let refreshed = try client.request("workspace/diagnostic", ["previousResultIds": previous])
                let changeTime = (clock.now - changed).seconds
                let after = ((refreshed["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
                unchangedAfter = after.filter { $0["kind"] as? String == "unchanged" }.count
                try client.shutdown()
                if iteration == 0 { continue }  // warm-up
                check.append(run.seconds)
                cold.append(coldTime)
                repeated.append(repeatTime)
                afterChange.append(changeTime)
            }
        } catch {
            print("the server failed: \(error)")
            return
        }
        try? original.write(to: xcconfigURL)
        let coldSample = Sample(seconds: cold), checkSample = Sample(seconds: check)
        print("\(largest): \(reports) reports; changed \(xcconfig)\n")
        var table = Table("Operation", "Median", "p90")
        table.add("Fresh server: start, initialize, first workspace/diagnostic", formatTime(coldSample.median), formatTime(coldSample.p90))
        table.add(
            "workspace/diagnostic again, every result id sent (all unchanged)", formatTime(Sample(seconds: repeated).median),
            formatTime(Sample(seconds: repeated).p90))
        table.add(
            "After an .xcconfig change: didChangeWatchedFiles → refresh → answer", formatTime(Sample(seconds: afterChange).median),
            formatTime(Sample(seconds: afterChange).p90))
        table.add(
            "Reference: cold plist-lsp check --project DIR DIR (whole process)", formatTime(checkSample.median), formatTime(checkSample.p90)
        )
        table.print()
        print("\nfresh server's first answer / cold check --project: \(formatRatio(coldSample.median / checkSample.median))")
        print("after the change: \(unchangedAfter) of \(reports) reports unchanged (the setting is read by no plist)")
    }
}
