// The strings-table and String Catalog readers: exact byte ranges, escapes, encodings, tolerance,
// and every real file of ../shared/l10n read without a problem.
import Foundation
import PlistSyntax
import PlistTestSupport
import Testing

@Suite struct LocalizationReaderTests {
    private func table(_ s: String) -> StringsTable { StringsTable(raw: Array(s.utf8)) }
    private func slice(_ t: StringsTable, _ r: Range<Int>) -> String { String(decoding: t.text[r], as: UTF8.self) }

    @Test func entriesKeepTheirByteRanges() {
        let s = "/* Privacy */\n\"NSCameraUsageDescription\" = \"Scan 🔥 codes\";\nCFBundleName = \"Loop\"; // name\n"
        let t = table(s)
        #expect(t.problems.isEmpty)
        #expect(t.entries.map(\.key) == ["NSCameraUsageDescription", "CFBundleName"])
        #expect(t.entries.map(\.value) == ["Scan 🔥 codes", "Loop"])
        #expect(slice(t, t.entries[0].keyRange) == "\"NSCameraUsageDescription\"")
        #expect(slice(t, t.entries[0].valueRange) == "\"Scan 🔥 codes\"")
        #expect(slice(t, t.entries[1].keyRange) == "CFBundleName")
        #expect(slice(t, t.entries[1].range) == "CFBundleName = \"Loop\";")
    }

    @Test func escapesDecode() {
        let t = table(#""a" = "line\none \"q\" \U00E9 \UD83D\UDE00 \101";"#)
        #expect(t.problems.isEmpty)
        #expect(t.entries.first?.value == "line\none \"q\" é 😀 A")
    }

    @Test func utf16WithByteOrderMarksAndUTF8BOMRead() {
        let s = "\"CFBundleName\" = \"Zoë\";\n"
        var le: [UInt8] = [0xFF, 0xFE], be: [UInt8] = [0xFE, 0xFF]
        for u in s.utf16 { le += [UInt8(u & 0xFF), UInt8(u >> 8)]; be += [UInt8(u >> 8), UInt8(u & 0xFF)] }
        for raw in [le, be, [0xEF, 0xBB, 0xBF] + Array(s.utf8)] {
            let t = StringsTable(raw: raw)
            #expect(t.problems.isEmpty)
            #expect(t.entries.map(\.value) == ["Zoë"])
        }
    }

    @Test func emptyAndCommentOnlyFilesHaveNoEntriesAndNoProblems() {
        for s in ["", "\n\n", "/* nothing yet */\n", "// a\n"] {
            let t = table(s)
            #expect(t.entries.isEmpty && t.problems.isEmpty, "\(s.debugDescription)")
        }
    }

    @Test func missingSemicolonIsReportedAfterTheValueAndReadingGoesOn() {
        let s = "\"a\" = \"1\"\n\"b\" = \"2\";\n"
        let t = table(s)
        #expect(t.entries.map(\.key) == ["a", "b"])
        #expect(t.problems.map(\.code) == [.missingSemicolon])
        #expect(t.problems.first?.range == 9..<9)
    }

    @Test func unterminatedStringIsReportedAtItsQuote() {
        let s = "\"a\" = \"1\";\n\"b\" = \"never closed;\n"
        let t = table(s)
        #expect(t.entries.first?.key == "a")
        #expect(t.problems.contains { $0.code == .unterminated && $0.range == 17..<18 })
    }

    @Test func strayTextAndMissingEqualsAreProblemsAtTheirPlace() {
        let t = table("\"a\" \"1\";\n= \"x\";\n\"c\" = \"3\";\n")
        #expect(t.entries.map(\.key) == ["c"])
        #expect(t.problems.map(\.code) == [.unexpectedText, .unexpectedText])
        #expect(t.problems.first?.range == 0..<3)
    }

    @Test func catalogReadsLocalizationsWithRanges() {
        let s = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "NSCameraUsageDescription" : {
                  "extractionState" : "manual",
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Kamera \\u00e9 \\ud83d\\ude00" } },
                    "en" : { "variations" : { "device" : {} } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let c = StringCatalog(text: Array(s.utf8))
        #expect(c.problems.isEmpty)
        #expect(c.sourceLanguage == "en")
        let e = try! #require(c.entries.first)
        #expect(e.key == "NSCameraUsageDescription")
        #expect(String(decoding: c.text[e.keyRange], as: UTF8.self) == "\"NSCameraUsageDescription\"")
        #expect(e.localizations.map(\.locale) == ["de", "en"])
        #expect(e.localizations[0].state == "needs_review")
        #expect(e.localizations[0].value == "Kamera é 😀")
        #expect(String(decoding: c.text[e.localizations[0].stateRange!], as: UTF8.self) == "\"needs_review\"")
        #expect(e.localizations[1].hasVariations && e.localizations[1].value == nil)
    }

    @Test func brokenCatalogKeepsWhatItCanRead() {
        let s =
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"A\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"new\" \"value\" : \"x\" } } } }\n"
        let c = StringCatalog(text: Array(s.utf8))
        #expect(!c.problems.isEmpty)
        #expect(c.entries.map(\.key) == ["A"])
    }

    @Test(.enabled(if: SharedData.runLocalizationTests, SharedData.localizationSkipNote))
    func everyRealFileReadsWithoutAProblem() throws {
        let files = SharedData.localizationFiles.filter { $0.kind == "strings" || $0.kind == "xcstrings" }
        #expect(files.count >= 20)
        var entries = 0
        for file in files {
            let raw = try [UInt8](Data(contentsOf: file.url))
            if file.kind == "strings" {
                let t = StringsTable(raw: raw)
                #expect(t.problems.isEmpty, "\(file.repo) \(file.path): \(t.problems)")
                // The manifest counts the entries.
                if let n = file.notes.split(separator: ";").first(where: { $0.contains("entries=") }).flatMap({
                    Int($0.split(separator: "=").last!.trimmingCharacters(in: .whitespaces))
                }) {
                    #expect(t.entries.count == n, "\(file.repo) \(file.path)")
                }
                for e in t.entries {
                    let keyText = String(decoding: t.text[e.keyRange], as: UTF8.self)
                    #expect(keyText.contains(e.key) || keyText.contains("\\"), "\(file.path): \(keyText)")
                }
                entries += t.entries.count
            } else {
                let c = StringCatalog(text: raw)
                #expect(c.problems.isEmpty, "\(file.repo) \(file.path): \(c.problems)")
                #expect(c.sourceLanguage != nil && !c.entries.isEmpty, "\(file.path)")
                if let n = file.notes.split(separator: " ").first(where: { $0.hasPrefix("keys=") }).flatMap({ Int($0.dropFirst(5)) }) {
                    #expect(c.entries.count == n, "\(file.repo) \(file.path)")
                }
                entries += c.entries.count
            }
        }
        #expect(entries > 100)
    }
}
