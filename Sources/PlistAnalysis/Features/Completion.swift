// Completion: keys valid at the cursor's key path, enumerated values, Booleans, element names and
// close tags — as byte-range edits, on well-formed and broken text alike.
import PlistSchema
import PlistSyntax

/// Completion over the typed view; pure (byte offsets in, edits out).
public enum Completion {
    /// Proposals at `offset` of `document`, a file of `fileKind`.
    public static func complete(
        in document: PlistDocument, at offset: Int, fileKind: FileKind,
        options: CompletionStyle = CompletionStyle()
    ) -> CompletionResult {
        var c = Completer(
            document: document, offset: max(0, min(offset, document.tree.text.count)),
            domain: fileKind.keyDomain, options: options)
        var result: CompletionResult
        if case .endTag = c.typedBeforeCursor(), let close = c.closeTagOfOpenElement() {
            // After `</` the one answer is the open element's close tag, found along one path of
            // the tree: no walk of the typed view (on a 10 MB file that walk took 100 ms).
            result = CompletionResult(items: [close], isIncomplete: false)
        } else {
            // A configuration profile's keys and values come from Apple's payload schemas; tags
            // and close tags from the generic completion.
            let profile = fileKind == .configurationProfile ? ProfileCompletion.complete(in: document, at: c.offset, options: options) : nil
            result = profile ?? c.run()
            if let close = c.closeTagOfOpenElement(), !result.items.contains(where: { $0.kind == .closeTag && $0.label == close.label }) {
                result.items.insert(close, at: 0)
            }
        }
        // An edit's range stays on the cursor's line and contains the cursor (the LSP requires
        // it of a completion's edit, and a client applies it as given): a range that ran on over
        // a line break took the break and the next line's indentation with the typed text.
        let cursor = c.offset, lineStart = TextScan.lineStart(c.text, cursor)
        var lineEnd = cursor
        while lineEnd < c.text.count && c.text[lineEnd] != 0x0A && c.text[lineEnd] != 0x0D { lineEnd += 1 }
        result.items.removeAll {
            $0.edit.range.lowerBound < lineStart || $0.edit.range.lowerBound > cursor || $0.edit.range.upperBound < cursor
        }
        for i in result.items.indices where result.items[i].edit.range.upperBound > lineEnd {
            result.items[i].edit.range = result.items[i].edit.range.lowerBound..<lineEnd
        }
        if !options.multiLine {
            // The single-line promise holds for every item, whatever path built it.
            result.items.removeAll { $0.edit.replacementText.utf8.contains { $0 == 0x0A || $0 == 0x0D } }
        }
        return result
    }

    /// The rendered documentation of a key proposal (Markdown or plain text), for `completionItem/resolve`.
    public static func documentation(for reference: KeyReference, markdown: Bool) -> String? {
        guard
            let match = KeyDatabase.shared.lookup(reference.name, at: reference.parent, domain: reference.domain)
                ?? KeyDatabase.shared.lookup(reference.name, at: nil, domain: reference.domain)
        else { return nil }
        return KeyRendering.hover(match.definition, suffix: match.suffix, format: markdown ? .markdown : .plainText)
    }
}

private struct Completer {
    let document: PlistDocument
    let offset: Int
    let domain: PlistDomain?
    let options: CompletionStyle
    var text: SourceText { document.tree.text }
    let db = KeyDatabase.shared

    init(document: PlistDocument, offset: Int, domain: PlistDomain?, options: CompletionStyle) {
        self.document = document
        self.offset = offset
        self.domain = domain
        self.options = options
    }

    mutating func run() -> CompletionResult {
        let context = document.context(at: offset)
        switch context.place {
        case .key(let dictionary, let index):
            return keyText(dictionary, index, path: context.path)
        case .value(let node):
            return valueText(node, path: context.path)
        case .dictionaryGap(let node, let index):
            return gap(Container(node: node, path: context.path), dictionaryIndex: index)
        case .arrayGap(let node, _):
            return gap(Container(node: node, path: context.path), dictionaryIndex: nil)
        case .tagName(let element, let isEndTag):
            return isEndTag ? endTagName(element) : startTagName(element)
        case .insideTag:
            return .empty
        case .other:
            return outsideRoot()
        }
    }

    // MARK: Keys

