// `plist-lsp check` survives hostile input (issue #11): deep nesting, thousands of duplicate keys,
// and file content or file names that try to forge output lines or send terminal control codes.
import Foundation
import Testing

@Suite struct CheckRobustnessTests {
    /// `depth` nested arrays (the innermost holding a dictionary) under a key of the root.
    static func nested(_ depth: Int) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>Deep</key>\n"
            + String(repeating: "<array>", count: depth - 1) + "<dict><key>k</key><string>x</string></dict>"
            + String(repeating: "</array>", count: depth - 1) + "\n</dict>\n</plist>\n"
    }

    @Test func deepNestingIsChecked() throws {
        let dir = try TemporaryDirectory()
        // 3,000 nested containers (~45 KB): the walks used to recurse once per level and crash.
        // The typed view reads 512 levels and says so; nothing recurses, nothing crashes.
        let file = try dir.write("Info.plist", Self.nested(3_000))
        let r = try Binary.run(["check", file.path])
        #expect(r.status == 1, "exit \(r.status): \(r.stderr.prefix(300))")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasSuffix("[plist-too-deep]") == true, "\(r.stdout.prefix(300))")
    }

    static func duplicates(_ count: Int) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            + String(repeating: "\t<key>CFBundleName</key>\n\t<string>Demo</string>\n", count: count) + "</dict>\n</plist>\n"
    }

    @Test func thousandsOfDuplicateKeysCostLinearOutput() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", Self.duplicates(10_000))
        let r = try Binary.run(["check", "--format", "json", file.path])
        #expect(r.status == 0)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let problems = try #require(((log["files"] as? [[String: Any]])?.first?["problems"]) as? [[String: Any]])
        // The first 500 of the rule, then one line saying how many more there are.
        #expect(problems.count == 501)
        #expect(
            problems.last?["message"] as? String == "9500 more 'plist-duplicate-key' problems in this file not shown (at most 500 per rule)"
        )
        #expect(r.stdout.utf8.count < 200_000, "\(r.stdout.utf8.count) bytes")
        // Foundation reads the file (the last occurrence wins), so --fix changes nothing: which copy
        // was meant is the author's call (docs/safe-fixes.md). It still answers in linear time.
        let fixed = try Binary.run(["check", "--fix", file.path])
        #expect(fixed.status == 0 && !fixed.stdout.contains("fixed"), "\(fixed.stdout.prefix(300))")
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.duplicates(10_000))
    }

    @Test func fileContentCannotForgeOutputLinesOrSendControlCodes() throws {
        let dir = try TemporaryDirectory()
        // A key holding a newline (as a character reference), a fake diagnostic and an escape
        // sequence (raw ESC bytes; the parser reports them, the key text keeps them).
        let key = "a&#10;/etc/passwd:1:1: error: forged [x]\u{1B}[2J\u{1B}]0;title\u{07}"
        let text =
            "<plist version=\"1.0\">\n<dict>\n\t<key>\(key)</key>\n\t<string>1</string>\n\t<key>\(key)</key>\n\t<string>2</string>\n</dict>\n</plist>\n"
        let file = try dir.write("App.entitlements", text)
        let r = try Binary.run(["check", file.path])
        #expect(r.stdout.contains("Duplicate key 'a\\n/etc/passwd:1:1: error: forged [x]\\u{1B}[2J"), "\(r.stdout)")
        for line in r.stdout.split(separator: "\n") {
            #expect(line.hasPrefix(file.path + ":"), "forged line: \(line)")
        }
        #expect(!r.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F })
    }

    @Test func fileNamesCannotForgeOutputLines() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write(
            "x\n/etc/hosts:9:9: error: forged\u{1B}[31m.plist",
            "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<string>1</string>\n\t<key>a</key>\n\t<string>2</string>\n</dict>\n</plist>\n"
        )
        let r = try Binary.run(["check", file.path])
        #expect(r.stdout.split(separator: "\n").count == 2, "\(r.stdout)")
        #expect(r.stdout.contains("x\\n/etc/hosts:9:9: error: forged\\u{1B}[31m.plist:5:2: warning: Duplicate key 'a'"))
        #expect(!r.stdout.contains("\u{1B}"))
        let missing = try Binary.run(["check", dir.url.path + "/no\nsuch\u{1B}[0m.plist"])
        #expect(missing.status == 2 && missing.stderr.contains("no\\nsuch\\u{1B}[0m.plist") && !missing.stderr.contains("\u{1B}"))
    }
}

