// The String Catalog edit of `l10n-untranslated`'s fix (issue #38): one insertion, the rest of the
// file byte for byte, valid JSON after, in each shape an entry can have; no edit when the catalog
// does not read cleanly or already holds the locale.
import Foundation
import PlistAnalysis
import PlistSyntax
import Testing

struct CatalogInsertionTests {
    static func applied(_ text: String, key: String = "NSCameraUsageDescription", locales: [String] = ["de", "fr"]) -> String? {
        let catalog = StringCatalog(text: Array(text.utf8))
        guard let edit = CatalogInsertion.adding(key: key, value: "Scan \"codes\"\n", locales: locales, to: catalog) else { return nil }
        #expect(edit.range.isEmpty, "an insertion")
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(edit.range, with: edit.replacement)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func localizations(_ text: String, _ key: String = "NSCameraUsageDescription") throws -> [String: [String: String]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let entry = try #require((json["strings"] as? [String: Any])?[key] as? [String: Any])
        let l = try #require(entry["localizations"] as? [String: Any])
        return l.mapValues { (($0 as? [String: Any])?["stringUnit"] as? [String: String]) ?? [:] }
    }

    @Test func aNewKeyIsAddedAfterTheLastEntryIndentedAsTheFileIs() throws {
        let text =
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"CFBundleName\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"App\"\n          }\n        }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
        let after = try #require(Self.applied(text))
        let l = try Self.localizations(after)
        #expect(l["de"] == ["state": "new", "value": "Scan \"codes\"\n"] && l["fr"]?["state"] == "new")
        #expect(
            after.contains(
                "\n    \"NSCameraUsageDescription\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n"),
            "\(after)")
        #expect(try Self.localizations(after, "CFBundleName")["de"]?["value"] == "App")
    }

    @Test func anExistingEntryGetsItsLocalizationsOrMoreOfThem() throws {
        // An entry without localizations (Xcode writes `{ }` for a key only the source language has).
        let bare =
            "{\n\t\"sourceLanguage\" : \"en\",\n\t\"strings\" : {\n\t\t\"NSCameraUsageDescription\" : {\n\t\t\t\"comment\" : \"Camera\"\n\t\t}\n\t},\n\t\"version\" : \"1.0\"\n}"
        let a = try #require(Self.applied(bare))
        #expect(Set(try Self.localizations(a).keys) == ["de", "fr"])
        #expect(a.contains("\n\t\t\t\"localizations\" : {\n\t\t\t\t\"de\" : {"), "\(a)")
        // An empty entry.
        let empty = "{\"sourceLanguage\":\"en\",\"strings\":{\"NSCameraUsageDescription\":{}},\"version\":\"1.0\"}"
        #expect(Set(try Self.localizations(try #require(Self.applied(empty))).keys) == ["de", "fr"])
        // Localizations of other locales: the new ones join them.
        let some =
            "{\"sourceLanguage\":\"en\",\"strings\":{\"NSCameraUsageDescription\":{\"localizations\":{\"ja\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"カメラ\"}}}}},\"version\":\"1.0\"}"
        let s = try #require(Self.applied(some))
        #expect(Set(try Self.localizations(s).keys) == ["de", "fr", "ja"])
        #expect(
            s.hasPrefix(
                "{\"sourceLanguage\":\"en\",\"strings\":{\"NSCameraUsageDescription\":{\"localizations\":{\"ja\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"カメラ\"}}"
            ))
    }

    @Test func noEditWhenTheCatalogCannotTakeItSafely() {
        // Broken JSON, a locale already there (empty), no strings object.
        #expect(Self.applied("{\"sourceLanguage\":\"en\",\"strings\":{\"A\":{} \"B\":{}}}") == nil)
        #expect(
            Self.applied(
                "{\"sourceLanguage\":\"en\",\"strings\":{\"NSCameraUsageDescription\":{\"localizations\":{\"de\":{\"stringUnit\":{\"state\":\"new\",\"value\":\"\"}}}}}}"
            ) == nil)
        #expect(Self.applied("{\"sourceLanguage\":\"en\"}") == nil)
    }
}
