// Editor features of a localized Info.plist (issue #31): hover on an Info.plist key lists its
// translations per locale; in a translation file, hover on a key shows the key's documentation and
// the development-language text, and completion offers the Info.plist's translatable keys by raw
// and Xcode name. Pure: documents, the localization set and the schema in, plain values out.
import PlistSchema
import PlistSyntax
import XcodeProject

public enum LocalizationFeatures {
    /// The translations of `key` in `set`: locale → text (nil: that locale does not translate it),
    /// for every shipped locale, the base first.
    public static func translations(of key: String, context: LocalizedPlistContext) -> [(locale: String, text: String?)] {
        var out: [(String, String?)] = []
        var seen: Set<String> = []
        func value(_ canonical: String) -> String? {
            for t in context.set.tables where LocaleName.canonical(t.locale) == canonical {
                if let e = t.table.entries.last(where: { ExactText.equal($0.key, key) }) { return e.value }
            }
            for c in context.set.catalogs {
                if let e = c.catalog.entries.first(where: { ExactText.equal($0.key, key) }),
                    let l = e.localizations.first(where: { LocaleName.canonical($0.locale) == canonical })
                {
                    return l.value ?? (l.hasVariations ? "(varies by plural or device)" : nil)
                }
            }
            return nil
        }
        let base = context.baseLocale
        seen.insert(LocaleName.canonical(base))
        out.append((base, value(LocaleName.canonical(base))))
        for locale in context.shippedLocales where seen.insert(locale.canonical).inserted {
            out.append((locale.name, value(locale.canonical)))
        }
        return out
    }

    /// The section a hover on a translatable Info.plist key appends: each locale's text.
    public static func translationsSection(forKeyAt offset: Int, context: LocalizedPlistContext, format: DocumentationFormat) -> String? {
        guard let text = context.texts.first(where: { $0.range.contains(offset) || $0.range.upperBound == offset }) else { return nil }
        let heading = format == .markdown ? "\n\n---\n\n**Translations**" : "\n\nTranslations"
        // Which files translate it (issue #38): unknown, or none the target builds, said as such.
        switch context.set.attribution {
        case .unknown(let reason):
            return "\(heading): unknown — \(reason).\n"
        case .targets where context.set.tables.isEmpty && context.set.catalogs.isEmpty && context.set.unreadable.isEmpty:
            return "\(heading): none — \(context.set.attribution.evidence) hold no InfoPlist.strings or InfoPlist.xcstrings.\n"
        default: break
        }
        let rows = translations(of: text.stringsKey, context: context)
        guard rows.count > 1 || rows.first?.text != nil else { return nil }
        let translated = rows.dropFirst().filter { $0.text != nil }.count
        var s =
            format == .markdown
            ? "\(heading) (\(translated) of \(rows.count - 1) locales):\n\n" : "\(heading) (\(translated) of \(rows.count - 1) locales):\n"
        for (i, row) in rows.enumerated() {
            let missing = context.set.unreadable.first {
                DocumentFormat.byName($0) == .stringCatalog
                    || TranslationFile.locale(ofPath: $0).map(LocaleName.canonical) == LocaleName.canonical(row.locale)
            }
            let shown =
                row.text.map { "\"\($0)\"" }
                ?? (i == 0
                    ? "(the Info.plist's text)"
                    : missing.map { "unknown (\($0.split(separator: "/").suffix(2).joined(separator: "/")) cannot be read)" }
                        ?? "not translated")
            s +=
                format == .markdown
                ? "- `\(row.locale)`\(i == 0 ? " (base)" : ""): \(shown)\n" : "  \(row.locale)\(i == 0 ? " (base)" : ""): \(shown)\n"
        }
        s +=
            format == .markdown
            ? "\nRead from \(context.set.attribution.evidence).\n" : "  Read from \(context.set.attribution.evidence).\n"
        return s
    }

