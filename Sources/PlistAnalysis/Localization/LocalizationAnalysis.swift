// The analysis of a localized Info.plist (issue #31): the findings of an `InfoPlist.strings` or
// `InfoPlist.xcstrings` against the Info.plist it translates, and the findings on the Info.plist of
// what its shipped locales do not translate. Pure: documents and the localization set in, byte
// offsets out; the server and `check` find and read the files.
import PlistSchema
import PlistSyntax
import XcodeProject

/// A translation file: a strings table of one locale, or a String Catalog of many.
public enum TranslationFile: Sendable {
    case table(StringsTable, locale: String)
    case catalog(StringCatalog)

    /// The kind of file it is, which decides the rules that read it.
    public var kind: FileKind {
        switch self {
        case .table: return .stringsTable
        case .catalog: return .stringCatalog
        }
    }

    /// The file's UTF-8 text (the ranges refer to it).
    public var text: [UInt8] {
        switch self {
        case .table(let t, _): return t.text
        case .catalog(let c): return c.text
        }
    }

    /// Reads a file's bytes as the kind its name says (`.xcstrings`: a catalog).
    public static func reading(_ raw: [UInt8], path: String) -> TranslationFile {
        if DocumentFormat.byName(path) == .stringCatalog { return .catalog(StringCatalog(text: raw)) }
        return .table(StringsTable(raw: raw), locale: locale(ofPath: path) ?? "")
    }

    /// Reads a file's bytes that are `previous`'s text with `change.range` replaced by
    /// `change.count` bytes (an editor's next version, its text UTF-8): a strings table or a String
    /// Catalog reads only the entries the change can have changed, without comparing the texts
    /// (`StringsTable(text:replacing:count:of:)`, `StringCatalog(text:replacing:count:of:)`). A nil
    /// `change`: the texts are compared.
    public static func reading(
        _ raw: [UInt8], path: String, reusing previous: TranslationFile?,
        change: (range: Range<Int>, count: Int)?
    ) -> TranslationFile {
        let isCatalog = DocumentFormat.byName(path) == .stringCatalog
        switch previous {
        case .table(let table, _)? where !isCatalog:
            let locale = locale(ofPath: path) ?? ""
            if let change {
                return .table(StringsTable(text: raw, replacing: change.range, count: change.count, of: table), locale: locale)
            }
            return .table(StringsTable(raw: raw, reusing: table), locale: locale)
        case .catalog(let catalog)? where isCatalog:
            if let change { return .catalog(StringCatalog(text: raw, replacing: change.range, count: change.count, of: catalog)) }
            return .catalog(StringCatalog(text: raw, reusing: catalog))
        default:
            return reading(raw, path: path)
        }
    }

    /// `…/de.lproj/InfoPlist.strings` → `de`.
    public static func locale(ofPath path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return nil }
        return String(parts[parts.count - 2].dropLast(6))
    }

    /// One translation of the file: its key, locale and value with their ranges.
    public struct Entry: Sendable {
        public let key: String
        public let keyRange: Range<Int>
        public let locale: String
        public let value: String?
        public let valueRange: Range<Int>?
    }

    /// Every translation, in file order (a catalog's keys once each, with every localization).
    public var entries: [Entry] {
        switch self {
        case .table(let t, let locale):
            return t.entries.map { Entry(key: $0.key, keyRange: $0.keyRange, locale: locale, value: $0.value, valueRange: $0.valueRange) }
        case .catalog(let c):
            return c.entries.flatMap { e in
                e.localizations.isEmpty
                    ? [Entry(key: e.key, keyRange: e.keyRange, locale: "", value: nil, valueRange: nil)]
                    : e.localizations.map {
                        Entry(key: e.key, keyRange: e.keyRange, locale: $0.locale, value: $0.value, valueRange: $0.valueRange)
                    }
            }
        }
    }

    /// The keys of the file, once each, in file order, with the range of their first occurrence.
    public var keys: [(key: String, range: Range<Int>)] {
        // Two keys when their scalars differ, as Foundation reads a table (issue #39).
        var seen: Set<ExactText> = []
        return entries.compactMap { seen.insert(ExactText($0.key)).inserted ? ($0.key, $0.keyRange) : nil }
    }
}

