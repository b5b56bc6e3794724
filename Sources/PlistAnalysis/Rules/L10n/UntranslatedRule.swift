// l10n-untranslated: a purpose string (or another user-facing text) that a shipped locale does not
// translate, reported on the Info.plist key with a fix per locale adding the entry to its table.
import PlistSyntax
import XcodeProject

public struct UntranslatedRule: Rule {
    public let id = "l10n-untranslated"
    public let title = "A user-facing Info.plist text that a shipped locale does not translate"
    public let rationale = """
        The system shows purpose strings while the app is not running, so only `InfoPlist.strings` \
        (in each `.lproj`) or `InfoPlist.xcstrings` can translate them: a usage description added \
        to the Info.plist but not to the translations shows the development-language text to every \
        other locale. The locales an app ships are its `.lproj` folders, the String Catalog's \
        languages, the project's `knownRegions` and `CFBundleLocalizations`, less \
        `CFBundleDevelopmentRegion`. Every purpose string needs each of them; a display name, \
        copyright, document type name or shortcut title needs each of them once one locale \
        translates it. The fix adds the entry, with the development-language text to translate, to \
        that locale's `InfoPlist.strings`. A translation file that is there but is not read (over \
        the 16 MB limit) is named in a note: what it translates is unknown, so its locales are not \
        called untranslated.
        """
    public var category: RuleCategory { .localization }
    public var fileKinds: Set<FileKind> { [.infoPlist] }
    public let defaultSeverity = Finding.Severity.warning
    static func plist(_ entries: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleDevelopmentRegion</key>\n\t<string>en</string>\n\(entries)</dict>\n</plist>\n"
    }
    static let camera = "\t<key>NSCameraUsageDescription</key>\n\t<string>Scan codes with the camera.</string>\n"
    static let microphone = "\t<key>NSMicrophoneUsageDescription</key>\n\t<string>Record voice notes.</string>\n"
    public var examples: [RuleExample] {
        [
            .triggering(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                	<key>CFBundleDevelopmentRegion</key>
                	<string>en</string>
                	<key>NSCameraUsageDescription</key>
                	<string>Scan codes with the camera.</string>
                	<key>↓NSMicrophoneUsageDescription</key>
                	<string>Record voice notes.</string>
                </dict>
                </plist>

                """,
                fixed: """
                    "NSCameraUsageDescription" = "Kamera für Codes";
                    "NSMicrophoneUsageDescription" = "Record voice notes.";

                    """, path: "Info.plist",
                files: [
                    ExampleSource("de.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"Kamera für Codes\";\n"),
                    ExampleSource(
                        "fr.lproj/InfoPlist.strings",
                        "\"NSCameraUsageDescription\" = \"Caméra pour les codes\";\n\"NSMicrophoneUsageDescription\" = \"Notes vocales\";\n"
                    ),
                ]),
            .triggering(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                	<key>CFBundleDevelopmentRegion</key>
                	<string>en</string>
                	<key>↓NSCameraUsageDescription</key>
                	<string>Scan codes with the camera.</string>
                </dict>
                </plist>

                """, path: "Info.plist",
                files: [ExampleSource("de.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"Kamera für Codes\";\n")],
                knownRegions: ["en", "de", "ja", "Base"]),
            .nonTriggering(
                Self.plist(Self.camera), path: "Info.plist",
                files: [
                    ExampleSource("de.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"Kamera für Codes\";\n"),
                    ExampleSource("en.lproj/InfoPlist.strings", ""),
                ]),
        ]
    }

    public init() {}

    /// How many locales get a fix of their own.
    static let maximumFixes = 10

    /// Where the translations were read, for the message: the targets' resources, or the folders
    /// when there is no project (issue #38).
    static func evidence(_ set: LocalizationSet) -> String {
        set.attribution.isKnown ? " (translations: \(set.attribution.evidence))" : ""
    }

    /// The spelling the catalog already uses for a locale (`pt-BR` for `pt_BR`), else its own.
    func catalogLocale(_ locale: (name: String, canonical: String, sources: [String]), in catalog: StringCatalog) -> String {
        for e in catalog.entries { for l in e.localizations where LocaleName.canonical(l.locale) == locale.canonical { return l.locale } }
        return locale.name
    }