    /// Hover on a key of a translation file: its documentation (when the database knows it) and
    /// the Info.plist's text it translates.
    public static func hover(
        in file: TranslationFile, at offset: Int, infoPlist: PlistDocument?, schema: KeyDatabase = .shared,
        format: DocumentationFormat
    ) -> HoverResult? {
        guard let entry = file.entries.first(where: { $0.keyRange.contains(offset) }) else { return nil }
        let raw = DisplayNameKeyRule.rawKey(forDisplayName: entry.key) ?? entry.key
        var s = ""
        if let definition = schema.definition(for: raw, at: []) {
            s = KeyRendering.hover(definition, format: format)
        } else {
            s = format == .markdown ? "**\(entry.key)**" : entry.key
        }
        if let plist = infoPlist {
            let (keys, strings) = LocalizableTexts.keysAndStrings(plist)
            if let base = keys[ExactText(raw)], !base.isEmpty {
                s += format == .markdown ? "\n\n---\n\nIn the Info.plist: \"\(base)\"" : "\n\nIn the Info.plist: \"\(base)\""
            } else if strings.contains(ExactText(entry.key)) {
                s +=
                    format == .markdown
                    ? "\n\n---\n\nA text of the Info.plist, translated by its value."
                    : "\n\nA text of the Info.plist, translated by its value."
            }
        }
        return HoverResult(text: s, format: format, range: entry.keyRange)
    }

    /// Completion of a key in a translation file: the Info.plist's translatable texts the file
    /// lacks (by raw key; the Xcode name is part of the item's filter text), purpose strings first,
    /// narrowed to those whose raw key or Xcode name contains `typed` (case-insensitive, a leading
    /// `"` ignored): a client that trusts the server's filtering (Neovim's omnifunc, the Emacs
    /// completion style) lists what matches, and a key the file already translates is never
    /// offered, since choosing it would write a duplicate. The entry on the line being typed
    /// (`typing`, a byte range) does not count as present. Each item inserts `"KEY" = "base text";`.
    public static func completions(
        in file: TranslationFile, infoPlist: PlistDocument?, typed: String = "", typing: Range<Int>? = nil,
        schema: KeyDatabase = .shared
    )
        -> [(label: String, filterText: String, insertText: String, detail: String)]
    {
        let present = Set(
            file.keys.filter { key in typing.map { !($0.lowerBound...$0.upperBound).contains(key.range.lowerBound) } ?? true }.map {
                ExactText($0.key)
            })
        var query = Substring(typed)
        while query.first == "\"" { query = query.dropFirst() }
        let needle = query.lowercased()
        var texts = infoPlist.map { LocalizableTexts.of($0, schema: schema) } ?? []
        if texts.isEmpty {
            // No Info.plist found: every purpose string and localizable key the database knows.
            texts = schema.definitions.filter { $0.domain == .infoPlist && $0.localizable && $0.isPlaced(at: []) }.map {
                LocalizableText(
                    stringsKey: $0.name, plistKey: $0.name, range: 0..<0, baseValue: "",
                    isPurposeString: LocalizableTexts.isPurposeString($0.name))
            }
        }
        var seen: Set<ExactText> = []
        func rank(_ t: LocalizableText) -> (Int, String) { (t.isPurposeString ? 0 : 1, t.stringsKey) }
        return texts.filter { !present.contains(ExactText($0.stringsKey)) && seen.insert(ExactText($0.stringsKey)).inserted }.sorted {
            rank($0) < rank($1)
        }.compactMap { t in
            let xcode = schema.definition(for: t.plistKey, at: [])?.xcodeName
            let filter = t.stringsKey == t.plistKey ? [t.stringsKey, xcode].compactMap { $0 }.joined(separator: " ") : t.stringsKey
            guard needle.isEmpty || t.stringsKey.lowercased().contains(needle) || (xcode?.lowercased().contains(needle) ?? false) else {
                return nil
            }
            return (
                t.stringsKey, filter, "\(stringsQuoted(t.stringsKey)) = \(stringsQuoted(t.baseValue));",
                xcode ?? t.plistKey
            )
        }
    }
}
