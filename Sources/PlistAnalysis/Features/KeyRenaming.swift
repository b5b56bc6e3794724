// Renaming a custom key (issue #42): the key in its plist and, for an Info.plist, its entries in
// every `InfoPlist.strings` and `InfoPlist.xcstrings` that translate it, as byte-range edits of
// each file's text. A key a framework reads by name (Apple's, Sparkle's…) is refused: the renamed
// key would silently stop working. Pure: documents, tables and catalogs in, edits or a reason out.
import PlistSchema
import PlistSyntax

/// A key a rename starts from: its name and where its text is in the file it was found in.
public struct RenameTarget: Sendable, Hashable {
    public let name: String
    /// The key's text (inside `<key>…</key>`; a strings table's or catalog's key with its quotes).
    public let range: Range<Int>
    /// The key path of the dictionary holding it in the plist (nil: found in a translation file).
    public let parent: [PathComponent]?

    public init(name: String, range: Range<Int>, parent: [PathComponent]?) {
        self.name = name
        self.range = range
        self.parent = parent
    }
}

/// One file a rename reads and edits: its path and text (UTF-8, as the ranges count).
public enum RenameFile: Sendable {
    case table(path: String, table: StringsTable)
    case catalog(path: String, catalog: StringCatalog)

    public var path: String {
        switch self {
        case .table(let path, _), .catalog(let path, _): return path
        }
    }

    /// Each key of the file named `name`, with its bytes (quotes included).
    public func keyRanges(named name: String) -> [Range<Int>] {
        switch self {
        case .table(_, let table): return table.entries.filter { ExactText.equal($0.key, name) }.map(\.keyRange)
        case .catalog(_, let catalog): return catalog.entries.filter { ExactText.equal($0.key, name) }.map(\.keyRange)
        }
    }

    var text: [UInt8] {
        switch self {
        case .table(_, let table): return table.text
        case .catalog(_, let catalog): return catalog.text
        }
    }
}

public enum KeyRenaming {
    /// The key whose text holds `offset` in `document` (its ends included).
    public static func target(in document: PlistDocument, at offset: Int) -> RenameTarget? {
        let context = document.context(at: offset)
        guard case .key(let dictionary, let index) = context.place, let key = dictionary.entries[index].key else { return nil }
        return RenameTarget(name: key.text, range: key.textRange, parent: context.path)
    }

    /// The key of a translation file's entry whose key holds `offset` (its quotes included).
    public static func target(in file: TranslationFile, at offset: Int) -> RenameTarget? {
        guard let entry = file.entries.first(where: { $0.keyRange.contains(offset) || $0.keyRange.upperBound == offset }) else {
            return nil
        }
        return RenameTarget(name: entry.key, range: entry.keyRange, parent: nil)
    }

    /// Why the key `name` (inside the dictionary at `parent`, nil: anywhere) must keep its name:
    /// the system or a framework reads it by that name. Nil for a custom key.
    public static func refusal(
        forKey name: String, at parent: [PathComponent]?, domain: PlistDomain = .infoPlist, schema: KeyDatabase = .shared
    ) -> String? {
        let raw = DisplayNameKeyRule.rawKey(forDisplayName: name) ?? name
        guard let definition = schema.definition(for: raw, at: parent, domain: domain) else { return nil }
        let reader = definition.owner.map { "\($0) reads it" } ?? "the system reads it"
        return "'\(raw)' cannot be renamed: \(reader) under this name, so a renamed key would be ignored. Only custom keys are renamed."
    }