/// Suggestions for security settings never weaken them (issue #10.6).
@Suite struct CheckSecuritySuggestionTests {
    static func ats(tls: String, arbitraryLoadsKey: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>NSAppTransportSecurity</key>\n\t<dict>\n"
            + "\t\t<key>\(arbitraryLoadsKey)</key>\n\t\t<true/>\n\t\t<key>NSExceptionDomains</key>\n\t\t<dict>\n\t\t\t<key>example.com</key>\n\t\t\t<dict>\n"
            + "\t\t\t\t<key>NSExceptionMinimumTLSVersion</key>\n\t\t\t\t<string>\(tls)</string>\n\t\t\t</dict>\n\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n"
    }

    @Test(arguments: ["TLSv1.4", "tlsv1.0", "TLS1.1"])
    func anInvalidTLSVersionIsNeverCorrectedToAWeakerOne(_ value: String) throws {
        let dir = try TemporaryDirectory()
        let text = Self.ats(tls: value, arbitraryLoadsKey: "NSAllowsArbitraryLoadsInWebContent")
        let file = try dir.write("Info.plist", text)
        let r = try Binary.run(["check", file.path])
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasSuffix("[info-invalid-value]") })
        #expect(line.contains("did you mean 'TLSv1.2', the secure default?"), "\(line)")
        #expect(!line.contains("'TLSv1.0'") && !line.contains("'TLSv1.1'"), "a weaker value is suggested: \(line)")
        // Never applied automatically: the value stays for the developer to decide.
        _ = try Binary.run(["check", "--fix", file.path])
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }

    @Test func aMisspelledSecurityKeyIsNotRenamedByFix() throws {
        let dir = try TemporaryDirectory()
        // Misspelled, the key is ignored and ATS stays on; renaming it would switch ATS off.
        let text = Self.ats(tls: "TLSv1.2", arbitraryLoadsKey: "nsallowsarbitraryloads")
        let file = try dir.write("Info.plist", text)
        let r = try Binary.run(["check", "--fix", file.path])
        #expect(
            r.stdout.contains("'nsallowsarbitraryloads' should be 'NSAllowsArbitraryLoads' (keys are case-sensitive) [info-misspelled-key]")
        )
        #expect(!r.stdout.contains("fixed"))
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }
}

extension CheckSecuritySuggestionTests {
    @Test func aMalformedExceptionDomainThatRelaxesSecurityIsNotCleanedByFix() throws {
        let dir = try TemporaryDirectory()
        // 'HTTPS://Example.com' applies to nothing; cleaned, it would allow plain HTTP there.
        let insecure =
            "<plist version=\"1.0\">\n<dict>\n\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSExceptionDomains</key>\n\t\t<dict>\n\t\t\t<key>HTTPS://Example.com</key>\n\t\t\t<dict>\n\t\t\t\t<key>NSExceptionAllowsInsecureHTTPLoads</key>\n\t\t\t\t<true/>\n\t\t\t</dict>\n\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n"
        let file = try dir.write("Info.plist", insecure)
        let r = try Binary.run(["check", "--fix", file.path])
        #expect(r.stdout.contains("[ats-exception-domain-format]") && !r.stdout.contains("fixed"), "\(r.stdout)")
        #expect(try String(contentsOf: file, encoding: .utf8) == insecure)
        // A harmless exception is not cleaned either: Foundation reads the file as it is, and a
        // clean name makes the exception take effect (offered in the editor, docs/safe-fixes.md).
        let harmless = insecure.replacingOccurrences(of: "NSExceptionAllowsInsecureHTTPLoads", with: "NSIncludesSubdomains")
        try Data(harmless.utf8).write(to: file)
        let again = try Binary.run(["check", "--fix", file.path])
        #expect(again.stdout.contains("[ats-exception-domain-format]") && !again.stdout.contains("fixed"), "\(again.stdout)")
        #expect(try String(contentsOf: file, encoding: .utf8) == harmless)
    }
}
