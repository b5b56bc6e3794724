// What an example is analysed as, whatever rule it documents: a plist (with the translations
// beside it for an Info.plist), or a translation file against the Info.plist it translates. The
// catalogue's tests, the documentation's safe-fix column and the fix tests all read this.
import PlistSyntax
import XcodeProject

extension RuleExample {
    /// Where an example's app is (its translation files are below it).
    public static let appFolder = "/project/App"

    /// How the example's text is read, as the analysis decides it for any file (`DocumentFormat`).
    public var format: DocumentFormat { DocumentFormat.of(path: path, text: Array(text.utf8)) }

    /// The example's findings from every rule of the catalogue, and the text their ranges refer to.
    /// A translation file is checked against its `infoPlist`; an Info.plist with translation
    /// `files` also gets the findings of what they do not translate, in document order.
    public func findings(configuration: AnalysisConfiguration = .default) -> (text: [UInt8], findings: [Finding]) {
        if !format.isPropertyList {
            let full = "\(Self.appFolder)/\(path)"
            let file = TranslationFile.reading(Array(text.utf8), path: full)
            let context = TranslationContext(
                path: full, file: file, infoPlist: translations?.infoPlist.map { PlistDocument(text: Array($0.utf8)) })
            return (file.text, Analyzer.findings(forTranslation: context, configuration: configuration))
        }
        let (bytes, found) = Analyzer.findings(
            forFileBytes: Array(text.utf8), path: path, configuration: configuration,
            evidence: evidence, project: projectInput)
        guard let translations, let set = localizationSet(translations),
            case .success(let decoded) = SourceDecoding.decode(Array(text.utf8))
        else {
            return (bytes, found)
        }
        let localized = Analyzer.findings(
            forLocalized: LocalizedPlistContext(document: PlistDocument(text: decoded), set: set), configuration: configuration)
        return (bytes, Analyzer.inDocumentOrder(found + localized, limitPerRule: nil))
    }

    /// The translations beside the example's Info.plist, as the finder would read them.
    private func localizationSet(_ translations: ExampleTranslations) -> LocalizationSet? {
        guard !translations.files.isEmpty || !translations.knownRegions.isEmpty else { return nil }
        let knownRegions = translations.knownRegions
        var set = LocalizationSet(
            infoPlistPath: "\(Self.appFolder)/\(path)", lprojDirectory: Self.appFolder, knownRegions: knownRegions,
            projectPath: knownRegions.isEmpty ? nil : "/project/App.xcodeproj/project.pbxproj")
        for f in translations.files {
            let full = "\(Self.appFolder)/\(f.path)"
            if DocumentFormat.byName(f.path) == .stringCatalog {
                set.catalogs.append(LocalizedCatalog(path: full, catalog: StringCatalog(text: Array(f.text.utf8))))
            } else if let locale = TranslationFile.locale(ofPath: full) {
                set.tables.append(LocalizedTable(locale: locale, path: full, table: StringsTable(raw: Array(f.text.utf8))))
                set.lprojLocales.append(locale)
            }
        }
        return set
    }
}