    /// In a key's text: `<key>NSCa|</key>`, `<key>NSCa|`, `<key>|`.
    func keyText(_ dictionary: PlistNode, _ index: Int, path: [PathComponent]) -> CompletionResult {
        guard let domain, let key = dictionary.entries[index].key else { return .empty }
        let element = key.element
        var range = key.textRange
        let closed = element.endTagRange != nil
        if !closed {
            // An unclosed key runs to the next tag: keep the line break and what follows it.
            range = range.lowerBound..<typedEnd(range)
        }
        let typed = document.tree.string(range.lowerBound..<min(offset, range.upperBound))
        let present = Set(dictionary.entries.enumerated().compactMap { $0.offset == index ? nil : $0.element.key?.text })
        let parent = path
        let indent = TextScan.indentation(text, element.start)
        let unit = TextScan.indentUnit(text, container: dictionary)
        let hasValue = dictionary.entries[index].value != nil
        // A key closed as its `<key>` was typed (automatic close tags), with nothing after it on its
        // line and no value yet: for a client that applies multi-line edits, the value's skeleton
        // too, as for a key typed without its end tag.
        var skeletonAfterEndTag = false
        if closed, !hasValue, options.multiLine, let endTag = element.endTagRange,
            TagEditing.restOfLineIsBlank(text, endTag.upperBound)
        {
            skeletonAfterEndTag = true
            range = range.lowerBound..<endTag.upperBound
        }
        return keyItems(parent: parent, domain: domain, typed: typed, present: present) { candidate in
            let name = candidate.definition.name
            if skeletonAfterEndTag {
                let skeleton = Skeleton(definition: candidate.definition, indent: indent, unit: unit, snippets: options.snippets)
                return (escapedIfSnippet(name) + "</key>\n" + indent + skeleton.value(), options.snippets)
            }
            if closed { return (name, false) }
            // Without multi-line edits the key alone: its value is the user's next line.
            if hasValue || !options.multiLine { return (escapedIfSnippet(name) + "</key>", options.snippets) }
            let skeleton = Skeleton(definition: candidate.definition, indent: indent, unit: unit, snippets: options.snippets)
            return (escapedIfSnippet(name) + "</key>\n" + indent + skeleton.value(), options.snippets)
        } range: {
            range
        }
    }

    /// Where the text being typed in an unclosed `range` ends: at the first line break from the
    /// cursor on (a key name or a value typed on one line never takes the lines below it: in a
    /// preprocessed file the next line can be `#else`), less the blanks before it.
    func typedEnd(_ range: Range<Int>) -> Int {
        let from = max(range.lowerBound, min(offset, range.upperBound))
        var end = from
        while end < range.upperBound && text[end] != 0x0A && text[end] != 0x0D { end += 1 }
        while end > from && TextScan.isSpace(text[end - 1]) { end -= 1 }
        return end
    }

    /// Key proposals at `parent`, filtered by `typed`, minus `present`; `insert` builds each edit's text.
    func keyItems(
        parent: [PathComponent], domain: PlistDomain, typed: String, present: Set<String>,
        insert: (KeyCandidate) -> (String, Bool), range: () -> Range<Int>
    ) -> CompletionResult {
        let candidates = KeyCatalog.shared.candidates(at: parent, domain: domain)
        var items: [CompletionSuggestion] = []
        var truncated = false
        let r = range()
        let query = KeyCandidate.Query(typed)
        for candidate in candidates where !present.contains(candidate.definition.name) {
            guard let tier = candidate.match(query) else { continue }
            if items.count >= options.limit && tier > 0 { truncated = true; continue }
            let d = candidate.definition
            let (newText, snippet) = insert(candidate)
            items.append(
                CompletionSuggestion(
                    label: d.name, kind: .key, displayName: d.xcodeName, detail: d.typeDescription,
                    filterText: d.xcodeName.map { "\(d.name) \($0)" } ?? d.name,
                    sortText: "\(tier)\(candidate.sortKey)", deprecated: candidate.isDeprecated,
                    edit: SourceEdit(range: r, replacement: newText), isSnippet: snippet,
                    keyReference: KeyReference(name: d.name, parent: parent, domain: domain)))
        }
        items.sort { $0.sortText < $1.sortText }
        if items.count > options.limit {
            items.removeLast(items.count - options.limit)
            truncated = true
        }
        // Typed text narrows the list on the server, so the client must ask again as it changes.
        return CompletionResult(items: items, isIncomplete: truncated || !typed.isEmpty)
    }