/// What a localization rule reads about a translation file (`Rule.Context` of the rules of strings
/// tables and String Catalogs).
public struct TranslationContext: Sendable {
    public let path: String
    public let file: TranslationFile
    /// The Info.plist it translates (nil: none found; the rules comparing with it stay quiet).
    public let infoPlist: PlistDocument?
    /// Keys the build puts in the Info.plist (`INFOPLIST_KEY_*`), which the file does not hold.
    public let externalKeys: Set<String>
    public let schema: KeyDatabase
    /// The Info.plist's translatable texts.
    public let texts: [LocalizableText]
    /// Every key of the Info.plist at any depth with its string value ("" for other values), and
    /// every string value.
    /// Compared by their exact scalars, as the system looks a translation up (issue #39).
    public let plistKeys: [ExactText: String]
    public let plistStrings: Set<ExactText>
    /// The file's translations and its keys once each (`TranslationFile.entries`, `.keys`), made once
    /// for every rule: each is a pass over the whole file.
    public let entries: [TranslationFile.Entry]
    public let keys: [(key: String, range: Range<Int>)]

    public init(
        path: String, file: TranslationFile, infoPlist: PlistDocument?, externalKeys: Set<String> = [], schema: KeyDatabase = .shared
    ) {
        self.path = path
        self.file = file
        self.infoPlist = infoPlist
        self.externalKeys = externalKeys
        self.schema = schema
        texts = infoPlist.map { LocalizableTexts.of($0, schema: schema) } ?? []
        (plistKeys, plistStrings) = infoPlist.map { LocalizableTexts.keysAndStrings($0) } ?? ([:], [])
        entries = file.entries
        var seen: Set<ExactText> = []
        seen.reserveCapacity(entries.count)
        keys = entries.compactMap { seen.insert(ExactText($0.key)).inserted ? ($0.key, $0.keyRange) : nil }
    }

    /// A context of `file` that reads the same Info.plist as `base` (made once, not again).
    init(sharing base: TranslationContext, file: TranslationFile) {
        path = base.path
        self.file = file
        infoPlist = base.infoPlist
        externalKeys = base.externalKeys
        schema = base.schema
        texts = base.texts
        plistKeys = base.plistKeys
        plistStrings = base.plistStrings
        entries = file.entries
        var seen: Set<ExactText> = []
        keys = entries.compactMap { seen.insert(ExactText($0.key)).inserted ? ($0.key, $0.keyRange) : nil }
    }

    public var text: [UInt8] { file.text }

    /// `.stringsTable` or `.stringCatalog`.
    public var fileKind: FileKind { file.kind }
}

/// What the Info.plist-side rule reads: the plist and the files translating it (`Rule.Context` of
/// `l10n-untranslated`, which reports on the Info.plist).
public struct LocalizedPlistContext: Sendable {
    public let document: PlistDocument
    public let set: LocalizationSet
    public let schema: KeyDatabase
    public let texts: [LocalizableText]

    private let index: LocalizationIndex

    /// `index`: what the set says whatever the Info.plist holds, computed once per set read (the
    /// server keeps it with the set); nil computes it here.
    public init(document: PlistDocument, set: LocalizationSet, index: LocalizationIndex? = nil, schema: KeyDatabase = .shared) {
        self.document = document
        self.set = set
        self.schema = schema
        texts = LocalizableTexts.of(document, schema: schema)
        self.index = index ?? LocalizationIndex(set)
    }

    /// Whether `s` holds more than white space (stops at its first other character).
    public static func hasText(_ s: String) -> Bool { s.unicodeScalars.contains { !$0.properties.isWhitespace } }

    /// The development region: `CFBundleDevelopmentRegion` (a build-setting reference is taken as
    /// `en`, Xcode's default), else the catalog's source language, else `en`.
    public var baseLocale: String {
        if let region = document.root?.value(forKey: "CFBundleDevelopmentRegion")?.text?.trimmedForRules, !region.isEmpty,
            !region.contains("$")
        {
            return region
        }
        return set.catalogs.first?.catalog.sourceLanguage ?? "en"
    }

