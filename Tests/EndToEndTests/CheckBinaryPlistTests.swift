// `check` on binary property lists: read as their XML form, the same findings as that form, each
// placed by key path (there is no line), and --fix writing binary again.
import Foundation
import Testing
import PlistTestSupport

@Suite struct CheckBinaryPlistTests {
    /// An Info.plist with problems in nested places, written as binary by Python's plistlib.
    static let infoPlist = PlistText.dictionary(
        """
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example_app!</string>
        \t<key>CFBundlePackageType</key>
        \t<string>APPL</string>
        \t<key>NSAppTransportSecurity</key>
        \t<dict>
        \t\t<key>NSAllowsArbitraryLoads</key>
        \t\t<string>YES</string>
        \t</dict>
        \t<key>UIRequiredDeviceCapabilities</key>
        \t<array>
        \t\t<string>armv7</string>
        \t\t<integer>3</integer>
        \t</array>
        """)

    static func binary(from xml: URL, to binary: URL) throws {
        let script =
            "import plistlib,sys; plistlib.dump(plistlib.load(open(sys.argv[1],'rb')), open(sys.argv[2],'wb'), fmt=plistlib.FMT_BINARY)"
        let r = try Binary.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, xml.path, binary.path])
        guard r.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: r.stderr]) }
    }

    /// The findings of a `check --format json` run: (code, severity, message, key path or line).
    static func findings(_ json: String, keyPaths: Bool) throws -> [[String]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let files = object["files"] as! [[String: Any]]
        return (files.first?["problems"] as? [[String: Any]] ?? []).map { p in
            [p["code"] as! String, p["severity"] as! String, p["message"] as! String] + (keyPaths ? [p["keyPath"] as? String ?? "-"] : [])
        }
    }

    @Test func aBinaryInfoPlistGetsWhatItsXMLFormGets() async throws {
        let dir = try TemporaryDirectory()
        let source = try dir.write("source.plist", Self.infoPlist)
        let binary = dir.url.appendingPathComponent("bin/Info.plist")
        try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try await onOwnThread { try Self.binary(from: source, to: binary) }
        // The XML form, as convert writes it, under the same name (the rules go by the name).
        let xmlForm = dir.url.appendingPathComponent("xml/Info.plist")
        try FileManager.default.createDirectory(at: xmlForm.deletingLastPathComponent(), withIntermediateDirectories: true)
        let converted = try await onOwnThread { try Binary.run(["convert", "--to", "xml1", "-o", xmlForm.path, binary.path]) }
        #expect(converted.status == 0, "\(converted.stderr)")

        let onBinary = try await onOwnThread {
            try Binary.run(["check", "--no-project", "--no-source-evidence", "--format", "json", binary.path])
        }
        let onXML = try await onOwnThread {
            try Binary.run(["check", "--no-project", "--no-source-evidence", "--format", "json", xmlForm.path])
        }
        #expect(onBinary.status == onXML.status)
        let binaryFindings = try Self.findings(onBinary.stdout, keyPaths: true)
        #expect(binaryFindings.map { Array($0.prefix(3)) } == (try Self.findings(onXML.stdout, keyPaths: false)))
        #expect(binaryFindings.count >= 3, "\(binaryFindings)")
        // Placed by key path.
        #expect(binaryFindings.contains { $0[3] == "NSAppTransportSecurity › NSAllowsArbitraryLoads" }, "\(binaryFindings)")
        #expect(binaryFindings.contains { $0[3] == "UIRequiredDeviceCapabilities › [1]" }, "\(binaryFindings)")
        #expect(binaryFindings.contains { $0[3] == "CFBundleIdentifier" }, "\(binaryFindings)")

        // The text output says how problems are placed, and places each by key path.
        let text = try await onOwnThread { try Binary.run(["check", "--no-project", "--no-source-evidence", binary.path]) }
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "\(binary.path): note: a binary property list: problems are placed by key path in its XML form (plist-lsp convert --to xml1 -o - FILE shows it)"
        )
        #expect(lines.contains { $0.hasPrefix("\(binary.path): NSAppTransportSecurity › NSAllowsArbitraryLoads: ") }, "\(lines)")
        #expect(lines.count == binaryFindings.count + 1)
    }

    @Test(.enabled(if: BinaryPlistFiles.runTests, BinaryPlistFiles.skipNote))
    func realBinaryPlistsAreCheckedNotRefused() async throws {
        let files = try BinaryPlistFiles.require().filter { $0.bytes.count < 100_000 }
        let dir = try TemporaryDirectory()
        var paths: [String] = []
        for (n, file) in files.enumerated() { paths.append(try dir.write("\(n)/\(file.url.lastPathComponent)", file.bytes).path) }
        let r = try await onOwnThread { [paths] in try Binary.run(["check", "--no-project", "--no-source-evidence"] + paths) }
        #expect(!r.stdout.contains("file-binary-plist"), "\(r.stdout.prefix(2000))")
        #expect(!r.stdout.contains("xml-"), "\(r.stdout.prefix(2000))")
        #expect(r.status != 2, "\(r.stderr)")
    }
}