    /// A key name or documented value of the database, inserted as it is: none holds a character
    /// `XMLEscaping` changes (DataValidationTests.namesAndValuesNeedNoXMLEscaping).
    func escapedIfSnippet(_ s: String) -> String { options.snippets ? TextScan.snippetEscaped(s) : s }

    // MARK: Values

    /// In a scalar's text: `<string>fe|</string>` — the documented values of its key.
    func valueText(_ node: PlistNode, path: [PathComponent]) -> CompletionResult {
        guard node.kind == .string || node.kind == .integer || node.kind == .real,
            let (definition, isItem) = keyDefinition(forValueAt: path), !definition.values.isEmpty,
            !isItem || definition.valueTypes.contains(.array)
        else { return .empty }
        let content = node.element.contentRange
        let typed = document.tree.string(content.lowerBound..<min(offset, content.upperBound)).lowercased()
        let close = node.element.endTagRange == nil ? "</\(node.element.tag.text ?? "string")>" : ""
        var range = content
        if !close.isEmpty { range = range.lowerBound..<typedEnd(range) }
        var items: [CompletionSuggestion] = []
        let values = FeatureLookup.values(of: definition, forValueAt: path, isItem: isItem, in: document)
        for (i, value) in values.enumerated() {
            guard typed.isEmpty || value.value.lowercased().contains(typed) else { continue }
            items.append(
                CompletionSuggestion(
                    label: value.value, kind: .value, detail: Self.detail(value, among: values), sortText: Self.order(i),
                    deprecated: value.deprecated, edit: SourceEdit(range: range, replacement: value.value + close)))
        }
        return CompletionResult(items: items, isIncomplete: !typed.isEmpty)
    }

    /// The definition of the key whose value (or array item) is at `path`.
    func keyDefinition(forValueAt path: [PathComponent]) -> (KeyDefinition, isItem: Bool)? {
        FeatureLookup.definition(forValueAt: path, domain: domain).map { ($0.definition, $0.isItem) }
    }

    // MARK: Gaps between entries

    /// What the line holds before the cursor: an open `<name` or `</name`, or a plain word.
    enum Typed {
        case startTag(at: Int, name: String)
        case endTag(at: Int, name: String)
        case word(at: Int, String)
    }

    func typedBeforeCursor() -> Typed {
        let start = TextScan.lineStart(text, offset)
        var i = offset
        while i > start {
            let b = text[i - 1]
            if b == 0x3E { break }  // >
            if b == 0x3C {  // <
                let lt = i - 1
                if lt + 1 < offset && text[lt + 1] == 0x2F {
                    return .endTag(at: lt, name: document.tree.string((lt + 2)..<offset))
                }
                return .startTag(at: lt, name: document.tree.string((lt + 1)..<offset))
            }
            i -= 1
        }
        while i < offset && TextScan.isSpace(text[i]) { i += 1 }
        return .word(at: i, document.tree.string(i..<offset))
    }

    /// After `</` (or a `</` name being typed) or a bare `<`: the close tag of the element still
    /// open there (`TagEditing.elementToClose`), the whole `</name>` from the `<` on, as LemMinX
    /// offers it (`<string>x</` and `<string>x<` give `</string>`).
    func closeTagOfOpenElement() -> CompletionSuggestion? {
        let lessThan: Int
        switch typedBeforeCursor() {
        case .endTag(let at, let name):
            lessThan = at
            guard let open = TagEditing.elementToClose(in: document.tree, lessThan: at), name.isEmpty || open.hasPrefix(name) else {
                return nil
            }
            return closeTagItem(open, from: lessThan)
        case .startTag(let at, let name) where name.isEmpty:
            // `<|key>`: the cursor is at the start of an existing tag, not typing a new one.
            if offset < text.count && (XMLNameByte.isNameByte(text[offset]) || text[offset] == 0x2F || text[offset] == 0x3E) { return nil }
            guard let open = TagEditing.elementToClose(in: document.tree, lessThan: at) else { return nil }
            return closeTagItem(open, from: at)
        default:
            return nil
        }
    }

    func closeTagItem(_ name: String, from lessThan: Int) -> CompletionSuggestion {
        var end = offset
        if end < text.count && text[end] == 0x2F { end += 1 }
        end = tagEnd(from: end)
        return CompletionSuggestion(
            label: "</\(name)>", kind: .closeTag, filterText: "</\(name)>", sortText: "0",
            edit: SourceEdit(range: lessThan..<end, replacement: "</\(name)>"))
    }

