// `check` on configuration profiles (docs/profiles.md): every real profile of ../shared/admin
// checked without a crash, every warning and error on them listed (with why it is true) in
// Tests/PlistAnalysisTests/Expectations/profile-findings.tsv (beside the corpus findings), signed profiles checked through the plist they sign and never
// rewritten, and the payload database matching Apple's YAML schemas it is generated from.
import Foundation
import Testing
import PlistTestSupport

/// `../shared/admin`: real configuration profiles and launchd jobs with their manifest.
enum AdminData {
    static let directory = SharedData.directory.appendingPathComponent("admin")
    static let profiles = directory.appendingPathComponent("profiles")
    static let schemas = directory.appendingPathComponent("reference/device-management/mdm-profiles")
    static let present = FileManager.default.fileExists(atPath: directory.appendingPathComponent("MANIFEST.tsv").path)
    /// Run when the data is there, and always under CI (where its absence fails the test).
    static var run: Bool { present || SharedData.isCI }
    static let skipNote: Comment =
        "needs the real admin files at ../shared/admin beside the repository (not part of a fresh clone; always present in CI, where their absence fails this test)"

    /// The manifest's profile rows: file name and plistlib's verdict (`yes`, `no`, `signed`).
    static func profileRows() throws -> [(name: String, parses: String)] {
        let text = try String(contentsOf: directory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 8, f[0] == "profile" else { return nil }
            return (f[1], f[7])
        }
    }
}

@Suite struct CheckProfilesTests {
    /// One reviewed finding: file, rule, where (line, or key path in a signed profile), why it is true.
    struct Expected: Hashable {
        let file: String, rule: String, place: String
    }

