// `plist-lsp format` and `format --check`, run as a user (or CI) would: Xcode's layout written
// atomically, nothing written with --check, files with syntax errors left alone with the reason.
import Foundation
import Testing
import PlistTestSupport

@Suite struct FormatCommandTests {
    static let messy =
        "<?xml version='1.0' encoding='utf-8'?>\r\n<plist version=\"1.0\"><dict>\r\n  <key>CFBundleName</key><string>Salt &amp; Pepper</string>\r\n  <key>Debug</key><false></false>\r\n#if DEBUG\r\n  <key>Mode</key><string>$(CONFIGURATION)</string>\r\n#endif\r\n</dict></plist>"
    static let xcode = PlistText.dictionary(
        """
        \t<key>CFBundleName</key>
        \t<string>Salt &amp; Pepper</string>
        \t<key>Debug</key>
        \t<false/>
        #if DEBUG
        \t<key>Mode</key>
        \t<string>$(CONFIGURATION)</string>
        #endif
        """, doctype: true)

    @Test func formatRewritesAsXcodeWritesAndKeepsPermissions() async throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("App/Info.plist", Self.messy)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        let root = dir.url.path
        let r = try await onOwnThread { try Binary.run(["format", root]) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "\(file.path): reformatted\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.xcode)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["Info.plist"])
        let again = try await onOwnThread { try Binary.run(["format", "--check", file.path]) }
        #expect(again.status == 0 && again.stdout.isEmpty)
    }

    @Test func checkWritesNothingAndFailsWhenAFileWouldChange() async throws {
        let dir = try TemporaryDirectory()
        let messy = try dir.write("a.plist", Self.messy)
        let clean = try dir.write("b.entitlements", Self.xcode)
        let r = try await onOwnThread { try Binary.run(["format", "--check", messy.path, clean.path]) }
        #expect(r.status == 1)
        #expect(r.stdout == "\(messy.path): would be reformatted\n")
        #expect(try String(contentsOf: messy, encoding: .utf8) == Self.messy)
    }

    @Test func indentationAndDataWidthFlags() async throws {
        let dir = try TemporaryDirectory()
        let payload = Data((0..<60).map { UInt8($0) }).base64EncodedString()
        let file = try dir.write("x.plist", "<plist version=\"1.0\"><dict><key>D</key><data>\(payload)</data></dict></plist>")
        let r = try await onOwnThread { try Binary.run(["format", "--indent", "2", "--data-width", "40", file.path]) }
        #expect(r.status == 0, "\(r.stderr)")
        // One level of two spaces takes 2 columns: 38 characters, then 38, then the last 4.
        let lines = [payload.prefix(38), payload.dropFirst(38).prefix(38), payload.dropFirst(76)].map { "  " + $0 }
        #expect(
            try String(contentsOf: file, encoding: .utf8).contains(
                "  <key>D</key>\n  <data>\n\(lines.joined(separator: "\n"))\n  </data>\n</dict>"))
        let bad = try await onOwnThread { try Binary.run(["format", "--indent", "editor", file.path]) }
        #expect(bad.status == 2 && bad.stderr.contains("--indent"))
    }

    @Test func syntaxErrorsLeaveTheFileAndSayWhy() async throws {
        let dir = try TemporaryDirectory()
        let broken = Self.messy.replacingOccurrences(of: "</string>", with: "</strng>")
        let file = try dir.write("Info.plist", broken)
        let r = try await onOwnThread { try Binary.run(["format", file.path]) }
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(file.path):3:") && r.stderr.contains("not formatted") && r.stderr.contains("[xml-mismatched-tag]"))
        #expect(try String(contentsOf: file, encoding: .utf8) == broken)
        let binary = try dir.write("b.plist", Array("bplist00".utf8) + [0, 1, 2])
        let b = try await onOwnThread { try Binary.run(["format", binary.path]) }
        #expect(b.status == 1 && b.stderr.contains("binary property list"))
    }

    @Test func versionIsTheServersVersion() async throws {
        let r = try await onOwnThread { try Binary.run(["--version"]) }
        #expect(r.status == 0)
        let version = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." })
        let source = try String(
            contentsOf: SharedData.repositoryRoot.appendingPathComponent("Sources/PlistWorkspace/ToolVersion.swift"),
            encoding: .utf8)
        #expect(source.contains("public static let current = \"\(version)\""))
    }
}
