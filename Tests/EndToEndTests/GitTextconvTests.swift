// The textconv recipe of docs/git.md (issue #42), run with real git: a binary plist committed,
// changed, and `git diff` shows the XML lines that changed instead of "Binary files differ".
// The plist is a real framework Info.plist of ../shared/l10n; without the shared data, a small
// binary plist written by `plist-lsp convert` stands in.
import Foundation
import PlistTestSupport
import Testing

struct GitTextconvTests {
    /// A real binary Info.plist (`bplist00`), committed in GuardianConnect's framework.
    static let realPlist = SharedData.localizationDirectory
        .appendingPathComponent(
            "apps/GuardianFirewall__GuardianConnect/WireGuardPTP/GRDWireGuardKit.xcframework/ios-arm64/GRDWireGuardKit.framework/Info.plist"
        )

    static func git(_ arguments: [String], in folder: URL) throws -> Binary.Result {
        let result = try Binary.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: folder,
            environment: ["GIT_CONFIG_NOSYSTEM": "1", "HOME": folder.path, "GIT_PAGER": "cat", "LC_ALL": "C"])
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    /// A repository set up as docs/git.md says: the diff driver in the repository's config, the attribute in .gitattributes.
    static func repository() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-textconv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try git(["init", "-q"], in: folder)
        _ = try git(["config", "user.email", "test@example.com"], in: folder)
        _ = try git(["config", "user.name", "Test"], in: folder)
        _ = try git(["config", "diff.plist.textconv", "'\(Binary.url.path)' convert --to xml1 -o -"], in: folder)
        try "*.plist diff=plist\n".write(to: folder.appendingPathComponent(".gitattributes"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func gitDiffOfABinaryPlistShowsTheChangedXMLLines() throws {
        let folder = try Self.repository()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = folder.appendingPathComponent("Info.plist")
        let xml = folder.appendingPathComponent("edit.xml")
        if FileManager.default.fileExists(atPath: Self.realPlist.path) {
            try FileManager.default.copyItem(at: Self.realPlist, to: plist)
            // The shared copy is read-only; the checkout's file is the developer's.
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: plist.path)
        } else {
            // A bare clone: a small binary plist made here.
            try
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleShortVersionString</key>\n\t<string>1.0</string>\n\t<key>CFBundleVersion</key>\n\t<string>1</string>\n</dict>\n</plist>\n"
                .write(to: xml, atomically: true, encoding: .utf8)
            #expect(try Binary.run(["convert", "--to", "binary1", "-o", plist.path, xml.path]).status == 0)
        }
        #expect(try Data(contentsOf: plist).prefix(8) == Data("bplist00".utf8), "the committed file is binary")
        _ = try Self.git(["add", "."], in: folder)
        _ = try Self.git(["commit", "-q", "-m", "binary plist"], in: folder)
        // Change one value, writing the file back as binary.
        #expect(try Binary.run(["convert", "--to", "xml1", "-o", xml.path, plist.path]).status == 0)
        let text = try String(contentsOf: xml, encoding: .utf8)
        #expect(text.contains("<string>1.0</string>"))
        try text.replacingOccurrences(
            of: "<key>CFBundleShortVersionString</key>\n\t<string>1.0</string>",
            with: "<key>CFBundleShortVersionString</key>\n\t<string>1.1</string>"
        )
        .write(to: xml, atomically: true, encoding: .utf8)
        let written = try Binary.run(["convert", "--to", "binary1", "-o", plist.path, xml.path])
        #expect(written.status == 0, "\(written.stderr)")
        try FileManager.default.removeItem(at: xml)
        #expect(try Data(contentsOf: plist).prefix(8) == Data("bplist00".utf8))
        let diff = try Self.git(["diff", "--", "Info.plist"], in: folder).stdout
        let changed = diff.split(separator: "\n").filter {
            ($0.hasPrefix("-") || $0.hasPrefix("+")) && !$0.hasPrefix("---") && !$0.hasPrefix("+++")
        }
        #expect(changed == ["-\t<string>1.0</string>", "+\t<string>1.1</string>"], "\(diff)")
        #expect(!diff.contains("Binary files"), "\(diff)")
        #expect(diff.contains(" \t<key>CFBundleShortVersionString</key>"), "the context lines are XML too: \(diff)")
        // Without the attribute, git sees a binary file (the recipe is what makes the difference).
        try "".write(to: folder.appendingPathComponent(".gitattributes"), atomically: true, encoding: .utf8)
        #expect(
            try Self.git(["diff", "--", "Info.plist"], in: folder).stdout.contains("Binary files a/Info.plist and b/Info.plist differ"))
    }
}
