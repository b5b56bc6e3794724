// Navigation: the outline (document symbols), folding regions and selection ranges, from the typed
// view and the syntax tree; all of them work on broken text.
import PlistSchema
import PlistSyntax

/// One entry of the outline: a key and its value, or an array item, with its children.
public struct PlistSymbol: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case dictionary, array, string, integer, real, boolean, date, data
        /// A key without a value, or an element that is not a plist value.
        case missing
    }
    /// The key; for an array item what it holds (`Navigation.itemName`), `Item 0` when nothing
    /// tells; `Root` for a top-level value that is not a container.
    public var name: String
    /// The value's type, and the Xcode name of a known key (`OutlineStyle`); the index of an array item.
    public var detail: String?
    public var kind: Kind
    /// The whole entry: key and value.
    public var range: Range<Int>
    /// What the editor selects: the key's text (or the value's start tag).
    public var selectionRange: Range<Int>
    public var deprecated: Bool
    public var children: [PlistSymbol]
}

/// A foldable region.
public struct FoldingRegion: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case container, comment }
    /// Where the region starts (its first line stays visible).
    public var start: Int
    /// An offset on the last line to hide (the line before a container's end tag).
    public var lastLineOffset: Int
    public var kind: Kind
}

/// Outline, folding and selection ranges; pure.
public enum Navigation {
    // MARK: Symbols

    /// How many levels of containers the outline expands: deeper values are listed without their
    /// children. The outline is a tree the editor receives as nested JSON, built recursively; the
    /// bound keeps both the recursion and the reply's nesting small whatever the file's depth.
    public static let maximumSymbolDepth = 64

    /// The outline of the document: the entries of the root dictionary (or the items of a root array).
    public static func symbols(in document: PlistDocument, fileKind: FileKind, style: OutlineStyle = OutlineStyle()) -> [PlistSymbol] {
        guard let root = document.root else { return [] }
        let walk = SymbolWalk(domain: fileKind.keyDomain, style: style)
        switch root.kind {
        case .dictionary: return walk.entrySymbols(root, path: [], depth: 1)
        case .array: return walk.itemSymbols(root, path: [], depth: 1)
        default:
            return [
                walk.symbol(
                    name: "Root", definition: nil, value: root, range: root.element.range, selection: root.element.startTagRange, path: [],
                    depth: 1)
            ]
        }
    }

    /// The keys whose string value names a dictionary in an array, most telling first: URL types,
    /// document types, type declarations, privacy manifest entries, shortcut items, scenes, a
    /// configuration profile's payloads (by the name its installer shows, else by type).
    static let namingKeys = [
        "PayloadDisplayName", "PayloadType", "CFBundleURLName", "CFBundleTypeName", "UTTypeIdentifier", "NSPrivacyAccessedAPIType",
        "NSPrivacyCollectedDataType",
        "UIApplicationShortcutItemType", "UISceneConfigurationName", "NSExtensionPointIdentifier", "CFBundleIdentifier",
    ]

    /// Longer item names are cut (with `…`).
    static let maximumItemNameLength = 60

    /// What an array item is called in the outline: a scalar's text (`com.example.app`), a
    /// dictionary's naming key (`namingKeys`) or else its first non-empty string value; `Item N`
    /// when nothing tells (an empty or nested container).
    public static func itemName(_ item: PlistNode, index: Int) -> String {
        func label(_ text: String?) -> String? {
            guard let text else { return nil }
            let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first.map { String($0).trimmingBlanks() } ?? ""
            guard !line.isEmpty else { return nil }
            let cut = line.count > maximumItemNameLength || line.count < text.trimmingBlanks().count
            return cut ? String(line.prefix(maximumItemNameLength)) + "…" : line
        }
        var name: String?
        switch item.kind {
        case .string, .integer, .real, .date: name = label(item.text)
        case .boolean: name = item.boolValue.map { $0 ? "true" : "false" }
        case .dictionary:
            for key in namingKeys {
                if let value = item.value(forKey: key), value.kind == .string, let text = label(value.text) { name = text; break }
            }
            if name == nil {
                name = item.entries.lazy.compactMap { $0.value?.kind == .string ? label($0.value?.text) : nil }.first
            }
        default: break
        }
        return name ?? "Item \(index)"
    }
}

/// One walk of the outline: the file's key domain and the detail's style.
private struct SymbolWalk {
    let domain: PlistDomain?
    let style: OutlineStyle

    func entrySymbols(_ dictionary: PlistNode, path: [PathComponent], depth: Int) -> [PlistSymbol] {
        var previousKey: Int? = nil
        return dictionary.entries.map { entry in
            let name = entry.key?.text ?? "(no key)"
            let definition = entry.key.flatMap { key in
                domain.flatMap { KeyDatabase.shared.definition(for: key.text, at: path, domain: $0) }
            }
            var range = entry.range
            let selection: Range<Int>
            if let key = entry.key, let value = entry.value, key.element.start == previousKey {
                // An alternative value of the key above, in another `#if` branch: its own symbol,
                // covering the value only (the key's symbol already covers the key).
                range = value.element.range
                selection = value.element.startTagRange
            } else if let key = entry.key {
                selection = key.textRange.isEmpty ? key.element.range : key.textRange
            } else {
                selection = entry.value?.element.startTagRange ?? entry.range
            }
            previousKey = entry.key?.element.start
            return symbol(
                name: name, definition: definition, value: entry.value, range: range, selection: selection,
                path: path + [.key(name)], depth: depth)
        }
    }

