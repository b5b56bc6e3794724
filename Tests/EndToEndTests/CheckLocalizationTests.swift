// `plist-lsp check` on localized Info.plists (issue #31): a real app's folder from ../shared/l10n
// copied to a temporary directory, a fault planted there, and one line per problem at its place.
import Foundation
import PlistTestSupport
import Testing

@Suite(.enabled(if: SharedData.runLocalizationTests, SharedData.localizationSkipNote))
struct CheckLocalizationTests {
    /// A copy of a real app's folder (`owner__repo`).
    static func copy(_ app: String) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        let source = SharedData.localizationDirectory.appendingPathComponent("apps").appendingPathComponent(app)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: dir.url.appendingPathComponent(name))
        }
        return dir
    }

    static func edit(_ file: URL, _ change: (String) -> String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let changed = change(text)
        #expect(changed != text, "the planted fault changed nothing in \(file.lastPathComponent)")
        try changed.write(to: file, atomically: true, encoding: .utf8)
    }

    @Test(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) func theRealAppsHaveNoErrors() async throws {
        let apps = SharedData.localizationDirectory.appendingPathComponent("apps").path
        let r = try await onOwnThread { try Binary.run(["check", "--severity", "l10n-unknown-key=off", apps]) }
        // No real file is broken: no localization error (syntax, display-name keys) on any of them.
        #expect(!r.stdout.split(separator: "\n").contains { $0.contains("[l10n-") && $0.contains(": error: ") }, "\(r.stdout)")
        #expect(r.stdout.contains("[l10n-untranslated]"), "\(r.stdout.prefix(2000))")
    }

    @Test func plantedStringsFaultsAreReportedAtTheirPlace() async throws {
        let dir = try Self.copy("64characters__Telephone")
        let de = dir.url.appendingPathComponent("Telephone/de.lproj/InfoPlist.strings")
        let ru = dir.url.appendingPathComponent("Telephone/ru.lproj/InfoPlist.strings")
        // de: the microphone's purpose string lost its ';', and an Xcode display name, a duplicate,
        // an empty translation, an unknown and a non-localizable key planted at the end.
        try Self.edit(de) { text in
            var lines = text.components(separatedBy: "\n")
            let i = lines.firstIndex { $0.hasPrefix("NSMicrophoneUsageDescription") }!
            lines[i] = String(lines[i].dropLast())  // the ';'
            return lines.joined(separator: "\n")
                + "\"Privacy - Camera Usage Description\" = \"Kamera\";\nCFBundleName = \"Telefon 2\";\nNSContactsUsageDescription = \"\";\nNSRetiredUsageDescription = \"Alt\";\nCFBundleIdentifier = \"de.telephone\";\n"
        }
        // ru: the microphone's purpose string is gone.
        try Self.edit(ru) {
            $0.components(separatedBy: "\n").filter { !$0.hasPrefix("NSMicrophoneUsageDescription") }.joined(separator: "\n")
        }
        let path = dir.url.path
        let r = try await onOwnThread { try Binary.run(["check", path]) }
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let dePath = de.path, plist = dir.url.appendingPathComponent("Telephone/Info.plist").path
        func line(_ prefix: String, _ code: String) -> String? { lines.first { $0.hasPrefix(prefix) && $0.hasSuffix("[\(code)]") } }
        let deText = try String(contentsOf: de, encoding: .utf8).components(separatedBy: "\n")
        let mic = deText.firstIndex { $0.hasPrefix("NSMicrophoneUsageDescription") }! + 1
        let micColumn = deText[mic - 1].utf8.count + 1
        #expect(
            line("\(dePath):\(mic):\(micColumn): error: missing ';' after the value of 'NSMicrophoneUsageDescription'", "l10n-syntax")
                != nil, "\(r.stdout)")
        let camera = deText.firstIndex { $0.hasPrefix("\"Privacy - Camera") }! + 1
        #expect(
            line(
                "\(dePath):\(camera):1: error: 'Privacy - Camera Usage Description' is Xcode's display name of NSCameraUsageDescription",
                "l10n-xcode-name") != nil, "\(r.stdout)")
        #expect(line("\(dePath):\(camera + 1):1: warning: 'CFBundleName' is translated twice", "l10n-duplicate-key") != nil, "\(r.stdout)")
        #expect(
            line(
                "\(dePath):\(camera + 2):30: warning: the translation of 'NSContactsUsageDescription' (de) is empty",
                "l10n-empty-translation") != nil, "\(r.stdout)")
        #expect(
            line("\(dePath):\(camera + 3):1: note: the Info.plist has no 'NSRetiredUsageDescription'", "l10n-unknown-key") != nil,
            "\(r.stdout)")
        #expect(
            line("\(dePath):\(camera + 4):1: note: CFBundleIdentifier is not a localizable key", "l10n-not-localizable") != nil,
            "\(r.stdout)")
        // On the Info.plist key, naming the locale that lacks it (English is the base, en.lproj its own).
        #expect(
            line(
                "\(plist):58:7: warning: the purpose string NSMicrophoneUsageDescription is not translated for ru: that locale shows the development-language text",
                "l10n-untranslated") != nil, "\(r.stdout)")
        #expect(r.status == 1)
        // The untouched copy: none of these.
        let clean = try Self.copy("64characters__Telephone")
        let cleanPath = clean.url.path
        let c = try await onOwnThread { try Binary.run(["check", cleanPath]) }
        #expect(
            !c.stdout.contains("[l10n-syntax]") && !c.stdout.contains("[l10n-untranslated]") && !c.stdout.contains("[l10n-duplicate-key]"),
            "\(c.stdout)")
    }

    @Test func aUTF16TableIsReadAndItsFaultsPlacedByLine() async throws {
        let dir = try Self.copy("MaddTheSane__LaTexIt")
        let file = dir.url.appendingPathComponent("de.lproj/legacy/InfoPlist.strings")
        let raw = try Data(contentsOf: file)
        #expect(raw.starts(with: [0xFF, 0xFE]))
        // A table with a missing quote, written back as UTF-16LE with its BOM, in the de.lproj the Info.plist reads.
        let target = dir.url.appendingPathComponent("de.lproj/InfoPlist.strings")
        var text = String(decoding: raw.dropFirst(2).withUnsafeBytes { Array($0.bindMemory(to: UInt16.self)) }, as: UTF16.self)
        text += "\n\"NSAppleEventsUsageDescription\" = \"unterminated;\n"
        try Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: target)
        let line = text.components(separatedBy: "\n").count - 1
        let r = try await onOwnThread { try Binary.run(["check", target.path]) }
        #expect(
            r.stdout.contains(
                "\(target.path):\(line):35: error: unterminated string: the file ends before its closing quote [l10n-syntax]"),
            "\(r.stdout)")
        #expect(!r.stdout.contains("missing ';'"), "no follow-on problem after the unterminated string: \(r.stdout)")
        // The rest of the UTF-16 table was read: its entries are checked against the Info.plist.
        #expect(r.stdout.contains("\(target.path):4:1: note: CFBundleVersion is not a localizable key"), "\(r.stdout)")
    }

    @Test func catalogStatesAndEmptyTranslationsAreReported() async throws {
        let dir = try Self.copy("kongbaguni__lightMeter")
        let catalog = dir.url.appendingPathComponent("InfoPlist.xcstrings")
        try Self.edit(catalog) { text in
            text.replacingOccurrences(
                of: "\"state\" : \"translated\",\n            \"value\" : \"필카노출계\"",
                with: "\"state\" : \"needs_review\",\n            \"value\" : \"\"")
        }
        let path = dir.url.path
        let r = try await onOwnThread { try Binary.run(["check", path]) }
        let lines = try String(contentsOf: catalog, encoding: .utf8).components(separatedBy: "\n")
        let state = lines.firstIndex { $0.contains("needs_review") }! + 1
        #expect(
            r.stdout.contains(
                "\(catalog.path):\(state):23: note: the ko translation of 'CFBundleDisplayName' needs review: its source text changed after it was translated [l10n-catalog-state]"
            ), "\(r.stdout)")
        #expect(
            r.stdout.contains("\(catalog.path):\(state + 1):23: warning: the translation of 'CFBundleDisplayName' (ko) is empty"),
            "\(r.stdout)")
    }

    /// Issue #39, point 7: a catalog whose `strings` is not an object, a key twice in `strings`, a
    /// locale twice in one key, and nesting deeper than the reader goes, each said at its place.
    @Test func catalogShapeDuplicatesAndDepthAreReported() async throws {
        let dir = try Self.copy("kongbaguni__lightMeter")
        let catalog = dir.url.appendingPathComponent("InfoPlist.xcstrings")
        let original = try String(contentsOf: catalog, encoding: .utf8)
        let path = dir.url.path
        for (name, replacement) in [("an array", "[]"), ("a string", "\"CFBundleDisplayName\"")] {
            let strings = original.range(of: "\"strings\" : ")!
            let text = String(original[..<strings.upperBound]) + replacement + ",\n  \"version\" : \"1.0\"\n}\n"
            try text.write(to: catalog, atomically: true, encoding: .utf8)
            let r = try await onOwnThread { try Binary.run(["check", path]) }
            #expect(
                r.stdout.contains(
                    "\(catalog.path):3:15: error: \"strings\" is \(name), not an object of keys and their translations: Xcode reads no translation from this catalog [l10n-syntax]"
                ), "\(r.stdout)")
        }
        // The first key again, at the end of `strings`; and a second "ko" in the first key.
        let lines = original.components(separatedBy: "\n")
        let close = lines.lastIndex { $0 == "  }," }!
        let first = lines.firstIndex { $0.contains("\"CFBundleDisplayName\" : {") }!
        let ko = lines.firstIndex { $0.contains("\"ko\" : {") }!
        var changed = lines
        changed.insert(
            "    ,\"CFBundleDisplayName\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Belichtungsmesser\" } } } }",
            at: close)
        changed.insert("        \"ko\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"노출계\" } },", at: ko)
        try changed.joined(separator: "\n").write(to: catalog, atomically: true, encoding: .utf8)
        let r = try await onOwnThread { try Binary.run(["check", path]) }
        #expect(
            r.stdout.contains(
                "\(catalog.path):\(close + 2):6: warning: 'CFBundleDisplayName' appears twice in this catalog's \"strings\"; only one of the two is read [l10n-duplicate-key]"
            ), "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "\(catalog.path):\(ko + 2):9: warning: 'CFBundleDisplayName' is translated to 'ko' twice; only one of the two is read [l10n-duplicate-key]"
            ), "\(r.stdout)")
        #expect(first < ko)
        // Valid JSON nested 300 deep in a comment: one clear note of the depth, no syntax error after it.
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let nested = original.replacingOccurrences(of: "\"comment\" : \"Bundle display name\",", with: "\"comment\" : \(deep),")
        #expect(nested != original)
        try nested.write(to: catalog, atomically: true, encoding: .utf8)
        let d = try await onOwnThread { try Binary.run(["check", path]) }
        let errors = d.stdout.split(separator: "\n").filter { $0.contains("InfoPlist.xcstrings") && $0.contains("[l10n-syntax]") }
        #expect(
            errors.count == 1 && errors[0].contains("arrays and objects nested deeper than 256 levels: this value is not read"),
            "\(d.stdout)")
    }

    /// #40 point 5: a String Catalog is read by the one positional JSON reader, which reports what
    /// RFC 8259 forbids (Xcode's JSON reader refuses it) where the old tolerant reader let it pass:
    /// a raw control character, an unknown escape, a malformed number.
    @Test func catalogJSONViolationsAreReportedAtTheirPlace() async throws {
        let dir = try Self.copy("kongbaguni__lightMeter")
        let catalog = dir.url.appendingPathComponent("InfoPlist.xcstrings")
        let original = try String(contentsOf: catalog, encoding: .utf8)
        let changed = original.replacingOccurrences(
            of: "\"comment\" : \"Bundle display name\",", with: "\"comment\" : \"Bundle\tdisplay \\q name\", \"extra\" : 1e+-,")
        #expect(changed != original)
        try changed.write(to: catalog, atomically: true, encoding: .utf8)
        let path = dir.url.path
        let r = try await onOwnThread { try Binary.run(["check", path]) }
        let errors = r.stdout.split(separator: "\n").filter {
            $0.contains("InfoPlist.xcstrings") && $0.contains("error:") && $0.contains("[l10n-syntax]")
        }
        #expect(errors.count == 3, "\(r.stdout)")
        #expect(errors.contains { $0.contains("a control character in a string must be escaped (\\u0009)") }, "\(errors)")
        #expect(errors.contains { $0.contains("\\q is not a JSON escape") }, "\(errors)")
        #expect(errors.contains { $0.contains("1e+- is not a JSON number") }, "\(errors)")
    }

    @Test func checkProjectIncludesTheTablesOfItsInfoPlists() async throws {
        let dir = try Self.copy("64characters__Telephone")
        let ru = dir.url.appendingPathComponent("Telephone/ru.lproj/InfoPlist.strings")
        try Self.edit(ru) { $0 + "\"NSContactsUsageDescription\" = \"\";\n" }
        let path = dir.url.path
        let r = try await onOwnThread { try Binary.run(["check", "--project", path]) }
        // The project's Info.plist, and the table that translates it, though no path named it.
        #expect(r.stdout.contains("\(ru.path):"), "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "'NSContactsUsageDescription' is translated twice in this table; only one of the two is read [l10n-duplicate-key]"),
            "\(r.stdout)")
    }
}

