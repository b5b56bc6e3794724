// `plist-lsp check --fix`, `--format sarif` and the rule flags, run as a user would.
import Foundation
import Testing

@Suite struct CheckFixTests {
    let broken =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>UIRequiresFullScreen</key>\n\t<string>YES</string>\n\t<key>CFBundleName</key>\n\t<string>Salt & Pepper</strng>\n</dict>\n</plist>\n"
    // The XML is repaired; the Boolean written as a string is reported, not changed (it is data).
    let fixed =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>UIRequiresFullScreen</key>\n\t<string>YES</string>\n\t<key>CFBundleName</key>\n\t<string>Salt &amp; Pepper</string>\n</dict>\n</plist>\n"

    @Test func fixRewritesTheFileKeepingItsPermissions() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", broken)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        let r = try Binary.run(["check", "--fix", file.path])
        #expect(r.status == 0)
        #expect(r.stdout.contains("\(file.path): fixed 2 problems [xml-invalid-reference, xml-mismatched-tag]"))
        #expect(try String(contentsOf: file, encoding: .utf8) == fixed)
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["Info.plist"])
        let again = try Binary.run(["check", "--fix", file.path])
        #expect(again.status == 0 && again.stdout.contains("[info-wrong-type]") && !again.stdout.contains("fixed"))
        #expect(try String(contentsOf: file, encoding: .utf8) == fixed)
    }

    /// Issue #39, point 6: an unclosed `<string>` whose value may end before or after what follows
    /// it (a comment line, a line break, trailing blanks, a CR) is not closed by `check --fix`: the
    /// value would be a guess. Only a value that runs straight into the next tag is closed.
    @Test func fixLeavesAnUnclosedStringWhoseValueIsAGuess() throws {
        let dir = try TemporaryDirectory()
        func plist(_ body: String) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n"
        }
        let guesses = [
            // `</string>` after the comment fails:
            "\t<key>A</key>\n\t<string>x\n\t<!-- a comment -->\n\t<key>B</key>\n\t<string>y</string>\n",
            "\t<key>A</key>\n\t<string>first line\n\t<key>B</key>\n\t<string>y</string>\n",  // "first line" or "first line\n\t"?
            "\t<key>A</key>\n\t<string>x  \t<key>B</key>\n\t<string>y</string>\n",
            "\t<key>A</key>\r\n\t<string>x\r\n\t<key>B</key>\r\n\t<string>y</string>\r\n",
        ]
        for (n, body) in guesses.enumerated() {
            let file = try dir.write("Info\(n).plist", plist(body))
            let r = try Binary.run(["check", "--fix", file.path])
            #expect(r.status == 1, "\(n): \(r.stdout)")
            #expect(!r.stdout.contains("fixed"), "\(n): \(r.stdout)")
            #expect(r.stdout.contains("<string> is never closed: add </string> [xml-unclosed-tag]"), "\(n): \(r.stdout)")
            #expect(try String(contentsOf: file, encoding: .utf8) == plist(body), "\(n)")
        }
        // A value that runs into the next tag has one reading: closed.
        let certain = try dir.write("Certain.plist", plist("\t<key>A</key>\n\t<string>x<key>B</key>\n\t<string>y</string>\n"))
        let r = try Binary.run(["check", "--fix", certain.path])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("fixed 1 problem [xml-unclosed-tag]"), "\(r.stdout)")
        #expect(
            try String(contentsOf: certain, encoding: .utf8)
                == plist("\t<key>A</key>\n\t<string>x</string><key>B</key>\n\t<string>y</string>\n"))
    }

    @Test func withoutFixNothingIsWritten() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", broken)
        let r = try Binary.run(["check", file.path])
        #expect(r.status == 1)
        #expect(try String(contentsOf: file, encoding: .utf8) == broken)
    }

    @Test func filesThatAreNotUTF8AreLeftUntouched() throws {
        let dir = try TemporaryDirectory()
        let utf16: [UInt8] = [0xFF, 0xFE] + Array(broken.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let file = try dir.write("Info.plist", utf16)
        let r = try Binary.run(["check", "--fix", file.path])
        #expect(r.stderr.contains("not fixed"))
        #expect(try [UInt8](Data(contentsOf: file)) == utf16)
    }

    @Test func sarifIsAMinimalValidLog() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("My App/Info.plist", broken)
        let r = try Binary.run(["check", "--format", "sarif", file.path])
        #expect(r.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "plist-lsp")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        let mismatch = try #require(results.first { $0["ruleId"] as? String == "xml-mismatched-tag" })
        #expect(mismatch["level"] as? String == "error")
        #expect((rules[mismatch["ruleIndex"] as! Int])["id"] as? String == "xml-mismatched-tag")
        let location = try #require((mismatch["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect(
            (location["artifactLocation"] as? [String: Any])?["uri"] as? String == "file://"
                + file.path.replacingOccurrences(of: " ", with: "%20"))
        let region = try #require(location["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 7 && region["startColumn"] as? Int == 23)
    }

    @Test func rulesCanBeSwitchedOffOrReweighted() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write(
            "Info.plist", "<plist version=\"1.0\">\n<dict>\n\t<key>UIRequiresFullScreen</key>\n\t<string>YES</string>\n</dict>\n</plist>\n")
        #expect(try Binary.run(["check", file.path]).stdout.contains("[info-wrong-type]"))
        #expect(!(try Binary.run(["check", "--disable", "info-wrong-type", file.path]).stdout.contains("[info-wrong-type]")))
        let error = try Binary.run(["check", "--severity", "info-wrong-type=error", file.path])
        #expect(error.status == 1 && error.stdout.contains("error: 'UIRequiresFullScreen'"))
        #expect(try Binary.run(["check", "--no-info-plist-rules", file.path]).stdout.isEmpty)
        #expect(try Binary.run(["check", "--disable", "no-such-rule", file.path]).status == 2)
    }
}

@Suite struct CheckHintTests {
    @Test func hintsOnlyWhenAsked() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write(
            "Info.plist", "<plist version=\"1.0\">\n<dict>\n\t<key>MyCompanyKey</key>\n\t<string>x</string>\n</dict>\n</plist>\n")
        #expect(try Binary.run(["check", file.path]).stdout.isEmpty)
        #expect(
            try Binary.run(["check", "--hints", file.path]).stdout.contains(
                "note: 'MyCompanyKey' is not a key the system reads here (custom keys are fine) [info-unknown-key]"))
    }
}
