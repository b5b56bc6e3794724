// Converting property lists between binary and XML (issue #32): `plist-lsp convert`'s work, in
// process (bytes in, bytes out), against Python's plistlib (`loads` then `dumps`) on the same
// bytes in the same run (python3 spawned once per row, timing inside its own process); and the
// whole `plist-lsp convert` process against libplist's `plistutil`, with peak memory (issue #39). Inputs:
// the 2.6 MB real .xcuserstate of ../shared/l10n (binary, and its XML form) and the generated
// 10 MB Info.plist (XML, and its binary form).
import Foundation
import PlistFormats
import PlistSyntax

struct ConvertSection: BenchmarkSection {
    let id = "convert"
    let title = "Converting binary ↔ XML (plist-lsp convert) vs libplist's plistutil and Python's plistlib"

    static let xcuserstate = BenchData.repositoryRoot.deletingLastPathComponent()
        .appendingPathComponent(
            "shared/l10n/apps/anonaddy__addy-ios/addy.xcodeproj/project.xcworkspace/xcuserdata/stjin.xcuserdatad/UserInterfaceState.xcuserstate"
        )

    /// plistlib timing `loads` + `dumps` of a file: prints the median and p90 seconds.
    static let pythonScript = """
        plistlib, sys, time = (__import__("plistlib"), __import__("sys"), __import__("time"))  # (no line of a Swift file may start with "import": LayeringTests reads them)
        data = open(sys.argv[1], "rb").read()
        fmt = plistlib.FMT_BINARY if sys.argv[2] == "binary1" else plistlib.FMT_XML
        runs = int(sys.argv[3])
        def xml_form(v):  # plistlib writes no UID as XML: the CF$UID dictionary plutil writes
            if isinstance(v, plistlib.UID): return {"CF$UID": v.data}
            if isinstance(v, dict): return {k: xml_form(x) for k, x in v.items()}
            if isinstance(v, list): return [xml_form(x) for x in v]
            return v
        def once():
            v = plistlib.loads(data)
            if fmt == plistlib.FMT_XML: v = xml_form(v)
            return plistlib.dumps(v, fmt=fmt, sort_keys=False)
        once()
        times = []
        for _ in range(runs):
            t = time.perf_counter(); once(); times.append(time.perf_counter() - t)
        times.sort()
        print(times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.9))])
        """