    /// The end of a tag being typed: the name characters after the cursor and a `>`.
    func tagEnd(from o: Int) -> Int {
        var j = o
        while j < text.count && (XMLNameByte.isNameByte(text[j])) { j += 1 }
        if j < text.count && text[j] == 0x3E { j += 1 }
        return j
    }

    /// Between entries of a dictionary (`dictionaryIndex` = the gap's index) or items of an array.
    func gap(_ container: Container, dictionaryIndex: Int?) -> CompletionResult {
        let waiting = dictionaryIndex.flatMap { pendingKey(container.node, $0) }
        switch typedBeforeCursor() {
        case .endTag(let at, let name):
            let tag = container.node.kind == .dictionary ? "dict" : "array"
            guard name.isEmpty || tag.hasPrefix(name) else { return .empty }
            return CompletionResult(
                items: [
                    CompletionSuggestion(
                        label: "</\(tag)>", kind: .closeTag, sortText: "0",
                        edit: SourceEdit(range: at..<tagEnd(from: offset), replacement: "</\(tag)>"))
                ], isIncomplete: false)
        case .startTag(let at, let name):
            return elementNames(
                in: container, pendingKey: waiting, typed: name, range: at..<tagEnd(from: offset), rangeIncludesBracket: true)
        case .word(let at, let word):
            let range = at..<offset
            if container.node.kind == .dictionary {
                if let waiting { return valueElements(forKey: waiting, in: container, range: range, typed: word) }
                return keyEntries(container, range: range, typed: word)
            }
            return arrayItems(container, range: range, typed: word)
        }
    }

    /// The key right before a dictionary gap that still lacks its value.
    func pendingKey(_ dictionary: PlistNode, _ index: Int) -> PlistKey? {
        guard index > 0, index <= dictionary.entries.count else { return nil }
        let entry = dictionary.entries[index - 1]
        guard entry.value == nil, let key = entry.key, key.element.end <= offset else { return nil }
        return key
    }

    /// Whole `<key>…</key>` entries with a value skeleton, on an empty line of a dictionary.
    func keyEntries(_ container: Container, range: Range<Int>, typed: String) -> CompletionResult {
        guard let domain else { return .empty }
        let indent = TextScan.indentation(text, offset)
        let unit = TextScan.indentUnit(text, container: container.node)
        return keyItems(
            parent: container.path, domain: domain, typed: typed,
            present: Set(container.node.keys)
        ) { candidate in
            if !options.multiLine { return ("<key>\(escapedIfSnippet(candidate.definition.name))</key>", options.snippets) }
            let skeleton = Skeleton(definition: candidate.definition, indent: indent, unit: unit, snippets: options.snippets)
            return ("<key>\(escapedIfSnippet(candidate.definition.name))</key>\n\(indent)\(skeleton.value())", options.snippets)
        } range: {
            range
        }
    }

    /// Value elements after a key that has none: `<true/>`/`<false/>` for Booleans, `<string>v</string>`
    /// for documented values, else a skeleton of the key's type.
    func valueElements(forKey key: PlistKey, in container: Container, range: Range<Int>, typed: String) -> CompletionResult {
        let definition = domain.flatMap { db.lookup(key.text, at: container.path, domain: $0)?.definition }
        let indent = TextScan.indentation(text, offset)
        let unit = TextScan.indentUnit(text, container: container.node)
        var items = valueProposals(definition: definition, indent: indent, unit: unit, range: range)
        if !typed.isEmpty {
            let t = typed.lowercased()
            items = items.filter { $0.filterText.lowercased().contains(t) }
        }
        return CompletionResult(items: items, isIncomplete: !typed.isEmpty)
    }