    static func expectations() throws -> [Expected: String] {
        let url = SharedData.repositoryRoot.appendingPathComponent("Tests/PlistAnalysisTests/Expectations/profile-findings.tsv")
        var out: [Expected: String] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 4, !f[3].isEmpty else { Issue.record("bad expectation line: \(line)"); continue }
            out[Expected(file: f[0], rule: f[1], place: f[2])] = f[3]
        }
        return out
    }

    /// The problems of a `check --format json` run, per file: (code, severity, line or key path, message).
    static func problems(_ json: String) throws -> [String: [(code: String, severity: String, place: String, message: String)]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var out: [String: [(String, String, String, String)]] = [:]
        for file in object["files"] as? [[String: Any]] ?? [] {
            let name = URL(fileURLWithPath: file["path"] as! String).lastPathComponent
            out[name] = (file["problems"] as? [[String: Any]] ?? []).map { p in
                let place = (p["keyPath"] as? String) ?? String(p["line"] as! Int)
                return (p["code"] as! String, p["severity"] as! String, place, p["message"] as! String)
            }
        }
        return out
    }

    @Test(.enabled(if: AdminData.run, AdminData.skipNote))
    func everyRealProfileIsCheckedAndEveryFindingIsReviewed() async throws {
        let rows = try AdminData.profileRows()
        #expect(rows.count == 81)
        let paths = rows.map { AdminData.profiles.appendingPathComponent($0.name).path }
        let r = try await onOwnThread { try Binary.run(["check", "--no-project", "--no-source-evidence", "--format", "json"] + paths) }
        #expect(r.status == 0 || r.status == 1, "crashed or failed to read: \(r.status) \(r.stderr.prefix(500))")
        let found = try Self.problems(r.stdout)
        #expect(found.count == rows.count, "every file is reported")
        let expected = try Self.expectations()
        var seen: Set<Expected> = []
        for row in rows {
            // Notes too (supervised-only keys, a payload's identifier reused, keys not in the schemas):
            // a regression in those rules shows here as in the others.
            for p in found[row.name] ?? [] {
                let key = Expected(file: row.name, rule: p.code, place: p.place)
                seen.insert(key)
                #expect(expected[key] != nil, "not reviewed: \(row.name)\t\(p.code)\t\(p.place)\t\(p.message)")
                #expect(
                    (p.severity == "information") == (expected[key]?.hasPrefix("note:") == true) || expected[key] == nil,
                    "a note listed as another severity, or the other way round: \(row.name)\t\(p.code)\t\(p.place)")
                // No error on a file that reads and installs, except the reviewed ones.
                if p.severity == "error" && row.parses != "no" {
                    #expect(expected[key]?.hasPrefix("error:") == true, "an error on a valid file: \(row.name) \(p.message)")
                }
            }
        }
        for key in expected.keys where !seen.contains(key) {
            Issue.record("expected but not found: \(key.file)\t\(key.rule)\t\(key.place)")
        }
    }

    /// The seven signed profiles are read through the plist they sign: no file-level finding, the
    /// same findings as that plist's, and `convert -o -` shows it.
    @Test(.enabled(if: AdminData.run, AdminData.skipNote))
    func signedRealProfilesAreCheckedThroughTheirPlist() async throws {
        let signed = try AdminData.profileRows().filter { $0.parses == "signed" }
        #expect(signed.count == 7)
        let dir = try TemporaryDirectory()
        for row in signed {
            let path = AdminData.profiles.appendingPathComponent(row.name).path
            let xml = dir.url.appendingPathComponent(row.name).path
            let converted = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", "-o", xml, path]) }
            #expect(converted.status == 0, "\(row.name): \(converted.stderr)")
            let onSigned = try await onOwnThread {
                try Binary.run(["check", "--no-project", "--no-source-evidence", "--format", "json", path])
            }
            let onPlist = try await onOwnThread {
                try Binary.run(["check", "--no-project", "--no-source-evidence", "--format", "json", xml])
            }
            let a = try Self.problems(onSigned.stdout)[row.name] ?? [], b = try Self.problems(onPlist.stdout)[row.name] ?? []
            #expect(a.map { [$0.code, $0.message] } == b.map { [$0.code, $0.message] }, "\(row.name)")
            #expect(!a.contains { $0.code.hasPrefix("file-") }, "\(row.name): \(a)")
        }
    }

    /// A signed profile with problems: found in its plist, placed by key path, with a note that the
    /// file is signed; --fix leaves it byte for byte as it was.
    @Test func aSignedProfileWithProblemsIsReportedAndNeverRewritten() async throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            	<key>PayloadContent</key>
            	<array>
            		<dict>
            			<key>PayloadIdentifier</key>
            			<string>com.example.dock</string>
            			<key>PayloadType</key>
            			<string>com.apple.dock</string>
            			<key>PayloadUUID</key>
            			<string>0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0</string>
            			<key>tilesize</key>
            			<integer>400</integer>
            		</dict>
            	</array>
            	<key>PayloadIdentifier</key>
            	<string>com.example</string>
            	<key>PayloadType</key>
            	<string>Configuration</string>
            	<key>PayloadUUID</key>
            	<string>5C6A2E5B-3C21-4E7B-9B6F-2D8E1A4C7F10</string>
            	<key>PayloadVersion</key>
            	<integer>1</integer>
            </dict>
            </plist>

            """
        for indefinite in [false, true] {
            let dir = try TemporaryDirectory()
            let bytes = SignedData.wrap(Array(plist.utf8), indefinite: indefinite)
            let file = try dir.write("Signed.mobileconfig", bytes)
            let text = try await onOwnThread { try Binary.run(["check", "--no-project", "--no-source-evidence", "--fix", file.path]) }
            let lines = text.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.contains("note: a signed configuration profile") == true, "\(lines)")
            #expect(
                lines.contains {
                    $0.contains("PayloadContent › [0] › tilesize: warning: tilesize is at most 128, not 400 [profile-invalid-value]")
                }, "\(lines)")
            #expect(lines.contains { $0.contains("PayloadContent: warning: This payload has no PayloadVersion") }, "\(lines)")
            #expect(text.stderr.contains("a signed profile is never changed"), "\(text.stderr)")
            #expect(try Data(contentsOf: file) == Data(bytes), "the signed file is left as it was")
            // convert refuses to rewrite it in place, and writes its plist elsewhere.
            let inPlace = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", file.path]) }
            #expect(inPlace.status == 2 && inPlace.stderr.contains("signed configuration profile"))
            #expect(try Data(contentsOf: file) == Data(bytes))
            let shown = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", "-o", "-", file.path]) }
            #expect(shown.stdout.contains("<integer>400</integer>"))
        }
        // Truncated: a clear error, not a crash.
        let dir = try TemporaryDirectory()
        let whole = SignedData.wrap(Array(plist.utf8), indefinite: false)
        let cut = try dir.write("Cut.mobileconfig", Array(whole.prefix(whole.count / 2)))
        let r = try await onOwnThread { try Binary.run(["check", "--no-project", "--no-source-evidence", cut.path]) }
        #expect(r.status == 1)
        #expect(r.stdout.contains("a signed configuration profile whose plist cannot be read"), "\(r.stdout)")
    }

    /// The committed database is what the generator writes from the YAML schemas today.
    @Test(.enabled(if: AdminData.run, AdminData.skipNote))
    func thePayloadDatabaseMatchesApplesSchemas() async throws {
        let script = SharedData.repositoryRoot.appendingPathComponent("scripts/generate-profile-schema.py").path
        let r = try await onOwnThread {
            try Binary.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, AdminData.schemas.path, "--print"])
        }
        #expect(r.status == 0, "the generator needs python3 with PyYAML (.ci/run installs python3-yaml): \(r.stderr)")
        let committed = try String(
            contentsOf: SharedData.repositoryRoot.appendingPathComponent("Sources/PlistSchema/Profiles/ProfileSchemaData.swift"),
            encoding: .utf8)
        #expect(r.stdout == committed, "run python3 scripts/generate-profile-schema.py (docs/profiles.md)")
        // Every payload type of the YAML files is in it, counted independently of the generator.
        var types: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: AdminData.schemas.path) where name.hasSuffix(".yaml") {
            let text = try String(contentsOf: AdminData.schemas.appendingPathComponent(name), encoding: .utf8)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("  payloadtype: ") }) {
                types.insert(String(line.dropFirst("  payloadtype: ".count)))
            }
        }
        #expect(types.count == 122)
        for type in types { #expect(committed.contains("\"type\":\"\(type)\""), "\(type)") }
    }
}

/// A minimal CMS SignedData (RFC 5652) around `content`, as a signed profile holds it: no
/// certificates or signers (plist-lsp reads, never verifies, the signature).
enum SignedData {
    static func wrap(_ content: [UInt8], indefinite: Bool) -> [UInt8] {
        let signedDataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let dataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let sha256: [UInt8] = [0x30, 0x0D, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00]
        // BER (as `security cms` writes): indefinite lengths, the content in pieces.
        var octets: [UInt8]
        if indefinite {
            octets = [0x24, 0x80]
            var start = 0
            while start < content.count {
                let end = min(start + 500, content.count)
                octets += tlv(0x04, Array(content[start..<end]))
                start = end
            }
            octets += [0, 0]
        } else {
            octets = tlv(0x04, content)
        }
        func container(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] { indefinite ? [tag, 0x80] + body + [0, 0] : tlv(tag, body) }
        let encapsulated = container(0x30, dataOID + container(0xA0, octets))
        let signedData = container(0x30, [0x02, 0x01, 0x01] + tlv(0x31, sha256) + encapsulated + tlv(0x31, []))
        return container(0x30, signedDataOID + container(0xA0, signedData))
    }

    static func tlv(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] {
        let n = body.count
        var length: [UInt8]
        if n < 0x80 {
            length = [UInt8(n)]
        } else if n < 0x100 {
            length = [0x81, UInt8(n)]
        } else if n < 0x10000 {
            length = [0x82, UInt8(n >> 8), UInt8(n & 0xFF)]
        } else {
            length = [0x83, UInt8(n >> 16), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)]
        }
        return [tag] + length + body
    }
}