    /// Why `newName` cannot replace `oldName` (empty, surrounding white space, a character XML
    /// or a key cannot hold); nil when it can.
    public static func invalidName(_ newName: String, replacing oldName: String) -> String? {
        if newName.isEmpty { return "a key needs a name" }
        if ExactText.equal(newName, oldName) { return "the key is already named '\(oldName)'" }
        if newName.first!.isWhitespace || newName.last!.isWhitespace {
            return "'\(newName)' begins or ends with white space, which a key must not (lookups by name would miss it)"
        }
        for scalar in newName.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                return "a key cannot hold a control character (U+\(String(scalar.value, radix: 16, uppercase: true)))"
            }
            if XMLEscaping.isForbidden(scalar) {
                return "a key cannot hold U+\(String(scalar.value, radix: 16, uppercase: true)), which XML forbids"
            }
        }
        return nil
    }

    /// The dictionary of `document` at `parent` and the index of its entry named `name` there.
    static func entry(in document: PlistDocument, named name: String, at parent: [PathComponent]) -> (dictionary: PlistNode, index: Int)? {
        let dictionary = parent.isEmpty ? document.root : document.node(at: parent)
        guard let dictionary, dictionary.kind == .dictionary,
            let index = dictionary.entries.firstIndex(where: { $0.key.map { ExactText.equal($0.text, name) } == true })
        else { return nil }
        return (dictionary, index)
    }

    /// The first dictionary entry of `document`, at any depth, with a key named `name`: the key a
    /// translation's entry translates, with the path of its dictionary.
    public static func firstKey(named name: String, in document: PlistDocument) -> RenameTarget? {
        if let found = keyRangesBySearch(named: name, in: document) {
            return found.first.map { RenameTarget(name: name, range: $0, parent: document.context(at: $0.lowerBound).path) }
        }
        guard let root = document.root else { return nil }
        var stack: [(PlistNode, [PathComponent])] = [(root, [])]
        while let top = stack.popLast() {
            let (node, path) = top
            switch node.kind {
            case .dictionary:
                for entry in node.entries {
                    guard let key = entry.key else { continue }
                    if ExactText.equal(key.text, name) { return RenameTarget(name: name, range: key.textRange, parent: path) }
                    if let value = entry.value, value.kind == .dictionary || value.kind == .array {
                        stack.append((value, path + [.key(key.text)]))
                    }
                }
            case .array:
                for (i, item) in node.items.enumerated() where item.kind == .dictionary || item.kind == .array {
                    stack.append((item, path + [.index(i)]))
                }
            default: break
            }
        }
        return nil
    }

    /// The text of every key of `document`, at any depth, named `name`, in file order.
    public static func keyRanges(named name: String, in document: PlistDocument) -> [Range<Int>] {
        if let found = keyRangesBySearch(named: name, in: document) { return found }
        return keyRangesByWalk(named: name, in: document)
    }

    /// `keyRanges(named:in:)` by a byte search for `>name<`, each hit confirmed by the typed view
    /// (a key's whole text, not a value, a comment or a longer key): about one pass over the bytes
    /// instead of a walk of every entry of a large file. Nil when the search could miss a key: a
    /// name with a character XML escapes, a file with a character reference or a CDATA section (a
    /// key can be spelt so), or `#if` branches (the typed view reads one of them).
    static func keyRangesBySearch(named name: String, in document: PlistDocument) -> [Range<Int>]? {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, !bytes.contains(where: { [0x26, 0x3C, 0x3E, 0x22, 0x27].contains($0) }),
            !document.conditionals.isPreprocessed
        else { return nil }
        let text = document.tree.text
        guard !text.contains(Array("&#".utf8)), !text.contains(Array("<![CDATA[".utf8)) else { return nil }
        var out: [Range<Int>] = []
        for hit in text.offsets(of: [0x3E] + bytes + [0x3C]) {
            let range = (hit + 1)..<(hit + 1 + bytes.count)
            guard case .key(let dictionary, let index) = document.context(at: range.lowerBound).place,
                let key = dictionary.entries[index].key, key.textRange == range, ExactText.equal(key.text, name)
            else { continue }
            out.append(range)
        }
        return out
    }

    /// `keyRanges(named:in:)` by a walk of every dictionary of the typed view.
    static func keyRangesByWalk(named name: String, in document: PlistDocument) -> [Range<Int>] {
        guard let root = document.root else { return [] }
        var out: [Range<Int>] = []
        var stack: [PlistNode] = [root]
        while let node = stack.popLast() {
            switch node.kind {
            case .dictionary:
                for entry in node.entries {
                    if let key = entry.key, ExactText.equal(key.text, name) { out.append(key.textRange) }
                    if let value = entry.value, value.kind == .dictionary || value.kind == .array { stack.append(value) }
                }
            case .array: for item in node.items where item.kind == .dictionary || item.kind == .array { stack.append(item) }
            default: break
            }
        }
        return out.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// How many keys of `document`, at any depth, are named `name`.
    static func keyCount(named name: String, in document: PlistDocument) -> Int { keyRanges(named: name, in: document).count }

    /// The edits renaming the key `target` of the plist `document` (at `plistPath`) to `newName`,
    /// with the entries of `translations` (the files translating it; empty for a plist no file
    /// translates): the plist's edits and one `FileEdits` per translation file holding the key.
    /// Fails with the reason when the new name is taken (in the key's dictionary or in a
    /// translation file) or the key is translated for another key of the same name too.
    public static func edits(
        renaming target: RenameTarget, in document: PlistDocument, to newName: String,
        translations: [RenameFile]
    ) -> Result<(plist: [SourceEdit], files: [FileEdits]), RenameError> {
        if let reason = invalidName(newName, replacing: target.name) { return .failure(RenameError(reason)) }
        var plistEdits: [SourceEdit] = []
        if let parent = target.parent {
            guard let dictionary = entry(in: document, named: target.name, at: parent)?.dictionary else {
                return .failure(RenameError("'\(target.name)' is no longer in the file"))
            }
            if dictionary.entries.contains(where: { $0.key.map { ExactText.equal($0.text, newName) } == true }) {
                return .failure(RenameError("the dictionary already has a key named '\(newName)'"))
            }
            plistEdits = [SourceEdit(range: target.range, replacement: XMLEscaping.content(newName))]
        }
        var files: [FileEdits] = []
        if !translations.isEmpty {
            // A translation is looked up by name wherever the key is: with two keys of that name,
            // renaming one would take the other's translations away.
            if keyCount(named: target.name, in: document) > 1 {
                return .failure(
                    RenameError(
                        "the file has more than one key named '\(target.name)', and their translations are shared; rename them by hand"))
            }
            for file in translations {
                if !file.keyRanges(named: newName).isEmpty {
                    return .failure(RenameError("\(displayName(file.path)) already translates a key named '\(newName)'"))
                }
                let ranges = file.keyRanges(named: target.name)
                guard !ranges.isEmpty else { continue }
                let text = file.text
                let edits = ranges.map { range -> SourceEdit in
                    switch file {
                    case .table:
                        return SourceEdit(
                            range: range,
                            replacement: Array(stringsKey(newName, keepingBare: text[range.lowerBound] != UInt8(ascii: "\"")).utf8))
                    case .catalog: return SourceEdit(range: range, replacement: Array(JSONText.quoted(newName).utf8))
                    }
                }
                files.append(FileEdits(path: file.path, text: text, edits: edits))
            }
        }
        return .success((plistEdits, files))
    }

    /// `de.lproj/InfoPlist.strings`, `InfoPlist.xcstrings`: a translation file as a message names it.
    public static func displayName(_ path: String) -> String {
        let parts = path.split(separator: "/")
        if let last = parts.last, parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") {
            return "\(parts[parts.count - 2])/\(last)"
        }
        return parts.last.map(String.init) ?? path
    }

    /// A strings-table key: bare when the old one was and the name needs no quotes, else quoted.
    static func stringsKey(_ name: String, keepingBare bare: Bool) -> String {
        let plain = name.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_")
                || c == UInt8(ascii: ".")
        }
        return bare && plain ? name : stringsQuoted(name)
    }
}

/// Why a rename cannot be done, in words for the editor's message.
public struct RenameError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
