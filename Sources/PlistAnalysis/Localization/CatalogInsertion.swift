// The edit adding translations to a String Catalog (issue #38): when the target builds an
// `InfoPlist.xcstrings`, `l10n-untranslated` offers to add the missing locales there. One
// insertion into the JSON, placed after the last member of the object it extends (the key's
// `localizations`, the key's entry, or `strings`), indented as the file is: every other byte stays
// as it was. Xcode re-sorts the catalog when it next saves it. The edit is offered only when the
// catalog reads cleanly and reads back with the new translations.
import PlistSyntax

public enum CatalogInsertion {
    /// The edit adding, for each of `locales`, a translation of `key` whose text is `value` and
    /// whose state is `new` (nobody has translated it yet), or nil when the catalog cannot take it
    /// safely (it does not read cleanly, a locale is there already, the result would not read).
    public static func adding(key: String, value: String, locales: [String], to catalog: StringCatalog) -> SourceEdit? {
        guard !locales.isEmpty, catalog.problems.isEmpty, let root = catalog.root, root.kind == .object,
            let strings = root["strings"], strings.kind == .object
        else { return nil }
        let text = catalog.text
        let unit = indentUnit(root, text)
        func localization(_ locale: String) -> [String] {
            [
                "\(JSONText.quoted(locale)) : {", "\(unit)\"stringUnit\" : {", "\(unit)\(unit)\"state\" : \"new\",",
                "\(unit)\(unit)\"value\" : \(JSONText.quoted(value))", "\(unit)}", "}",
            ]
        }
        func localizations() -> [String] {
            var lines: [String] = []
            for (i, locale) in locales.enumerated() {
                var block = localization(locale)
                if i < locales.count - 1 { block[block.count - 1] += "," }
                lines += block
            }
            return lines
        }
        let edit: SourceEdit?
        if let entry = strings.members.last(where: { ExactText.equal($0.name, key) }) {
            guard entry.value.kind == .object else { return nil }
            if let existing = entry.value["localizations"] {
                guard existing.kind == .object, !existing.members.contains(where: { locales.contains($0.name) }) else { return nil }
                edit = insertion(of: localizations(), into: existing, text: text, unit: unit)
            } else {
                edit = insertion(
                    of: ["\"localizations\" : {"] + localizations().map { unit + $0 } + ["}"], into: entry.value, text: text, unit: unit)
            }
        } else {
            edit = insertion(
                of: ["\(JSONText.quoted(key)) : {", "\(unit)\"localizations\" : {"] + localizations().map { unit + unit + $0 } + [
                    "\(unit)}", "}",
                ],
                into: strings, text: text, unit: unit)
        }
        // Read back: the catalog must still read cleanly and now translate the key in each locale.
        guard let edit else { return nil }
        var after = text
        after.replaceSubrange(edit.range, with: edit.replacement)
        let check = StringCatalog(text: after)
        guard check.problems.isEmpty, let e = check.entries.last(where: { ExactText.equal($0.key, key) }),
            locales.allSatisfy({ l in e.localizations.contains { $0.locale == l && $0.value == value } }),
            check.entries.count == catalog.entries.count + (catalog.entries.contains { ExactText.equal($0.key, key) } ? 0 : 1)
        else { return nil }
        return edit
    }

    /// The insertion of a member (`lines`, unindented) as the last member of `object`.
    static func insertion(of lines: [String], into object: JSONNode, text: [UInt8], unit: String) -> SourceEdit? {
        guard object.kind == .object, object.range.upperBound > object.range.lowerBound,
            text[object.range.upperBound - 1] == UInt8(ascii: "}")
        else { return nil }
        let close = object.range.upperBound - 1
        // The closing brace's indentation, when it starts its line; else the opening line's.
        let closeIndent = indentation(before: close, text) ?? lineIndentation(of: object.range.lowerBound, text)
        let indent = closeIndent + unit
        let body = lines.map { indent + $0 }.joined(separator: "\n")
        if let last = object.members.last {
            return SourceEdit(range: last.value.range.upperBound..<last.value.range.upperBound, replacement: ",\n" + body)
        }
        return SourceEdit(range: object.range.lowerBound + 1..<object.range.lowerBound + 1, replacement: "\n" + body + "\n" + closeIndent)
    }

    /// The spaces or tabs before `offset` when only they precede it on its line.
    static func indentation(before offset: Int, _ text: [UInt8]) -> String? {
        var i = offset
        while i > 0, text[i - 1] == 0x20 || text[i - 1] == 0x09 { i -= 1 }
        guard i == 0 || text[i - 1] == 0x0A || text[i - 1] == 0x0D else { return nil }
        return String(decoding: text[i..<offset], as: UTF8.self)
    }

    /// The leading spaces or tabs of the line holding `offset`.
    static func lineIndentation(of offset: Int, _ text: [UInt8]) -> String {
        var start = offset
        while start > 0, text[start - 1] != 0x0A, text[start - 1] != 0x0D { start -= 1 }
        var end = start
        while end < text.count, text[end] == 0x20 || text[end] == 0x09 { end += 1 }
        return String(decoding: text[start..<end], as: UTF8.self)
    }

    /// One level of the file's indentation: the root's first member's (Xcode writes two spaces).
    static func indentUnit(_ root: JSONNode, _ text: [UInt8]) -> String {
        guard let first = root.members.first, let own = indentation(before: first.nameRange.lowerBound, text), !own.isEmpty else {
            return "  "
        }
        let rootIndent = lineIndentation(of: root.range.lowerBound, text)
        return own.hasPrefix(rootIndent) && own.count > rootIndent.count ? String(own.dropFirst(rootIndent.count)) : own
    }
}