    func itemSymbols(_ array: PlistNode, path: [PathComponent], depth: Int) -> [PlistSymbol] {
        array.items.enumerated().map { i, item in
            var symbol = symbol(
                name: Navigation.itemName(item, index: i), definition: nil, value: item, range: item.element.range,
                selection: item.element.startTagRange, path: path + [.index(i)], depth: depth)
            symbol.detail = [symbol.detail, "item \(i)"].compactMap { $0 }.joined(separator: " · ")
            return symbol
        }
    }

    func symbol(
        name: String, definition: KeyDefinition?, value: PlistNode?, range: Range<Int>, selection: Range<Int>,
        path: [PathComponent], depth: Int
    ) -> PlistSymbol {
        let kind: PlistSymbol.Kind
        var children: [PlistSymbol] = []
        switch value?.kind {
        case .dictionary?:
            kind = .dictionary
            if depth < Navigation.maximumSymbolDepth { children = entrySymbols(value!, path: path, depth: depth + 1) }
        case .array?:
            kind = .array
            if depth < Navigation.maximumSymbolDepth { children = itemSymbols(value!, path: path, depth: depth + 1) }
        case .string?: kind = .string
        case .integer?: kind = .integer
        case .real?: kind = .real
        case .boolean?: kind = .boolean
        case .date?: kind = .date
        case .data?: kind = .data
        case .misplacedKey?, .unknown?, nil: kind = .missing
        }
        var detail = value == nil ? "no value" : (kind == .missing ? "not a value" : kind.rawValue)
        if let xcode = definition?.xcodeName, xcode != name {
            detail = style.xcodeNameFirst ? xcode + " · " + detail : detail + " · " + xcode
        }
        return PlistSymbol(
            name: name, detail: detail, kind: kind, range: range, selectionRange: selection,
            deprecated: definition.map { $0.status.kind != .active } ?? false, children: children)
    }
}

extension Navigation {
    // MARK: Folding

    /// Dictionaries, arrays (and other elements holding markup) and comments, in document order.
    /// Regions that fit on one line are left to the editor to drop (it knows the lines).
    public static func foldingRegions(in tree: SyntaxTree) -> [FoldingRegion] {
        var out: [FoldingRegion] = []
        // Elements whose children are still to be read, in reverse document order (an explicit
        // stack: nesting cannot overflow the thread's).
        var pending = [tree.document]
        while let element = pending.popLast() {
            var inner: [SyntaxElement] = []
            element.forEachChild { child in
                switch child.kind {
                case .comment:
                    out.append(FoldingRegion(start: child.start, lastLineOffset: max(child.start, child.end - 1), kind: .comment))
                case .element where child.hasChildNode:
                    if child.tag != .plist {
                        // Up to the line before the end tag, which stays visible.
                        var last = child.endTagRange?.lowerBound ?? child.end
                        if child.endTagRange != nil {
                            while last > child.start && (tree.text[last - 1] == 0x20 || tree.text[last - 1] == 0x09) { last -= 1 }
                        }
                        last -= 1
                        out.append(FoldingRegion(start: child.start, lastLineOffset: max(child.start, last), kind: .container))
                    }
                    inner.append(child)
                default:
                    break
                }
            }
            pending += inner.reversed()
        }
        // Document order: a region starts before the regions inside it.
        out.sort { ($0.start, $1.lastLineOffset) < ($1.start, $0.lastLineOffset) }
        return out
    }

    // MARK: Selection ranges

    /// Ranges around `offset`, innermost first: the word or text, the element, the key+value entry,
    /// the enclosing dictionary or array, its entry, … up to the whole document. Each contains the one before.
    public static func selectionRanges(in document: PlistDocument, at offset: Int) -> [Range<Int>] {
        let text = document.tree.text
        func holds(_ r: Range<Int>) -> Bool { r.lowerBound <= offset && offset <= r.upperBound }
        var chain: [Range<Int>] = [0..<text.count]
        if let plist = document.tree.rootElement, holds(plist.range) { chain.append(plist.range) }
        func scalarText(_ content: Range<Int>) {
            guard !content.isEmpty, holds(content) else { return }
            chain.append(content)
            let trimmed = HoverProvider.trimmed(content, in: text)
            if holds(trimmed) { chain.append(trimmed) }
            var lo = offset, hi = offset
            while lo > trimmed.lowerBound && !TextScan.isSpace(text[lo - 1]) { lo -= 1 }
            while hi < trimmed.upperBound && !TextScan.isSpace(text[hi]) { hi += 1 }
            if lo < hi { chain.append(lo..<hi) }
        }
        // Down from the root to the innermost value holding the offset (a loop: nesting cannot
        // overflow the thread's stack).
        var next = document.root.flatMap { holds($0.element.range) ? $0 : nil }
        while let node = next {
            next = nil
            chain.append(node.element.range)
            switch node.kind {
            case .dictionary:
                for entry in node.entries where holds(entry.range) {
                    chain.append(entry.range)
                    if let key = entry.key, holds(key.element.range) {
                        chain.append(key.element.range)
                        scalarText(key.textRange)
                    } else if let value = entry.value, holds(value.element.range) {
                        next = value
                    }
                    break
                }
            case .array:
                next = node.items.first(where: { holds($0.element.range) })
            default:
                scalarText(node.element.contentRange)
            }
        }
        // Innermost first, each strictly inside the next.
        var out: [Range<Int>] = []
        for r in chain.reversed() {
            if let last = out.last {
                if r == last { continue }
                guard r.lowerBound <= last.lowerBound && last.upperBound <= r.upperBound else { continue }
            }
            out.append(r)
        }
        return out
    }
}