    func valueProposals(
        definition: KeyDefinition?, indent: String, unit: String, range: Range<Int>, present: Set<String> = []
    ) -> [CompletionSuggestion] {
        var items: [CompletionSuggestion] = []
        let types = definition?.valueTypes ?? []
        if types.contains(.boolean) {
            for (i, b) in ["true", "false"].enumerated() {
                items.append(
                    CompletionSuggestion(
                        label: "<\(b)/>", kind: .keyword, detail: "Boolean", filterText: b,
                        sortText: Self.order(i), edit: SourceEdit(range: range, replacement: "<\(b)/>")))
            }
        }
        if let definition, !definition.values.isEmpty,
            types.contains(.string) || types.contains(.array) && definition.arrayElementType != .dictionary
        {
            for (i, value) in definition.values.enumerated() where !present.contains(value.value) && !(types == [.boolean]) {
                let tag = types.contains(.integer) && !types.contains(.string) ? "integer" : "string"
                items.append(
                    CompletionSuggestion(
                        label: value.value, kind: .value, detail: Self.detail(value, among: definition.values), filterText: value.value,
                        sortText: Self.order(10 + i), deprecated: value.deprecated,
                        edit: SourceEdit(range: range, replacement: "<\(tag)>\(value.value)</\(tag)>")))
            }
        }
        let skeletonTypes = types.filter { $0 != .boolean }
        for (i, type) in (skeletonTypes.isEmpty && types.isEmpty ? ValueType.allCases : skeletonTypes).enumerated() {
            if type == .boolean {
                for (j, b) in ["true", "false"].enumerated() {
                    items.append(
                        CompletionSuggestion(
                            label: "<\(b)/>", kind: .keyword, detail: "Boolean", filterText: b,
                            sortText: Self.order(500 + 10 * i + j), edit: SourceEdit(range: range, replacement: "<\(b)/>")))
                }
                continue
            }
            let skeleton = Skeleton(
                type: type, element: definition?.arrayElementType, values: [], indent: indent, unit: unit,
                snippets: options.snippets, multiLine: options.multiLine)
            items.append(
                CompletionSuggestion(
                    label: "<\(type.xmlElement)>", kind: .element,
                    detail: definition.map { "\($0.name): \($0.typeDescription)" } ?? type.rawValue,
                    filterText: type.xmlElement, sortText: Self.order(500 + 10 * i),
                    edit: SourceEdit(range: range, replacement: skeleton.value()),
                    isSnippet: options.snippets))
        }
        return items
    }

    /// Items of an array: documented item values not yet present, and a skeleton of the item type.
    func arrayItems(_ container: Container, range: Range<Int>, typed: String) -> CompletionResult {
        let definition = keyDefinition(forValueAt: container.path).map(\.0)
        let indent = TextScan.indentation(text, offset)
        let unit = TextScan.indentUnit(text, container: container.node)
        let present = Set(container.node.items.compactMap(\.text))
        let itemType = definition?.arrayElementType
        let itemDefinition = definition.map { d in
            KeyDefinition(
                name: d.name, valueTypes: itemType.map { [$0] } ?? [.string], arrayElementType: nil,
                values: FeatureLookup.values(of: d, forValueAt: container.path + [.index(0)], isItem: true, in: document),
                docURL: d.docURL, summary: d.summary)
        }
        var items = valueProposals(definition: itemDefinition, indent: indent, unit: unit, range: range, present: present)
        if !typed.isEmpty {
            let t = typed.lowercased()
            items = items.filter { $0.filterText.lowercased().contains(t) }
        }
        return CompletionResult(items: items, isIncomplete: !typed.isEmpty)
    }

    // MARK: Element names

    /// Element names valid in `container` after `<`: `key` in a dictionary (value elements when a key
    /// waits for its value), value elements in an array.
    func elementNames(
        in container: Container?, pendingKey: PlistKey?, typed: String, range: Range<Int>,
        rangeIncludesBracket: Bool
    ) -> CompletionResult {
        let indent = TextScan.indentation(text, range.lowerBound)
        let unit = TextScan.indentUnit(text, container: container?.node)
        var names: [(String, ValueType?)] = []
        var preferred: [ValueType] = []
        if let container {
            if container.node.kind == .dictionary {
                if let pendingKey {
                    let definition = domain.flatMap { db.lookup(pendingKey.text, at: container.path, domain: $0)?.definition }
                    preferred = definition?.valueTypes ?? []
                    names = Self.valueNames
                    names.append(("key", nil))
                } else {
                    names = [("key", nil)]
                }
            } else {
                if let definition = keyDefinition(forValueAt: container.path)?.0 {
                    preferred = definition.arrayElementType.map { [$0] } ?? []
                }
                names = Self.valueNames
            }
        } else {
            names = [("dict", .dictionary), ("array", .array)]
        }
        var items: [CompletionSuggestion] = []
        for (i, (name, type)) in names.enumerated() where typed.isEmpty || name.hasPrefix(typed) {
            let rank = type.map { preferred.contains($0) ? 0 : 1 } ?? (pendingKey == nil ? 0 : 2)
            let body: String
            if let type {
                let skeleton = Skeleton(
                    type: type, element: nil, values: [], indent: indent, unit: unit,
                    snippets: options.snippets, multiLine: options.multiLine)
                body = name == "true" || name == "false" ? "<\(name)/>" : skeleton.value()
            } else {
                body = options.snippets ? "<key>$1</key>" : "<key></key>"
            }
            let newText = rangeIncludesBracket ? body : String(body.dropFirst())
            items.append(
                CompletionSuggestion(
                    label: name, kind: .element, detail: type.map { "\($0.rawValue) value" } ?? "dictionary key",
                    filterText: rangeIncludesBracket ? "<" + name : name, sortText: "\(rank)" + Self.order(i),
                    edit: SourceEdit(range: range, replacement: newText), isSnippet: options.snippets && newText.contains("$")))
        }
        return CompletionResult(items: items, isIncomplete: false)
    }

