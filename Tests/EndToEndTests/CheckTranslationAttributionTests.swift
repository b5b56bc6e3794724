// `plist-lsp check` on checkouts as people have them (issue #38, points 2 and 3): translations
// are the target's, read from its project, not whatever `.lproj` folders lie near its Info.plist.
// Each checkout is a real app of ../shared/l10n copied to a temporary directory, with what real
// repositories hold beside it: the extensions and tests the project builds (their Info.plists,
// which the shared data leaves out), leftover `.lproj` folders no target builds. Every
// translation finding `check` gives there is checked against the files.
import Foundation
import PlistTestSupport
import Testing

@Suite(.enabled(if: SharedData.runLocalizationTests, SharedData.localizationSkipNote))
struct CheckTranslationAttributionTests {
    static func plist(_ entries: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleDevelopmentRegion</key>\n\t<string>$(DEVELOPMENT_LANGUAGE)</string>\n\t<key>CFBundleExecutable</key>\n\t<string>$(EXECUTABLE_NAME)</string>\n\(entries)</dict>\n</plist>\n"
    }

    /// Delta Chat as cloned: the app (with 47 `InfoPlist.strings` beside its Info.plist) and the
    /// share, widget, notification and App Clip targets the project builds, each with its own
    /// Info.plist in a folder beside the app's. None of them has an `InfoPlist.strings`; the share
    /// and notification extensions have `Localizable.strings`, the App Clip nothing localized.
    static func deltaChat() throws -> TemporaryDirectory {
        let dir = try CheckLocalizationTests.copy("deltachat__deltachat-ios")
        func write(_ path: String, _ text: String) throws {
            let url = dir.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let name = "\t<key>CFBundleDisplayName</key>\n\t<string>Delta Chat</string>\n"
        try write("DcShare/Info.plist", plist(name))
        try write("DcWidget/Info.plist", plist(name))
        try write("DcNotificationService/Info.plist", plist(name))
        // The App Clip scans QR codes: a purpose string the app translates in 40 locales.
        try write(
            "DcAppClip/Info.plist",
            plist(name + "\t<key>NSCameraUsageDescription</key>\n\t<string>Delta Chat uses your camera to scan QR codes.</string>\n"))
        return dir
    }

    /// The `l10n-untranslated` lines of a `check` run, as (path, message).
    static func untranslated(_ stdout: String) -> [(path: String, message: String)] {
        stdout.split(separator: "\n").map(String.init).filter { $0.hasSuffix("[l10n-untranslated]") }.compactMap { line in
            guard let warning = line.range(of: ": warning: ") else { return nil }
            let location = line[..<warning.lowerBound]
            let path = location.split(separator: ":").dropLast(2).joined(separator: ":")
            return (path, String(line[warning.upperBound...].dropLast(" [l10n-untranslated]".count)))
        }
    }

    /// The locales a message lists (nil when it cuts the list with "and N more").
    static func locales(in message: String) -> [String]? {
        guard let start = message.range(of: " is not translated for "),
            let end = message.range(of: ": th", range: start.upperBound..<message.endIndex)
        else { return nil }
        let list = message[start.upperBound..<end.lowerBound]
        if list.contains(" more") { return nil }
        return list.components(separatedBy: ", ")
    }

    @Test func theExtensionsBesideTheAppGetNoneOfItsTranslations() async throws {
        let dir = try Self.deltaChat()
        let path = dir.url.path
        let r = try await onOwnThread { try Binary.run(["check", "--project", path, path]) }
        let found = Self.untranslated(r.stdout)
        // The targets without translations of their own: nothing (before: the App Clip's camera
        // purpose string "not translated" in the app's locales).
        for target in ["DcShare", "DcWidget", "DcNotificationService", "DcAppClip"] {
            #expect(!found.contains { $0.path.contains("/\(target)/") }, "\(target): \(found.filter { $0.path.contains("/\(target)/") })")
        }
        // The app: every finding names the target whose resources were read, and every locale it
        // names truly lacks the text (its table has no such key, or it has no table).
        let app = found.filter { $0.path.hasSuffix("deltachat-ios/Info.plist") }
        #expect(!app.isEmpty, "\(r.stdout.prefix(3000))")
        for finding in app {
            #expect(
                finding.message.hasSuffix("(translations: the resources of target deltachat-ios in deltachat-ios.xcodeproj)"),
                "\(finding.message)")
            let key = try #require(finding.message.split(separator: " ").first { $0.hasPrefix("NS") }).description
            for locale in Self.locales(in: finding.message) ?? [] {
                let table = dir.url.appendingPathComponent("deltachat-ios/\(locale).lproj/InfoPlist.strings")
                let text = (try? String(contentsOf: table, encoding: .utf8)) ?? ""
                let translates = text.split(separator: "\n").contains { line in
                    let entry = line.trimmingCharacters(in: .whitespaces)
                    return (entry.hasPrefix("\(key) = \"") || entry.hasPrefix("\"\(key)\" = \"")) && !entry.hasSuffix("= \"\";")
                }
                #expect(!translates, "\(locale) translates \(key): \(finding.message)")
            }
        }
    }

    /// Squirrel as ownCloud has it: the target builds `InfoPlist.xcstrings` (en, zh-Hans,
    /// zh-Hant; knownRegions the same), and leftover tables of four other locales lie beside the
    /// Info.plist, in no target. A purpose string added to the Info.plist and not yet to the
    /// catalog is untranslated for the catalog's locales only.
    static func squirrel() throws -> TemporaryDirectory {
        let dir = try CheckLocalizationTests.copy("rime__squirrel")
        for locale in ["bg_BG", "de_CH", "ru_RU", "zh_TW"] {
            let folder = dir.url.appendingPathComponent("resources/\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "/* Localized versions of Info.plist keys */\n\nCFBundleGetInfoString = \"Squirrel 0.9\";\n".write(
                to: folder.appendingPathComponent("InfoPlist.strings"), atomically: true, encoding: .utf8)
        }
        try CheckLocalizationTests.edit(dir.url.appendingPathComponent("resources/Info.plist")) {
            $0.replacingOccurrences(
                of: "<dict>\n",
                with:
                    "<dict>\n\t<key>NSAppleEventsUsageDescription</key>\n\t<string>Squirrel switches input sources with Apple Events.</string>\n"
            )
        }
        return dir
    }

    @Test func leftoverTablesBesideABuiltCatalogAreNotLocales() async throws {
        let dir = try Self.squirrel()
        let path = dir.url.path
        let r = try await onOwnThread { try Binary.run(["check", "--project", path, path]) }
        let found = Self.untranslated(r.stdout)
        let plist = try #require(found.first { $0.path.hasSuffix("resources/Info.plist") }, "\(r.stdout.prefix(3000))")
        #expect(
            plist.message
                == "the purpose string NSAppleEventsUsageDescription is not translated for zh-Hans, zh-Hant: those locales show the development-language text (translations: the resources of target Squirrel in Squirrel.xcodeproj)"
        )
        // CFBundleName, which the catalog translates in every locale the target ships, is fine:
        // the leftover tables (which lack it) are not locales of the app.
        #expect(found.count == 1, "\(found)")
        for stray in ["bg_BG", "de_CH", "ru_RU", "zh_TW"] { #expect(!r.stdout.contains(stray), "\(r.stdout)") }
    }
}