    func run(_ context: BenchContext) {
        var inputs: [(name: String, bytes: [UInt8])] = []
        if let contents = FileManager.default.contents(atPath: Self.xcuserstate.path) {
            let binary = [UInt8](contents)
            inputs.append(("2.6 MB .xcuserstate (binary)", binary))
            if let xml = try? PropertyListFormat.xmlText(ofBinary: binary) { inputs.append(("the same as XML", xml)) }
        } else {
            print("(\(Self.xcuserstate.path) not found: the .xcuserstate rows are skipped)\n")
        }
        let generated = context.data.bytes(of: BenchData.files[2])
        inputs.append(("10 MB generated Info.plist (XML)", generated))
        if let value = try? PropertyListFormat.xml1.read(generated) {
            inputs.append(("the same as binary", BinaryPlistWriter.write(value)))
        }

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("plist-bench-convert-\(getpid())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = scratch.appendingPathComponent("plistlib_convert.py")
        try? Data(Self.pythonScript.utf8).write(to: script)

        // The whole `plist-lsp convert` process against libplist's `plistutil` (issue #39, point 11):
        // both started, reading the file and writing the other format to a file, timed alternately
        // (a change in load affects both), each with its peak resident memory.
        let plistutil = ["/usr/bin/plistutil", "/usr/local/bin/plistutil"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let binary = LSPBenchClient.binaryPath()
        if plistutil == nil { print("(plistutil not found: apt-get install libplist-utils; its columns are empty)\n") }
        if binary == nil { print("(\(LSPBenchClient.missingBinaryNote): the process columns are empty)\n") }

        var table = Table(
            "Input", "Size", "Conversion", "Runs", "in process p50", "plist-lsp convert p50", "peak", "plistutil p50", "peak",
            "convert vs plistutil", "plistlib p50", "in process vs plistlib")
        for (n, input) in inputs.enumerated() {
            let from = PropertyListFormat.detect(input.bytes)
            let to: PropertyListFormat = from == .binary1 ? .xml1 : .binary1
            let runs = context.iterations(full: 7, quick: 2)
            let ours = measure(warmups: 1, iterations: runs) {
                var bytes = input.bytes
                return ((try? to.converting(&bytes, from: from)) ?? []).count
            }
            let file = scratch.appendingPathComponent("input-\(n)")
            try? Data(input.bytes).write(to: file)
            let reference = Self.plistlib(script: script.path, file: file.path, to: to, runs: runs)
            let output = scratch.appendingPathComponent("output-\(n)").path
            var convertRuns: [ToolRun] = [], plistutilRuns: [ToolRun] = []
            for k in 0..<(runs + 1) {
                if let binary, let r = Self.run(binary, ["convert", "--to", to.rawValue, "-o", output, file.path]), r.status == 0, k > 0 {
                    convertRuns.append(r)
                }
                try? FileManager.default.removeItem(atPath: output)
                if let plistutil, let r = Self.run(plistutil, ["-i", file.path, "-o", output, "-f", to == .xml1 ? "xml" : "bin"]),
                    r.status == 0, k > 0
                {
                    plistutilRuns.append(r)
                }
                try? FileManager.default.removeItem(atPath: output)
            }
            func median(_ runs: [ToolRun]) -> Double? { runs.isEmpty ? nil : Sample(seconds: runs.map(\.seconds)).median }
            func peak(_ runs: [ToolRun]) -> String {
                runs.isEmpty ? "—" : String(format: "%.0f MiB", Double(runs.map(\.peakKiB).max()!) / 1024)
            }
            let convertMedian = median(convertRuns), plistutilMedian = median(plistutilRuns)
            table.add(
                input.name, String(format: "%.1f MB", Double(input.bytes.count) / 1_048_576), "\(from.rawValue) → \(to.rawValue)",
                "\(runs)",
                formatTime(ours.median), convertMedian.map(formatTime) ?? "—", peak(convertRuns),
                plistutilMedian.map(formatTime) ?? "—", peak(plistutilRuns),
                convertMedian.flatMap { c in plistutilMedian.map { formatRatio(c / $0) } } ?? "—",
                reference.map { formatTime($0.median) } ?? "—",
                reference.map { formatRatio(ours.median / $0.median) } ?? "—")
        }
        table.print()
        print(
            "(in process: what convert does with the bytes (`PropertyListFormat.converting`: binary → XML written straight from the file's objects), in memory; plist-lsp convert and plistutil: the whole process, the file read and the other format written to a file, peak = largest resident set of the runs (as /usr/bin/time reports it); plistlib: `loads`, UIDs made CF$UID dictionaries for XML, `dumps` with sort_keys=False, in its own process)\n"
        )
    }

    /// A run of `path` whose peak memory is its own: through `/usr/bin/time -f %M` when there is
    /// one. `wait4`'s peak of a child started by this process counts this process's resident set
    /// too (posix_spawn shares its memory until the exec, and Linux keeps that high-water mark),
    /// so that both tools showed plist-bench's own peak.
    static func run(_ path: String, _ arguments: [String]) -> ToolRun? {
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else { return ToolRun.run(path, arguments) }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("plist-bench-time-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        guard let r = ToolRun.run(time, ["-f", "%M", "-o", report, path] + arguments) else { return nil }
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        let peak = text.split(whereSeparator: \.isNewline).compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.last ?? 0
        return ToolRun(status: r.status, seconds: r.seconds, peakKiB: peak)
    }

    /// plistlib's median and p90 for the same conversion, or nil when python3 is not there.
    static func plistlib(script: String, file: String, to: PropertyListFormat, runs: Int) -> (median: Double, p90: Double)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, file, to.rawValue, "\(runs)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard process.terminationStatus == 0, numbers.count == 2 else {
            printError("plist-bench: plistlib failed on \(file)")
            return nil
        }
        return (numbers[0], numbers[1])
    }
}