    static let valueNames: [(String, ValueType?)] = [
        ("string", .string), ("true", .boolean), ("false", .boolean), ("integer", .integer), ("real", .real),
        ("dict", .dictionary), ("array", .array), ("date", .date), ("data", .data),
    ]

    /// In a start tag's name: `<ke|`, or renaming `<str|ing>`.
    func startTagName(_ element: SyntaxElement) -> CompletionResult {
        let nameRange = element.nameRange(in: text)
        let typed = document.tree.string(nameRange.lowerBound..<min(offset, nameRange.upperBound))
        let container = document.container(at: element.start)
        var pending: PlistKey?
        if let container, container.node.kind == .dictionary {
            for entry in container.node.entries {
                if let key = entry.key, key.element.end <= element.start,
                    entry.value == nil || entry.value?.element.start == element.start
                {
                    pending = key
                } else if entry.key?.element.start == element.start {
                    pending = nil
                }
            }
        }
        if element.flags.contains(.startTagUnterminated) {
            // A tag being typed (`<ke`): insert the whole element. The unterminated tag runs on to
            // the next `<`, over the line break and the next line's indentation: keep those.
            return elementNames(
                in: container, pendingKey: pending, typed: typed,
                range: element.start..<typedEnd(element.start..<element.startTagRange.upperBound),
                rangeIncludesBracket: true)
        }
        // Renaming an existing element: only the name changes.
        var result = elementNames(in: container, pendingKey: pending, typed: typed, range: nameRange, rangeIncludesBracket: true)
        for i in result.items.indices {
            result.items[i].edit.replacement = Array(result.items[i].label.utf8)
            result.items[i].filterText = result.items[i].label
            result.items[i].isSnippet = false
        }
        return result
    }

    /// In an end tag's name: `</st|` — the name of the element it closes.
    func endTagName(_ element: SyntaxElement) -> CompletionResult {
        guard var endTag = element.endTagRange else { return .empty }
        if element.flags.contains(.endTagUnterminated) {
            // `</st` runs over the white space after it: keep that.
            endTag = endTag.lowerBound..<typedEnd(endTag)
        }
        let name = document.tree.string(element.nameRange(in: text))
        return CompletionResult(
            items: [
                CompletionSuggestion(
                    label: "</\(name)>", kind: .closeTag, sortText: "0",
                    edit: SourceEdit(range: endTag, replacement: "</\(name)>"))
            ], isIncomplete: false)
    }

    /// Outside any value: inside `<plist>` with no value yet, propose `<dict>` and `<array>`.
    func outsideRoot() -> CompletionResult {
        guard document.root == nil, let plist = document.tree.rootElement, plist.tag == .plist,
            offset >= plist.contentRange.lowerBound, offset <= plist.contentRange.upperBound
        else { return .empty }
        switch typedBeforeCursor() {
        case .startTag(let at, let name):
            return elementNames(in: nil, pendingKey: nil, typed: name, range: at..<tagEnd(from: offset), rangeIncludesBracket: true)
        case .word(let at, _):
            return elementNames(in: nil, pendingKey: nil, typed: "", range: at..<offset, rangeIncludesBracket: true)
        case .endTag:
            return .empty
        }
    }

    /// A value's one line: its note, whom it is for, and — when the list mixes values that belong
    /// beside different sibling values (reasons of every category) — which one it belongs with.
    static func detail(_ value: EnumValue, among values: [EnumValue]) -> String {
        var text = value.note
        if value.sdkOnly { text = "Third-party SDKs only. " + text }
        if let condition = value.onlyWith, values.contains(where: { $0.onlyWith != nil && $0.onlyWith != condition }) {
            text = "\(condition.value): " + text
        }
        return text
    }

    static func order(_ i: Int) -> String {
        let s = String(i)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
