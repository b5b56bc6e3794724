// Issue #39, point 5: the findings of a translation kept from one version to the next
// (`TranslationFindingsMemo`). The count of every key moves on in place from the version that
// owns it; two versions analysed from the same memo (a keystroke's diagnostics and a code action
// racing) must each count their own keys, whichever moved the counts first.
import PlistAnalysis
import PlistSyntax
import Testing

struct TranslationMemoTests {
    static let path = "/App/de.lproj/InfoPlist.strings"

    /// 1,000 entries (four blocks) whose key `Twice` is at entries 10 and 900, in different blocks.
    static let text: [UInt8] = {
        var text = ""
        for i in 0..<1_000 {
            let key = i == 10 || i == 900 ? "Twice" : "Key \(i)"
            text += "\"\(key)\" = \"Wert \(i)\";\n"
        }
        return Array(text.utf8)
    }()

    /// `text` with the bytes at the first occurrence of `old` after `from` replaced by `new`, and
    /// that change.
    static func replacing(
        _ old: String, with new: String, in text: [UInt8], after from: Int = 0
    ) -> (bytes: [UInt8], change: (range: Range<Int>, count: Int)) {
        let needle = Array(old.utf8)
        let at = (from..<text.count).first { text[$0...].starts(with: needle) }!
        var bytes = text
        bytes.replaceSubrange(at..<(at + needle.count), with: Array(new.utf8))
        return (bytes, (at..<(at + needle.count), new.utf8.count))
    }

    static func summary(_ findings: [Finding]) -> [String] { findings.map { "\($0.range) \($0.code) \($0.message)" } }

    static func whole(_ file: TranslationFile) -> [String] {
        summary(Analyzer.findings(forTranslation: TranslationContext(path: path, file: file, infoPlist: nil)))
    }

    static func incremental(_ file: TranslationFile, memo: TranslationFindingsMemo?) -> ([String], TranslationFindingsMemo?) {
        let (found, next) = Analyzer.findings(forTranslation: file, at: path, infoPlist: nil, configuration: .default, memo: memo)
        return (summary(found), next)
    }

    @Test func twoVersionsAnalysedFromOneMemoEachCountTheirOwnKeys() {
        let v0 = TranslationFile.reading(Self.text, path: Self.path)
        let (first, m0) = Self.incremental(v0, memo: nil)
        #expect(first == Self.whole(v0))
        #expect(first.contains { $0.contains("l10n-duplicate-key") })

        // v1 renames the second `Twice`: no duplicate left. Its analysis moves m0's counts on.
        let start = Self.text.count / 2
        let (b1, c1) = Self.replacing("\"Twice\"", with: "\"Once\"", in: Self.text, after: start)
        let v1 = TranslationFile.reading(b1, path: Self.path, reusing: v0, change: c1)
        let (second, m1) = Self.incremental(v1, memo: m0)
        #expect(second == Self.whole(v1))
        #expect(!second.contains { $0.contains("l10n-duplicate-key") })

        // v1' edits a value of v0 instead, from the same m0 (whose counts moved on to v1): the
        // duplicate is still there.
        let (b2, c2) = Self.replacing("Wert 500", with: "Wert 5000", in: Self.text)
        let v2 = TranslationFile.reading(b2, path: Self.path, reusing: v0, change: c2)
        let (third, m2) = Self.incremental(v2, memo: m0)
        #expect(third == Self.whole(v2))
        #expect(third.contains { $0.contains("l10n-duplicate-key") })

        // Both later memos go on counting right: v1 with `Twice` typed back, v1' with it renamed.
        let (b3, c3) = Self.replacing("\"Once\"", with: "\"Twice\"", in: b1, after: start)
        let v3 = TranslationFile.reading(b3, path: Self.path, reusing: v1, change: c3)
        #expect(Self.incremental(v3, memo: m1).0 == Self.whole(v3))
        let (b4, c4) = Self.replacing("\"Twice\"", with: "\"Once\"", in: b2, after: start)
        let v4 = TranslationFile.reading(b4, path: Self.path, reusing: v2, change: c4)
        let (fourth, _) = Self.incremental(v4, memo: m2)
        #expect(fourth == Self.whole(v4))
        #expect(!fourth.contains { $0.contains("l10n-duplicate-key") })
    }
}
