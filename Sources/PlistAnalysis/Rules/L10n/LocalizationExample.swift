// A localization rule's examples: a translation file (or the Info.plist) with the files around it.
import PlistSyntax
import XcodeProject

/// A text a localization rule is tried on: the docs show it, the example test runs it.
public struct LocalizationExample: Sendable {
    /// The file the rule reports in: a strings table, a catalog, or (for `l10n-untranslated`) the
    /// Info.plist; without markers.
    public var text: String
    /// Where the rule's findings start in `text` (UTF-8 offsets), as the example marks them with
    /// `↓` (`RuleExample.marker`); nil when it marks none.
    public var markers: [Int]?
    /// Its path, below the app's folder: `de.lproj/InfoPlist.strings`, `InfoPlist.xcstrings`, `Info.plist`.
    public var path: String
    public var triggers: Bool
    /// The text after the preferred fix (of `text`, or of the first other file the fix edits).
    public var fixedText: String?
    /// The Info.plist the file translates (nil: `text` is the Info.plist, or there is none).
    public var infoPlist: String?
    /// The other translation files, path below the app's folder and text.
    public var files: [(path: String, text: String)]
    /// The project's `knownRegions`.
    public var knownRegions: [String]

    init(text: String, path: String, triggers: Bool, fixedText: String?, infoPlist: String?, files: [(path: String, text: String)],
         knownRegions: [String]) {
        (self.text, self.markers) = RuleExample.removingMarkers(text)
        self.path = path
        self.triggers = triggers
        self.fixedText = fixedText
        self.infoPlist = infoPlist
        self.files = files
        self.knownRegions = knownRegions
    }

    public static func triggering(_ text: String, path: String, infoPlist: String? = nil, files: [(path: String, text: String)] = [],
                                  knownRegions: [String] = [], fixed: String? = nil) -> LocalizationExample {
        LocalizationExample(text: text, path: path, triggers: true, fixedText: fixed, infoPlist: infoPlist, files: files, knownRegions: knownRegions)
    }

    public static func nonTriggering(_ text: String, path: String, infoPlist: String? = nil, files: [(path: String, text: String)] = [],
                                     knownRegions: [String] = []) -> LocalizationExample {
        LocalizationExample(text: text, path: path, triggers: false, fixedText: nil, infoPlist: infoPlist, files: files, knownRegions: knownRegions)
    }

    /// The text with `↓` where the rule's findings start, as the example was written.
    public var markedText: String {
        guard let markers else { return text }
        var bytes = Array(text.utf8)
        for offset in markers.reversed() { bytes.insert(contentsOf: RuleExample.marker.utf8, at: offset) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where the example's app is.
    public static let root = "/project/App"

    /// The example's findings from every localization rule, and the text its findings refer to.
    public func findings() -> [Finding] {
        if path.hasSuffix("Info.plist") {
            let document = PlistDocument(text: Array(text.utf8))
            var set = LocalizationSet(infoPlistPath: "\(Self.root)/\(path)", lprojDirectory: Self.root, knownRegions: knownRegions, projectPath: knownRegions.isEmpty ? nil : "/project/App.xcodeproj/project.pbxproj")
            for f in files {
                let full = "\(Self.root)/\(f.path)"
                if f.path.hasSuffix(".xcstrings") {
                    set.catalogs.append(LocalizedCatalog(path: full, catalog: StringCatalog(text: Array(f.text.utf8))))
                } else if let locale = TranslationFile.locale(ofPath: full) {
                    set.tables.append(LocalizedTable(locale: locale, path: full, table: StringsTable(raw: Array(f.text.utf8))))
                    set.lprojLocales.append(locale)
                }
            }
            return Analyzer.findings(forLocalized: LocalizedPlistContext(document: document, set: set))
        }
        let full = "\(Self.root)/\(path)"
        let context = TranslationContext(path: full, file: .reading(Array(text.utf8), path: full), infoPlist: infoPlist.map { PlistDocument(text: Array($0.utf8)) })
        return Analyzer.findings(forTranslation: context)
    }
}
