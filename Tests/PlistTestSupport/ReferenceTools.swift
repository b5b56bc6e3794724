// The reference implementations the conversion tests compare against (issue #39): Python's
// plistlib (python3) and libplist's `plistutil` (apt libplist-utils, installed by .ci/run).
// A test that needs one skips with a note when it is absent, and fails under CI=true.
import Foundation
import Testing

public enum ReferenceTools {
    public static func find(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    public static let python3 = find("python3")
    public static let plistutil = find("plistutil")
    public static let xmllint = find("xmllint")

    public static var runPlistlibTests: Bool { python3 != nil || SharedData.isCI }
    public static let plistlibSkipNote: Comment = "needs python3 (plistlib is the reference); under CI=true its absence fails the test"
    public static var runPlistutilTests: Bool { plistutil != nil || SharedData.isCI }
    public static let plistutilSkipNote: Comment =
        "needs libplist's plistutil (apt libplist-utils, which .ci/run installs); under CI=true its absence fails the test"

    public static var runXMLReferenceTests: Bool { (python3 != nil && xmllint != nil) || SharedData.isCI }
    public static let xmlReferenceSkipNote: Comment =
        "needs python3 (plistlib) and libxml2's xmllint (apt libxml2-utils, which .ci/run installs); under CI=true their absence fails the test"

    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `executable` with `arguments`, standard input from `input`; its standard output, or
    /// `Failed` (with its standard error) when it exits non-zero.
    public static func run(_ executable: String, _ arguments: [String], input: [UInt8] = []) throws -> [UInt8] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("plist-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputFile = scratch.appendingPathComponent("in"), errorFile = scratch.appendingPathComponent("err")
        try Data(input).write(to: inputFile)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdout = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let output = readAll(stdout.fileHandleForReading)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errorText = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw Failed(
                description:
                    "\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(errorText.prefix(4000))")
        }
        return [UInt8](output)
    }
}
