// The code follows the repository's `.swift-format` configuration (docs/contributing/README.md).
import Foundation
import PlistTestSupport
import Testing

@Suite struct FormattingTests {
    /// `swift format lint --strict` (the toolchain's swift-format) finds nothing in the package's
    /// Swift files: a line over the configured length, a wrong indentation or a rule the
    /// configuration enables fails here with the file and line.
    @Test func theCodeFollowsTheFormatterConfiguration() async throws {
        let root = SharedData.repositoryRoot
        let (status, output) = try await onOwnThread { () throws -> (Int32, String) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "swift", "format", "lint", "--strict", "--parallel", "--configuration", ".swift-format",
                "--recursive", "Sources", "Tests", "Package.swift",
            ]
            process.currentDirectoryURL = root
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let (output, error) = readAll(output: out.fileHandleForReading, error: err.fileHandleForReading)
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output + error, as: UTF8.self))
        }
        #expect(status == 0, "swift format lint --strict found:\n\(output.prefix(8000))")
    }
}
