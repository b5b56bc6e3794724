// Runs the built plist-lsp executable, as a user or an editor would.
import Foundation
import PlistTestSupport
import Testing

enum Binary {
    /// The executable next to this test bundle (or $PLIST_LSP_BINARY).
    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["PLIST_LSP_BINARY"] { return URL(fileURLWithPath: path) }
        let me = URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var dir = me.deletingLastPathComponent()
        // On macOS the tests run inside a .xctest bundle.
        while dir.path.contains(".xctest") { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("plist-lsp")
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs plist-lsp with arguments and waits for it to exit (`environment`: variables set on
    /// top of the test's own).
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw BinaryMissing(path: url.path)
        }
        return try run(executable: url, arguments, in: directory, environment: environment)
    }

    /// Runs plist-lsp with its stdout and stderr on one descriptor, as `> out 2>&1` does: a pipe,
    /// or the file `file` when given. Returns the exit status and everything written, in order.
    static func runMerged(_ arguments: [String], into file: URL? = nil) throws -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw BinaryMissing(path: url.path)
        }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        if let file {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: try Data(contentsOf: file), as: UTF8.self))
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = readAll(pipe.fileHandleForReading)
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs any executable (with no input) and waits for it to exit, its output collected.
    static func run(executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Result
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes fully before waiting so a large output cannot block the child.
        let (outData, errData) = readAll(output: out.fileHandleForReading, error: err.fileHandleForReading)
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    struct BinaryMissing: Error, CustomStringConvertible {
        let path: String
        var description: String { "plist-lsp is not built at \(path) (run swift build)" }
    }
}

/// A temporary directory removed when the value is released.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func write(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file
    }
    func write(_ name: String, _ text: String) throws -> URL { try write(name, Array(text.utf8)) }
    deinit { try? FileManager.default.removeItem(at: url) }
}
