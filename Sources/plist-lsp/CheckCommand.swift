// `plist-lsp check`: report problems in plist files the way compilers print them.
import ArgumentParser
import Foundation
import PlistAnalysis
import PlistSyntax

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check plist files and print their problems.",
        discussion: """
            Prints one line per problem: PATH:LINE:COLUMN: error|warning|note: MESSAGE [RULE-ID]
            Lines and columns are 1-based; a column counts UTF-8 bytes from the start of its line,
            as clang and swiftc do. A directory is searched for *.plist, *.entitlements and *.xcprivacy.
            Exit status: 0 no errors, 1 errors found, 2 usage or I/O error.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Argument(help: "Files or directories to check.")
    var paths: [String]

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one file or directory") }
    }

    func run() throws {
        var ioError = false
        var errors = 0, warnings = 0
        var reports: [FileReport] = []
        for path in paths {
            let files: [String]
            do { files = try expand(path) } catch {
                FileHandle.standardError.write(Data("plist-lsp: \(path): \(error.localizedDescription)\n".utf8))
                ioError = true
                continue
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("plist-lsp: \(file): cannot read the file\n".utf8))
                    ioError = true
                    continue
                }
                let (text, diagnostics) = Analyzer.diagnostics(forFileBytes: [UInt8](data), path: file)
                let report = FileReport(path: file, text: text, diagnostics: diagnostics)
                errors += diagnostics.filter { $0.severity == .error }.count
                warnings += diagnostics.filter { $0.severity == .warning }.count
                reports.append(report)
                if format == .text { print(report.textLines(), terminator: "") }
            }
        }
        if format == .json {
            let object: [String: Any] = [
                "version": 1,
                "files": reports.map { $0.json() },
                "summary": ["files": reports.count, "errors": errors, "warnings": warnings],
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        }
        if ioError { throw ExitCode(2) }
        if errors > 0 { throw ExitCode(1) }
    }

    /// A file, or the plist files below a directory (sorted, hidden folders and build folders skipped).
    func expand(_ path: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no such file or directory"])
        }
        guard isDirectory.boolValue else { return [path] }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var out: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name == "DerivedData" { walker.skipDescendants(); continue }
            if name.hasSuffix(".plist") || name.hasSuffix(".entitlements") || name.hasSuffix(".xcprivacy") {
                out.append((path as NSString).appendingPathComponent(relative))
            }
        }
        return out.sorted()
    }
}

/// The problems of one file with their positions.
struct FileReport {
    let path: String
    let text: [UInt8]
    let diagnostics: [Diagnostic]

    func location(_ offset: Int, _ index: LineIndex) -> (line: Int, column: Int) {
        let p = index.position(of: offset, in: .utf8)
        return (p.line + 1, p.character + 1)
    }

    func textLines() -> String {
        let index = LineIndex(text)
        var out = ""
        for d in diagnostics {
            let (line, column) = location(d.range.lowerBound, index)
            let level = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "note"
            out += "\(path):\(line):\(column): \(level): \(d.message) [\(d.code)]\n"
        }
        return out
    }

    func json() -> [String: Any] {
        let index = LineIndex(text)
        return [
            "path": path,
            "problems": diagnostics.map { d -> [String: Any] in
                let (line, column) = location(d.range.lowerBound, index)
                let (endLine, endColumn) = location(d.range.upperBound, index)
                return ["line": line, "column": column, "endLine": endLine, "endColumn": endColumn,
                        "severity": d.severity.rawValue, "code": d.code, "message": d.message]
            },
        ]
    }
}