    /// The locales the app ships besides its base, canonical spelling → how it was first named, with
    /// where each is declared.
    public var shippedLocales: [(name: String, canonical: String, sources: [String])] {
        var locales = index.declared
        if let array = document.root?.value(forKey: "CFBundleLocalizations"), array.kind == .array {
            var positions: [String: Int] = [:]
            for (i, l) in locales.enumerated() { positions[l.canonical] = i }
            for item in array.items {
                guard let name = item.text?.trimmedForRules, !name.isEmpty else { continue }
                let c = LocaleName.canonical(name)
                guard c != "base" else { continue }
                if let i = positions[c] {
                    if !locales[i].sources.contains("CFBundleLocalizations") { locales[i].sources.append("CFBundleLocalizations") }
                } else {
                    positions[c] = locales.count
                    locales.append((name, c, ["CFBundleLocalizations"]))
                }
            }
        }
        let base = LocaleName.canonical(baseLocale)
        return locales.filter { $0.canonical != base }
    }

    /// The canonical locales that translate `key` with a non-empty value.
    public func translatingLocales(_ key: String) -> Set<String> { index.translated[ExactText(key)] ?? [] }
}

/// What a localization set says whatever the Info.plist holds: which locales translate each key,
/// and the locales its folders, tables, catalogs and project declare. One pass over the set.
public struct LocalizationIndex: Sendable {
    /// Key → the canonical locales translating it with a non-empty text.
    /// Keys compared by their exact scalars, as the system looks a translation up (issue #39).
    public let translated: [ExactText: Set<String>]
    /// The declared locales in order (Base left out), with where each is declared.
    public let declared: [(name: String, canonical: String, sources: [String])]

    public init(_ set: LocalizationSet) {
        var translated: [ExactText: Set<String>] = [:]
        for t in set.tables {
            let locale = LocaleName.canonical(t.locale)
            for e in t.table.entries where LocalizedPlistContext.hasText(e.value) {
                translated[ExactText(e.key), default: []].insert(locale)
            }
        }
        for c in set.catalogs {
            for e in c.catalog.entries {
                for l in e.localizations where l.hasVariations || LocalizedPlistContext.hasText(l.value ?? "") {
                    translated[ExactText(e.key), default: []].insert(LocaleName.canonical(l.locale))
                }
            }
        }
        self.translated = translated
        var declared: [(name: String, canonical: String, sources: [String])] = []
        var positions: [String: Int] = [:]
        func add(_ name: String, _ source: String) {
            let c = LocaleName.canonical(name)
            guard c != "base", !c.isEmpty else { return }
            if let i = positions[c] {
                if !declared[i].sources.contains(source) { declared[i].sources.append(source) }
            } else {
                positions[c] = declared.count
                declared.append((name, c, [source]))
            }
        }
        for l in set.lprojLocales { add(l, "\(l).lproj") }
        for t in set.tables { add(t.locale, "\(t.locale).lproj") }
        for c in set.catalogs { for e in c.catalog.entries { for l in e.localizations { add(l.locale, "the String Catalog") } } }
        for r in set.knownRegions { add(r, "knownRegions") }
        self.declared = declared
    }
}

extension Analyzer {
    /// The findings of a translation file (`InfoPlist.strings`, `InfoPlist.xcstrings`): the rules of
    /// `rules` that read a `TranslationContext` of its kind, run as every rule is (`run`).
    public static func findings(
        forTranslation context: TranslationContext, configuration: AnalysisConfiguration = .default,
        rules: [any Rule] = RuleRegistry.all
    ) -> [Finding] {
        inDocumentOrder(run(rules, on: context, kind: context.fileKind, configuration: configuration))
    }

    /// The findings on an Info.plist of the files translating it: the rules that read a
    /// `LocalizedPlistContext`, silenced by the Info.plist's suppression comments as its other rules are.
    public static func findings(
        forLocalized context: LocalizedPlistContext, configuration: AnalysisConfiguration = .default,
        rules: [any Rule] = RuleRegistry.all
    ) -> [Finding] {
        guard configuration.infoPlistRules else { return [] }
        return inDocumentOrder(
            run(
                rules, on: context, kind: .infoPlist, configuration: configuration,
                suppressions: Suppressions(document: context.document)))
    }
}

/// Strings-table text: `"…"` with `"`, `\` and control characters escaped.
public func stringsQuoted(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
        switch c {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default: out.unicodeScalars.append(c)
        }
    }
    return out + "\""
}
