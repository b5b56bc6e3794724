// The documented install: `make install PREFIX=…` puts a working plist-lsp in PREFIX/bin, and the
// Homebrew formula names the version `--version` prints and builds with that install target.
import Foundation
import Testing
import PlistTestSupport

@Suite struct InstallTests {
    static let make = ["/usr/bin/make", "/usr/local/bin/make", "/opt/homebrew/bin/make"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: make != nil, "needs make"))
    func makeInstallPutsTheBinaryInPrefix() async throws {
        let prefix = try TemporaryDirectory()
        let built = Binary.url.deletingLastPathComponent().path
        let prefixPath = prefix.url.path
        // SWIFT=true: the build step is a no-op here (the test already has the binary it installs).
        let result = try await onOwnThread {
            try Binary.run(executable: URL(fileURLWithPath: Self.make!),
                           ["-C", SharedData.repositoryRoot.path, "install", "PREFIX=\(prefixPath)", "BUILD_DIR=\(built)", "SWIFT=true"])
        }
        #expect(result.status == 0, "\(result.stderr)")
        let installed = prefix.url.appendingPathComponent("bin/plist-lsp")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))
        let version = try await onOwnThread { try Binary.run(executable: installed, ["--version"]).stdout }
        let expected = try await onOwnThread { try Binary.run(["--version"]).stdout }
        #expect(version == expected && !version.isEmpty)
    }

    @Test func homebrewFormulaMatchesTheVersionAndTheInstallTarget() async throws {
        let formula = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("Formula/plist-lsp.rb"), encoding: .utf8)
        let version = try await onOwnThread { try Binary.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(formula.contains("version \"\(version)\""))
        #expect(formula.contains("tag: \"v\(version)\""))
        #expect(formula.contains("class PlistLsp < Formula"))
        #expect(formula.contains(#"system "make", "install", "PREFIX=#{prefix}""#))
        let makefile = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("\ninstall: build\n"))
        // Every Linux build is one static executable (Package.swift): `make static` names the same build.
        #expect(makefile.contains("\nstatic: build\n"))
    }
}