    public func check(_ context: LocalizedPlistContext, into out: inout [Finding]) {
        // Which files translate the plist cannot be read (a project none of whose targets names
        // it): nothing is claimed (hover says why).
        guard context.set.attribution.isKnown else { return }
        // A catalog the target builds that cannot be read: every locale's text is unknown.
        guard !context.set.unreadable.contains(where: { DocumentFormat.byName($0) == .stringCatalog }) else { return }
        // A locale whose table the target builds but the checkout lacks: its text is unknown.
        var unknownLocales = Set(context.set.unreadable.compactMap { TranslationFile.locale(ofPath: $0) }.map(LocaleName.canonical))
        // A translation file that was not read (too large): what it translates is unknown, said so
        // once per file, and its locales (all of them for a catalog) are not called untranslated.
        for file in context.set.unreadFiles {
            let at = context.texts.first?.range ?? context.document.root.map { $0.element.startTagRange } ?? 0..<0
            let shown = Self.relative(file.path, to: context.set.infoPlistPath)
            let what = file.locale.map { "the \($0) translations" } ?? "every locale's translations"
            var note = diagnostic(
                "\(shown) was not read (\(file.reason)), so \(what) of this Info.plist are not checked: "
                    + "whether it translates each text is unknown; `plist-lsp check \(shown)` checks the file itself", at)
            note.severity = .information
            out.append(note)
            if let locale = file.locale { unknownLocales.insert(LocaleName.canonical(locale)) }
        }
        if context.set.unreadFiles.contains(where: { $0.locale == nil }) { return }
        let shipped = context.shippedLocales.filter { !unknownLocales.contains($0.canonical) }
        guard !shipped.isEmpty, !context.texts.isEmpty else { return }
        var reported = ExactNames()
        for text in context.texts where reported.insert(text.stringsKey) {
            let translated = context.translatingLocales(text.stringsKey)
            let missing = shipped.filter { !translated.contains($0.canonical) }
            guard !missing.isEmpty else { continue }
            // Not a purpose string: only when some shipped locale translates it (the app localizes it).
            if !text.isPurposeString && !shipped.contains(where: { translated.contains($0.canonical) }) { continue }
            let names = missing.map(\.name)
            let listed =
                names.count > 12
                ? names.prefix(12).joined(separator: ", ") + " and \(names.count - 12) more" : names.joined(separator: ", ")
            let what =
                text.isPurposeString
                ? "the purpose string \(text.plistKey)"
                : (text.plistKey == text.stringsKey ? text.plistKey : "'\(text.stringsKey)' (\(text.plistKey))")
            var fixes: [Fix] = []
            for locale in missing.prefix(Self.maximumFixes) {
                guard let table = context.set.tables.first(where: { LocaleName.canonical($0.locale) == locale.canonical }) else { continue }
                let bytes = table.table.text
                var insertion = ""
                if let last = bytes.last, last != 0x0A && last != 0x0D { insertion += "\n" }
                insertion += "\(stringsQuoted(text.stringsKey)) = \(stringsQuoted(text.baseValue));\n"
                var fix = Fix(
                    title: "Add \(text.stringsKey) to \(locale.name).lproj/InfoPlist.strings (to translate)", edits: [],
                    isPreferred: fixes.isEmpty)
                fix.otherFiles = [
                    FileEdits(path: table.path, text: bytes, edits: [SourceEdit(range: bytes.count..<bytes.count, replacement: insertion)])
                ]
                fixes.append(fix)
            }
            // The locales without a table of their own, into the catalog the target builds.
            let withoutTable = missing.filter { locale in
                !context.set.tables.contains { LocaleName.canonical($0.locale) == locale.canonical }
            }
            if let catalog = context.set.catalogs.first, !withoutTable.isEmpty {
                let locales = withoutTable.map { locale in catalogLocale(locale, in: catalog.catalog) }
                if let edit = CatalogInsertion.adding(key: text.stringsKey, value: text.baseValue, locales: locales, to: catalog.catalog) {
                    let file = catalog.path.split(separator: "/").last.map(String.init) ?? catalog.path
                    let shown =
                        locales.count > 6
                        ? locales.prefix(6).joined(separator: ", ") + " and \(locales.count - 6) more" : locales.joined(separator: ", ")
                    var fix = Fix(
                        title: "Add \(text.stringsKey) to \(file) for \(shown) (to translate)", edits: [], isPreferred: fixes.isEmpty)
                    fix.otherFiles = [FileEdits(path: catalog.path, text: catalog.catalog.text, edits: [edit])]
                    fixes.append(fix)
                }
            }
            let message =
                "\(what) is not translated for \(listed): \(names.count == 1 ? "that locale shows" : "those locales show") the development-language text"
                + Self.evidence(context.set)
            out.append(diagnostic(message, text.range, fixes: fixes))
        }
    }

    /// `path` relative to the Info.plist's folder when it is below it (`de.lproj/InfoPlist.strings`).
    static func relative(_ path: String, to infoPlist: String) -> String {
        guard let slash = infoPlist.lastIndex(of: "/") else { return path }
        let folder = infoPlist[...slash]
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }
}