/// Issue #39, point 5: `check` on an Info.plist whose table is over the project reader's 16 MB says
/// the table was not read and why, and does not call its locale untranslated; `check` on that table
/// checks it against the Info.plist it translates.
@Suite struct CheckLargeTranslationTests {
    @Test func aTableTooLargeForTheProjectReaderIsNamedAndStillChecked() async throws {
        let dir = try TemporaryDirectory()
        let plist = try dir.write(
            "App/Info.plist",
            PlistText.dictionary(
                "\t<key>CFBundleDevelopmentRegion</key>\n\t<string>en</string>\n\t<key>NSCameraUsageDescription</key>\n\t<string>Scan codes with the camera.</string>"
            ))
        _ = try dir.write("App/fr.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Appareil\";\n")
        var de = "\"NSCameraUsageDescription\" = \"Kamera für Codes\";\n\"NSBogusUsageDescription\" = \"Unbekannt\";\n"
        let filler = "/* Ein Kommentar, der die Datei über die Grenze füllt: \(String(repeating: "x", count: 1000)) */\n"
        while de.utf8.count < 17 << 20 { de += filler }
        let table = try dir.write("App/de.lproj/InfoPlist.strings", de)
        let path = dir.url.path
        let r = try await onOwnThread { try Binary.run(["check", plist.path], in: URL(fileURLWithPath: path)) }
        #expect(
            r.stdout.contains(
                "App/Info.plist:6:7: note: de.lproj/InfoPlist.strings was not read (larger than the 16 MB a project file may be), so the de translations of this Info.plist are not checked"
            ), "\(r.stdout)")
        #expect(r.stdout.contains("NSCameraUsageDescription is not translated for fr:"), "\(r.stdout)")
        #expect(!r.stdout.contains("not translated for de") && !r.stdout.contains("for fr, de"), "\(r.stdout)")
        let t = try await onOwnThread { try Binary.run(["check", table.path]) }
        #expect(
            t.stdout.contains(
                "InfoPlist.strings:2:1: note: the Info.plist has no 'NSBogusUsageDescription': nothing reads this translation [l10n-unknown-key]"
            ), "\(t.stdout)")
    }

    @Test func aCatalogTooLargeForTheProjectReaderIsNamedAndNoLocaleIsCalledUntranslated() async throws {
        let dir = try TemporaryDirectory()
        let plist = try dir.write(
            "App/Info.plist",
            PlistText.dictionary(
                "\t<key>CFBundleDevelopmentRegion</key>\n\t<string>en</string>\n\t<key>NSCameraUsageDescription</key>\n\t<string>Scan codes with the camera.</string>"
            ))
        var catalog =
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"NSBogusUsageDescription\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"x\" } } } }"
        var i = 0
        let comment = String(repeating: "y", count: 1000)
        while catalog.utf8.count < 17 << 20 {
            catalog += ",\n    \"Filler \(i)\" : { \"comment\" : \"\(comment)\" }"
            i += 1
        }
        catalog += "\n  },\n  \"version\" : \"1.0\"\n}\n"
        let file = try dir.write("App/InfoPlist.xcstrings", catalog)
        let r = try await onOwnThread { try Binary.run(["check", plist.path]) }
        #expect(
            r.stdout.contains(
                "App/Info.plist:6:7: note: InfoPlist.xcstrings was not read (larger than the 16 MB a project file may be), so every locale's translations of this Info.plist are not checked"
            ), "\(r.stdout)")
        #expect(!r.stdout.contains("is not translated for"), "\(r.stdout)")
        let c = try await onOwnThread { try Binary.run(["check", file.path]) }
        #expect(
            c.stdout.contains(
                "InfoPlist.xcstrings:4:5: note: the Info.plist has no 'NSBogusUsageDescription': nothing reads this translation [l10n-unknown-key]"
            ), "\(c.stdout.prefix(2000))")
    }
}
