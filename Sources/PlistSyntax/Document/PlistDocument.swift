// The typed view: dictionaries of key/value entries, arrays and decoded scalars, each pointing
// back to its source range; plist-level structure problems; and "what is at this offset".

/// Receives a document's value part by part (`PlistDocument.visitXMLValue`): a scalar, or the
/// start of a container, its parts (a dictionary's as `key(_:)` then the value) and `end()`.
public protocol PlistValueVisitor: AnyObject {
    func string(_ s: String)
    func integer(_ i: PlistInteger)
    func real(_ r: Double)
    func bool(_ b: Bool)
    func date(_ d: PlistDate)
    func data(_ d: [UInt8])
    /// An array of at most `capacity` items starts.
    func beginArray(capacity: Int)
    /// A dictionary of at most `capacity` entries starts.
    func beginDictionary(capacity: Int)
    /// The key of the dictionary entry whose value comes next.
    func key(_ k: String)
    /// The innermost container started ends.
    func end()
}

/// The typed view of a parsed property list.
public struct PlistDocument: Sendable {
    public let tree: SyntaxTree
    /// The top-level value (the element inside `<plist>`).
    public let root: PlistNode?
    /// Plist structure and value problems (XML problems are in `tree.syntaxErrors`).
    public let problems: [SyntaxProblem]

    /// Containers nested deeper than this are reported (`plist-too-deep`) and not read.
    public static let maximumDepth = 512

    /// The `#if` groups of a preprocessed Info.plist (empty structure for an ordinary file).
    public let conditionals: ConditionalStructure
    /// The preprocessor definitions the view was built for; nil means every branch at once.
    public let definitions: [String: String]?

    /// Builds the typed view. For a preprocessed file (one with `#if` lines), `definitions` nil
    /// reads every branch at once — values of one key in different conditional regions are
    /// alternatives, keys in different regions are not duplicates — while a set of definitions
    /// (`check -D`) keeps only the branches the C preprocessor would keep, as Xcode sees the file.
    public init(_ tree: SyntaxTree, definitions: [String: String]? = nil) {
        self.init(tree, definitions: definitions, reusing: nil)
    }

    /// Builds the typed view of `tree`, an edited version of `previous.tree`, reusing every value
    /// of `previous` whose syntax subtree the reparse kept (`SyntaxTree.applying` shares them): an
    /// edit costs the path from the changed entries to the root, not the document. The result is
    /// the same as building from scratch (`PlistDocumentReuseTests` proves it over random edits);
    /// a preprocessed file, whose values depend on where they stand among the `#if` lines, is
    /// built from scratch.
    public init(_ tree: SyntaxTree, definitions: [String: String]? = nil, reusing previous: PlistDocument?) {
        self.tree = tree
        let conditionals = ConditionalStructure(tree)
        self.conditionals = conditionals
        self.definitions = definitions
        var builder = Builder(text: tree.text, conditionals: conditionals, definitions: definitions)
        let reusable = previous.flatMap { p in
            !conditionals.isPreprocessed && !p.conditionals.isPreprocessed
                ? p.root.flatMap { r in r.storage.map { Builder.Previous(storage: $0, start: r.start) } } : nil
        }
        // What the reparses replaced since `previous`: the runs of a large container outside it are reused.
        if reusable != nil, let previous { builder.change = tree.changedRegion(since: previous.tree) }
        self.root = builder.buildRoot(tree, previous: reusable).map { PlistNode(child: $0.child, start: $0.start, source: tree.text) }
        builder.checkDoctype(tree)
        self.problems = builder.problems
    }

    /// Parses text and builds the typed view.
    public init(text: [UInt8], definitions: [String: String]? = nil) { self.init(SyntaxTree.parse(text), definitions: definitions) }

    /// Whether this view holds every branch of a preprocessed file at once (no definitions given).
    public var readsAllBranches: Bool { definitions == nil && conditionals.isPreprocessed }

    /// Whether the entries at offsets `a` and `b` can both be in what Xcode reads: false only when
    /// the view holds every branch and they lie in different conditional regions (`#if A … #endif`
    /// then `#if B … #endif` are read as alternatives: the author defines one of them).
    public func mayCoexist(_ a: Int, _ b: Int) -> Bool {
        readingRegion(at: a) == readingRegion(at: b)
    }

    /// The conditional region that decides what may coexist with the entry at `offset`: its
    /// branch path when the view holds every branch, else the whole file (one region).
    public func readingRegion(at offset: Int) -> BranchPath {
        readsAllBranches ? conditionals.path(at: offset) : []
    }

    /// The decoded value, as Foundation would read it (nil when there is no root value).
    public var value: PlistValue? { root.map { Self.value(of: $0, keepingLeadingFEFF: false) } }

    /// The decoded value as XML 1.0 reads it, for conversion: as `value`, except that a string or
    /// key keeps a leading U+FEFF, as libxml2 and Python's plistlib read it (Core Foundation drops
    /// it when it makes the string): only a byte order mark at the very start of the file is one,
    /// and binary → XML → binary keeps every string.
    public var xmlValue: PlistValue? { root.map { Self.value(of: $0, keepingLeadingFEFF: true) } }

    static func value(of node: PlistNode, keepingLeadingFEFF keep: Bool) -> PlistValue {
        switch node.kind {
        case .dictionary:
            return .dictionary(
                node.entries.compactMap { e in
                    guard let k = e.key, let v = e.value else { return nil }
                    return PlistValue.Entry(
                        key: keep ? ScalarText.raw(node.source, k.element) : k.text, value: value(of: v, keepingLeadingFEFF: keep))
                })
        case .array: return .array(node.items.map { value(of: $0, keepingLeadingFEFF: keep) })
        case .string, .misplacedKey: return .string(keep ? ScalarText.raw(node.source, node.element) : node.text ?? "")
        case .unknown: return .string(node.text ?? "")
        case .integer: return ValueDecoder.integer(node.text ?? "").map(PlistValue.integer) ?? .string(node.text ?? "")
        case .real: return ValueDecoder.real(node.text ?? "").map(PlistValue.real) ?? .string(node.text ?? "")
        case .boolean: return .bool(node.boolValue ?? false)
        case .date: return ValueDecoder.date(node.text ?? "").map(PlistValue.date) ?? .string(node.text ?? "")
        case .data: return .data(ValueDecoder.lenientData(node.text ?? ""))
        }
    }

    /// Walks the value `xmlValue` decodes, in document order, calling `visitor` for each part of
    /// it instead of building a tree of `PlistValue`s: the same strings (a leading U+FEFF kept),
    /// numbers, dates, data and entries (one missing its key or value skipped). False when there
    /// is no root value. What a converter builds its own value from, the document's bytes read
    /// once (issue #39, point 11: the tree of `PlistValue`s was a third of XML → binary's memory).
    @discardableResult
    public func visitXMLValue(_ visitor: any PlistValueVisitor) -> Bool {
        guard let root else { return false }
        Self.visit(root, visitor)
        return true
    }

    static func visit(_ node: PlistNode, _ v: any PlistValueVisitor) {
        switch node.kind {
        case .dictionary:
            guard let storage = node.storage else { v.beginDictionary(capacity: 0); v.end(); return }
            v.beginDictionary(capacity: storage.entryCount)
            storage.forEachEntry { e, base in
                guard let k = e.key, let c = e.value else { return }
                v.key(ScalarText.raw(node.source, storage.element(of: k, at: base, in: node)))
                visit(node.child(c, base), v)
            }
            v.end()
        case .array:
            let items = node.items
            v.beginArray(capacity: items.count)
            for item in items { visit(item, v) }
            v.end()
        case .string, .misplacedKey: v.string(ScalarText.raw(node.source, node.element))
        case .unknown: v.string(node.text ?? "")
        case .integer:
            let t = node.text ?? ""
            if let i = ValueDecoder.integer(t) { v.integer(i) } else { v.string(t) }
        case .real:
            let t = node.text ?? ""
            if let r = ValueDecoder.real(t) { v.real(r) } else { v.string(t) }
        case .boolean: v.bool(node.boolValue ?? false)
        case .date:
            let t = node.text ?? ""
            if let d = ValueDecoder.date(t) { v.date(d) } else { v.string(t) }
        case .data: v.data(ValueDecoder.lenientData(node.text ?? ""))
        }
    }

    /// All problems: XML well-formedness first, then plist structure, in document order.
    public var allProblems: [SyntaxProblem] {
        (tree.syntaxErrors + problems).sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    // MARK: Cursor

    /// What is at `offset`, and the key path of its container.
    public func context(at offset: Int) -> CursorContext {
        if let inner = tree.entries(at: offset).last, inner.kind == .comment, offset > inner.start {
            return CursorContext(place: .other, path: [])
        }
        // Tags outside any value (a half-typed `<ke` after the root value, `<plist>` itself).
        if let root {
            if let c = locate(root, offset, []) { return c }
        }
        for e in tree.entries(at: offset).reversed() where e.kind == .element && e.start < offset {
            if let t = tagPlace(e, offset) { return CursorContext(place: t, path: []) }
        }
        return CursorContext(place: .other, path: [])
    }

    private func tagPlace(_ e: SyntaxElement, _ offset: Int) -> CursorPlace? {
        let st = e.startTagRange
        if offset > st.lowerBound
            && (offset < st.upperBound
                || (offset == st.upperBound && (e.flags.contains(.startTagUnterminated) || !(tree.text[st.upperBound - 1] == 0x3E))))
        {
            let name = e.nameRange(in: tree.text)
            return offset <= name.upperBound ? .tagName(e, isEndTag: false) : .insideTag(e)
        }
        if let et = e.endTagRange, offset > et.lowerBound,
            offset < et.upperBound || (offset == et.upperBound && e.flags.contains(.endTagUnterminated))
        {
            return .tagName(e, isEndTag: true)
        }
        return nil
    }

    /// Where `offset` falls for one node on its own: outside it (nil), in one of its tags, or
    /// inside its content (where its children decide).
    private enum LocalPlace {
        case tag(CursorPlace)
        case content
    }

    private func localPlace(_ node: PlistNode, _ offset: Int) -> LocalPlace? {
        let el = node.element
        guard offset > el.start, offset <= el.end else { return nil }
        if let t = tagPlace(el, offset) { return .tag(t) }
        let content = el.contentRange
        guard offset >= content.lowerBound, offset <= content.upperBound, !el.flags.contains(.selfClosing) else { return nil }
        return .content
    }

    /// The context of `offset` inside `root`, nil when it is not inside. A loop down the one child
    /// whose content holds the offset (whether a node holds it is known from the node alone), so
    /// nesting as deep as the parser accepts cannot overflow the thread's stack.
    private func locate(_ root: PlistNode, _ offset: Int, _ rootPath: [PathComponent]) -> CursorContext? {
        var node = root
        var path = rootPath
        switch localPlace(node, offset) {
        case nil: return nil
        case .tag(let t)?: return CursorContext(place: t, path: path)
        case .content?: break
        }
        while true {
            var next: (node: PlistNode, path: [PathComponent])? = nil
            switch node.kind {
            case .dictionary:
                var index = 0
                entries: for (i, entry) in node.entries.enumerated() {
                    if let k = entry.key {
                        if offset > k.element.start && offset <= k.element.end {
                            if let t = tagPlace(k.element, offset) { return CursorContext(place: t, path: path) }
                            if offset >= k.textRange.lowerBound && offset <= k.textRange.upperBound {
                                return CursorContext(place: .key(dictionary: node, entryIndex: i), path: path)
                            }
                        }
                        if k.element.end <= offset { index = i + 1 }
                    }
                    if let v = entry.value {
                        switch localPlace(v, offset) {
                        case .tag(let t)?: return CursorContext(place: t, path: path + [.key(entry.key?.text ?? "")])
                        case .content?: next = (v, path + [.key(entry.key?.text ?? "")]); break entries
                        case nil: if v.element.end <= offset { index = i + 1 }
                        }
                    }
                }
                if next == nil { return CursorContext(place: .dictionaryGap(node, index: index), path: path) }
            case .array:
                var index = 0
                items: for (i, item) in node.items.enumerated() {
                    switch localPlace(item, offset) {
                    case .tag(let t)?: return CursorContext(place: t, path: path + [.index(i)])
                    case .content?: next = (item, path + [.index(i)]); break items
                    case nil: if item.element.end <= offset { index = i + 1 }
                    }
                }
                if next == nil { return CursorContext(place: .arrayGap(node, index: index), path: path) }
            default:
                return CursorContext(place: .value(node), path: path)
            }
            (node, path) = next!
        }
    }

    /// The node at a key path, if present.
    public func node(at path: [PathComponent]) -> PlistNode? {
        var current = root
        for c in path {
            guard let n = current else { return nil }
            switch c {
            case .key(let k): current = n.kind == .dictionary ? n.value(forKey: k) : nil
            case .index(let i): current = n.kind == .array && i < n.items.count ? n.items[i] : nil
            }
        }
        return current
    }
}

/// Builds the typed view and collects structure problems.
private struct Builder {
    let text: SourceText
    var problems: [SyntaxProblem] = []
    let conditionals: ConditionalStructure
    /// With definitions: the branches kept; entries elsewhere are skipped like comments.
    let selected: Set<BranchID>?
    /// Without definitions, in a preprocessed file: every branch is read, values in different
    /// conditional regions are alternatives.
    let branching: Bool
    /// How many containers enclose the element being built.
    var depth = 0
    /// What the reparses replaced since the reused view's tree (its text's bytes, and the change in
    /// length): the runs of a large container wholly outside it are reused. Nil: none is.
    var change: (range: Range<Int>, delta: Int)?

    /// A value of the previous version, and where it stood in the previous text.
    struct Previous {
        let storage: PlistNode.Storage
        let start: Int
    }

    init(text: SourceText, conditionals: ConditionalStructure, definitions: [String: String]?) {
        self.text = text
        self.conditionals = conditionals
        let preprocessed = conditionals.isPreprocessed
        selected = preprocessed ? definitions.map { conditionals.selectedBranches($0) } : nil
        branching = preprocessed && definitions == nil
    }

    /// Whether the preprocessor drops `c` under the given definitions.
    func inactive(_ c: SyntaxElement) -> Bool {
        guard let selected else { return false }
        return !conditionals.isActive(c.start, selected: selected)
    }

    /// Whether `a` and `b` lie in different conditional regions, both inside some `#if` group.
    func inOtherBranches(_ a: SyntaxElement, _ b: SyntaxElement) -> Bool {
        guard branching else { return false }
        let pa = conditionals.path(at: a.start), pb = conditionals.path(at: b.start)
        return !pa.isEmpty && !pb.isEmpty && pa != pb
    }

    mutating func buildRoot(_ tree: SyntaxTree, previous: Previous?) -> (child: PlistNode.Storage.Child, start: Int)? {
        // No root element at all is an XML error, reported by the syntax layer.
        guard let rootElement = tree.rootElement else { return nil }
        if rootElement.tag != .plist {
            if rootElement.tag.isScalar || rootElement.tag.isContainer {
                let extra = tree.topLevel.filter { $0.kind == .element }.count > 1
                problems.append(
                    SyntaxProblem(
                        code: .plistMissingPlistElement,
                        message: extra
                            ? "No <plist> root element: the file holds bare <\(name(rootElement))> elements (a fragment?)"
                            : "The root element is <\(name(rootElement))>, not <plist>",
                        range: rootElement.startTagRange, severity: extra ? .error : .warning))
                return (
                    PlistNode.Storage.Child(entry: rootElement.entry, offset: 0, storage: build(rootElement, previous: previous)),
                    rootElement.start
                )
            }
            problems.append(
                SyntaxProblem(
                    code: .plistNoRoot, message: "The root element is <\(name(rootElement))>, not <plist>", range: rootElement.startTagRange
                ))
            return nil
        }
        checkStartTag(rootElement)
        var values: [SyntaxElement] = []
        rootElement.forEachChild { c in
            if inactive(c) { return }
            if c.kind == .element {
                values.append(c)
            } else if c.kind == .text && !c.flags.contains(.whitespaceOnly) && !c.flags.contains(.malformed) {
                problems.append(SyntaxProblem(code: .plistStrayText, message: "Text outside any value is ignored", range: c.range))
            }
        }
        guard let first = values.first else {
            problems.append(
                SyntaxProblem(code: .plistEmptyRoot, message: "<plist> holds no value: add a <dict>", range: rootElement.startTagRange))
            return nil
        }
        // `#if A <dict>…</dict> #else <dict>…</dict> #endif`: one root value per branch; the
        // typed view follows the first.
        for extra in values.dropFirst() where !inOtherBranches(first, extra) {
            problems.append(
                SyntaxProblem(
                    code: .plistExtraRootValue, message: "<plist> must hold exactly one value; this one is ignored", range: extra.range))
        }
        return (PlistNode.Storage.Child(entry: first.entry, offset: 0, storage: build(first, previous: previous)), first.start)
    }

    /// Core Foundation skips a DOCTYPE by reading to its first '>' and refuses a '<' inside it, so a
    /// well-formed DOCTYPE whose quoted identifiers hold '<' or '>' still makes the file unreadable.
    mutating func checkDoctype(_ tree: SyntaxTree) {
        for e in tree.topLevel where e.kind == .doctype && !e.flags.contains(.malformed) {
            let inner = text[(e.start + 2)..<max(e.start + 2, e.end - 1)]
            if let bad = inner.firstIndex(where: { $0 == 0x3C || $0 == 0x3E }) {
                problems.append(
                    SyntaxProblem(
                        code: .plistDoctypeUnreadable,
                        message:
                            "Foundation cannot read a DOCTYPE containing '\(bad < text.count && text[bad] == 0x3C ? "<" : ">")'; use <!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">",
                        range: e.range))
            }
        }
    }

    func name(_ e: SyntaxElement) -> String {
        text.string(e.nameRange(in: text))
    }

    func scalarText(_ e: SyntaxElement) -> String { ScalarText.decode(text, e) }

    /// Core Foundation skips attributes unread and ends a tag at its first '>', so a '>' inside
    /// an attribute value (well-formed XML: `<plist version="1.>0">`) makes it read the rest of
    /// the tag as content: the file fails to load, or a value reads differently.
    mutating func checkStartTag(_ e: SyntaxElement) {
        let tag = e.startTagRange
        guard tag.count > 2, !e.flags.contains(.startTagUnterminated), !e.flags.contains(.malformed) else { return }
        if let gt = text.withBytes(in: tag.lowerBound..<(tag.upperBound - 1), { $0.firstIndex(of: 0x3E).map { tag.lowerBound + $0 } }) {
            problems.append(
                SyntaxProblem(
                    code: .plistAttributeUnreadable,
                    message:
                        "Foundation ends the tag at this '>' inside an attribute value and cannot read the file as written; write &gt; instead",
                    range: gt..<(gt + 1)))
        }
    }

    /// Subtrees keep at most this many problems for reuse; one with more is rebuilt when reused.
    static let reusableProblems = 64

    /// The value of `e`: `previous`'s when it is the same subtree (same syntax node, same depth),
    /// else built, with `previous`'s children as candidates for reuse below. Nil for a scalar
    /// without markup in its content, which its container stores inline (its problems are reported).
    mutating func build(_ e: SyntaxElement, previous candidate: Previous?) -> PlistNode.Storage? {
        let previous = candidate?.storage
        if let previous, let node = e.node, previous.syntax === node, previous.depth == depth, let kept = previous.problems,
            previous.entry.kind == e.entry.kind, previous.entry.tag == e.entry.tag, previous.entry.flags == e.entry.flags,
            previous.entry.width == e.entry.width, previous.entry.startTagWidth == e.entry.startTagWidth,
            previous.entry.endTagWidth == e.entry.endTagWidth
        {
            for p in kept { problems.append(p.shifted(by: e.start)) }
            return previous
        }
        let mark = problems.count
        let parts = buildParts(e, previous: candidate)
        if parts.isInlineScalar && e.node == nil { return nil }
        var kept: [SyntaxProblem]? = nil
        if problems.count - mark <= Self.reusableProblems {
            kept = problems[mark...].map { $0.shifted(by: -e.start) }
        }
        return PlistNode.Storage(
            kind: parts.kind, entry: e.entry, syntax: e.node, entries: parts.entries, items: parts.items,
            chunks: parts.chunks, depth: depth, problems: kept)
    }

    struct Parts {
        var kind: PlistNode.Kind
        var entries: [PlistNode.Storage.Entry] = []
        var items: [PlistNode.Storage.Child] = []
        var chunks: [PlistNode.Storage.ChunkRef] = []
        /// A scalar whose kind follows from its tag (`PlistNode.Kind(inlineScalar:)`): stored inline unless it has a syntax node.
        var isInlineScalar = false
    }

    mutating func buildParts(_ e: SyntaxElement, previous: Previous?) -> Parts {
        checkStartTag(e)
        // The typed view (and every walk over it, here and in the analysis) is recursive; a
        // bounded depth keeps a hostile file from exhausting the stack. No real plist comes close.
        if depth >= PlistDocument.maximumDepth && e.tag.isContainer {
            problems.append(
                SyntaxProblem(
                    code: .plistTooDeep,
                    message:
                        "Values are nested more than \(PlistDocument.maximumDepth) levels deep; this one and everything inside it is not read",
                    range: e.startTagRange))
            return Parts(kind: .unknown)
        }
        switch e.tag {
        case .dict: return buildContainer(e, previous: previous, kind: .dictionary)
        case .array: return buildContainer(e, previous: previous, kind: .array)
        case .true, .false:
            // Core Foundation wants `</true>` right after `<true>`: even blank inline content is
            // content here (unlike in a container, where blanks are never a problem).
            let hasContent =
                e.hasChildNode
                ? e.children.contains(where: { !($0.kind == .text && $0.flags.contains(.whitespaceOnly)) && $0.kind != .comment })
                : !e.contentRange.isEmpty
            if hasContent {
                problems.append(SyntaxProblem(code: .plistBooleanContent, message: "<\(name(e))/> takes no content", range: e.contentRange))
            }
            return Parts(kind: .boolean, isInlineScalar: true)
        case .key, .string, .integer, .real, .date, .data:
            for c in e.childElements {
                problems.append(
                    SyntaxProblem(code: .plistElementInScalar, message: "<\(name(c))> cannot appear inside <\(name(e))>", range: c.range))
            }
            checkScalarMarkup(e)
            // Strings need no validation: their text is decoded only when read.
            // The others' text is checked here and decoded again when read.
            if e.tag != .string && e.tag != .key { checkScalar(e, scalarText(e)) }
            return Parts(kind: PlistNode.Kind(inlineScalar: e.tag), isInlineScalar: true)
        case .plist, .other:
            if e.kind == .element {
                problems.append(
                    SyntaxProblem(
                        code: .plistUnknownElement, message: "<\(name(e))> is not a property-list element", range: e.startTagRange))
            }
            return Parts(kind: .unknown)
        }
    }

    /// Where to look for the previous version of a container's children. Children the edit did not
    /// reach kept their offset (before the edit) or moved by the change in the container's width
    /// (after it): the previous child at either offset, found by binary search, is a candidate, and
    /// `build` reuses it only if its syntax node is the child's. The child holding the edit is
    /// found at its own offset (its start is before the edit) and rebuilt with its own children as
    /// candidates.
    struct Candidates {
        let previous: PlistNode.Storage?
        /// Where `previous` stood in the previous text.
        let previousStart: Int
        /// A small previous container's children (a large one's are found in its chunks).
        let children: [PlistNode.Storage.Child]
        let delta: Int

        init(_ previous: Previous?, kind: PlistNode.Kind, element: SyntaxElement) {
            guard let previous, previous.storage.kind == kind else {
                self.previous = nil
                previousStart = 0
                children = []
                delta = 0
                return
            }
            self.previous = previous.storage
            previousStart = previous.start
            children =
                !previous.storage.chunks.isEmpty
                ? [] : kind == .dictionary ? previous.storage.entries.compactMap(\.value) : previous.storage.items
            delta = Int(element.entry.width) - Int(previous.storage.entry.width)
        }

        /// The index of the last chunk starting at or before `offset`.
        private func chunkIndex(at offset: Int) -> Int? {
            guard let chunks = previous?.chunks, !chunks.isEmpty, chunks[0].offset <= offset else { return nil }
            return lastIndex(notAbove: offset, count: chunks.count) { chunks[$0].offset }
        }

        private func child(at offset: Int) -> Previous? {
            guard let previous else { return nil }
            if previous.chunks.isEmpty {
                let lo = firstIndex(notBelow: offset, in: 0..<children.count) { children[$0].offset }
                guard lo < children.count, children[lo].offset == offset, let storage = children[lo].storage else { return nil }
                return Previous(storage: storage, start: previousStart + offset)
            }
            guard let k = chunkIndex(at: offset) else { return nil }
            let ref = previous.chunks[k]
            let inner = offset - ref.offset
            func found(_ c: PlistNode.Storage.Child?) -> Previous? {
                guard let c, c.offset == inner, let storage = c.storage else { return nil }
                return Previous(storage: storage, start: previousStart + offset)
            }
            if previous.kind == .dictionary {
                for e in ref.chunk.entries { if let hit = found(e.value) { return hit } }
            } else {
                for c in ref.chunk.items { if let hit = found(c) { return hit } }
            }
            return nil
        }

        func previous(of c: SyntaxElement, in owner: SyntaxElement) -> Previous? {
            guard let node = c.node, previous != nil else { return nil }
            let offset = c.start - owner.start
            if delta != 0, let moved = child(at: offset - delta), moved.storage.syntax === node { return moved }
            return child(at: offset)
        }

        /// The previous version's chunk that the new container's syntax entries from `index` on
        /// (at `offset` from `owner`'s start) repeat: one whose bytes lay wholly outside what the
        /// reparses replaced (so its syntax entries were copied, moved by `change.delta` when after
        /// it), built at the same depth and reusable. Nil when there is none.
        func chunk(
            at index: Int, offset: Int, of node: SyntaxNode, owner: SyntaxElement, change: (range: Range<Int>, delta: Int)?,
            depth: Int
        ) -> PlistNode.Storage.Chunk? {
            guard let change, let previous, !previous.chunks.isEmpty else { return nil }
            let absolute = owner.start + offset
            // Before the change, at the same place; after it, moved by its delta.
            for old in [absolute, absolute - change.delta] {
                guard let k = chunkIndex(at: old - previousStart) else { continue }
                let ref = previous.chunks[k]
                let start = previousStart + ref.offset
                guard start == old, ref.chunk.problems != nil, ref.chunk.depth == depth else { continue }
                let end = start + ref.chunk.width
                let before = end <= change.range.lowerBound, after = start >= change.range.upperBound
                guard before || after, before ? old == absolute : old == absolute - change.delta || change.delta == 0 else { continue }
                // The same syntax entries: the first at this offset, the last ending where the chunk ends.
                let last = index + ref.chunk.syntaxCount - 1
                guard last < node.children.count, node.children[last].end - offset == ref.chunk.width else { continue }
                return ref.chunk
            }
            return nil
        }
    }

    /// What XML allows in a value but Core Foundation refuses to read (the whole file then fails
    /// to load): comments and processing instructions inside a value, and entity references
    /// other than the five predefined ones and character references.
    mutating func checkScalarMarkup(_ e: SyntaxElement) {
        guard e.hasChildNode else {
            if e.flags.contains(.hasReferences) && !e.flags.contains(.malformed) { checkReferences(e.contentRange) }
            return
        }
        e.forEachChild { c in
            switch c.kind {
            case .comment, .processingInstruction:
                problems.append(
                    SyntaxProblem(
                        code: .plistMarkupInValue,
                        message:
                            "Foundation cannot read a \(c.kind == .comment ? "comment" : "processing instruction") inside <\(name(e))>; move it outside the value",
                        range: c.range))
            case .text where c.flags.contains(.hasReferences) && !c.flags.contains(.malformed):
                checkReferences(c.range)
            default:
                break
            }
        }
    }

    mutating func checkReferences(_ r: Range<Int>) {
        var i = r.lowerBound
        while i < r.upperBound {
            guard text[i] == 0x26, let semi = text[i..<r.upperBound].firstIndex(of: 0x3B) else { i += 1; continue }
            let name = Array(text[(i + 1)..<semi])
            let known = ["lt", "gt", "amp", "apos", "quot"].contains(String(decoding: name, as: UTF8.self)) || name.first == 0x23
            if !known {
                problems.append(
                    SyntaxProblem(
                        code: .plistUnknownEntity,
                        message:
                            "Foundation knows only &lt; &gt; &amp; &apos; &quot; and character references; &\(String(decoding: name, as: UTF8.self)); makes the file unreadable",
                        range: i..<(semi + 1)))
            }
            i = semi + 1
        }
    }

    mutating func checkScalar(_ e: SyntaxElement, _ t: String) {
        let range = e.contentRange.isEmpty ? e.startTagRange : e.contentRange
        switch e.tag {
        case .integer:
            guard let value = ValueDecoder.integer(t) else {
                let trailing = t.utf8.last.map(XMLChar.isSpace) == true && ValueDecoder.integer(t.trimmingXMLSpace()) != nil
                problems.append(
                    SyntaxProblem(
                        code: .plistInvalidInteger,
                        message: t.isEmpty
                            ? "Empty <integer>"
                            : trailing
                                ? "'\(t.trimmingXMLSpace())' is followed by blanks, which Foundation refuses in an <integer> (blanks before it are read)"
                                : "'\(t.trimmingXMLSpace())' is not an integer (−2⁶³ … 2⁶⁴−1, decimal or 0x hex)", range: range))
                return
            }
            // A blank between the sign and the digits: Foundation skips it, Python's int() refuses.
            let compact = t.trimmingXMLSpace()
            if let sign = compact.utf8.first, sign == 0x2D || sign == 0x2B, compact.utf8.dropFirst().first.map(XMLChar.isSpace) == true {
                problems.append(
                    SyntaxProblem(
                        code: .plistInvalidInteger,
                        message: "A blank after the sign: Foundation reads \(value), Python's plistlib refuses the file; write \(value)",
                        range: range, severity: .warning))
            }
        case .data where ValueDecoder.isValidBase64(t) && ValueDecoder.base64Length(t) % 4 != 0:
            // Base64 whose '=' padding is missing or short: Core Foundation decodes complete
            // groups of four only (`parseDataTag`); Python's base64 refuses it.
            let length = ValueDecoder.base64Length(t), digits = ValueDecoder.base64DigitCount(t)
            let read = ValueDecoder.lenientData(t).count
            let fix = digits % 4 == 1 ? "" : "; end it with '\(digits % 4 == 2 ? "==" : "=")' to keep all \(digits * 6 / 8) bytes"
            problems.append(
                SyntaxProblem(
                    code: .plistInvalidData,
                    message:
                        "Base64 without its full '=' padding (\(length) characters, not a multiple of 4): Foundation ignores the last \(length % 4) and reads \(read) bytes, Python's plistlib refuses the file\(fix)",
                    range: range, severity: .warning))
        case .real where ValueDecoder.real(t) == nil:
            problems.append(SyntaxProblem(code: .plistInvalidReal, message: "'\(t.trimmingXMLSpace())' is not a number", range: range))
        case .date where ValueDecoder.date(t) == nil:
            problems.append(
                SyntaxProblem(
                    code: .plistInvalidDate, message: "'\(t.trimmingXMLSpace())' is not a date: use YYYY-MM-DDTHH:MM:SSZ (UTC)",
                    range: range))
        case .data where !ValueDecoder.isValidBase64(t):
            problems.append(
                SyntaxProblem(
                    code: .plistInvalidData, message: "<data> must hold base64 (A–Z, a–z, 0–9, +, /, = and white space)", range: range))
        default:
            break
        }
    }

    mutating func strayText(_ c: SyntaxElement, in container: String) {
        if c.kind == .text && !c.flags.contains(.whitespaceOnly) && !c.flags.contains(.malformed) {
            problems.append(
                SyntaxProblem(
                    code: .plistStrayText, message: "Text directly inside <\(container)> is ignored; wrap it in a value element",
                    range: c.range))
        }
    }

    /// Containers with at least this many syntax entries are stored in chunks (`PlistNode.Storage.Chunk`).
    static let chunkedFrom = 256
    /// Entries (or items) per chunk when a chunk is closed.
    static let chunkSize = 64

    /// The entries being built of a dictionary (of one chunk, for a large one), and the keys waiting for their value.
    struct DictionaryState {
        var entries: [PlistNode.Storage.Entry] = []
        // Keys waiting for their value: one, or several in different branches (`#if A <key>X</key>
        // #else <key>Y</key> #endif <string>v</string>`), which then share the value.
        var pending: [(key: PlistKey, stored: PlistNode.Storage.Key)] = []
        var items: [PlistNode.Storage.Child] = []

        /// Room for `syntaxEntries` syntax entries' worth of entries (a key and its value make one)
        /// or items, so that the arrays kept in the view are not up to twice their length.
        mutating func reserve(_ syntaxEntries: Int, _ kind: PlistNode.Kind) {
            if kind == .dictionary { entries.reserveCapacity((syntaxEntries + 1) / 2) } else { items.reserveCapacity(syntaxEntries) }
        }
    }

    /// A dictionary's or an array's entries. A large one (`chunkedFrom` syntax entries or more,
    /// outside a file read branch by branch) is built in chunks of about `chunkSize` entries, each
    /// closed only where no key waits for its value, so that what a chunk holds depends on its
    /// bytes alone; a chunk of the previous version that the edit did not reach is reused whole.
    mutating func buildContainer(_ e: SyntaxElement, previous: Previous?, kind: PlistNode.Kind) -> Parts {
        depth += 1
        defer { depth -= 1 }
        let candidates = Candidates(previous, kind: kind, element: e)
        var state = DictionaryState()
        // The blank runs between entries (`SyntaxElement.forEachChild`) hold nothing for the view: only stored entries are read.
        guard let node = e.node else {
            for c in e.children { step(c, owner: e, base: 0, kind, candidates, &state) }
            finishDictionary(&state)
            return Parts(kind: kind, entries: state.entries, items: state.items)
        }
        guard node.children.count >= Self.chunkedFrom, !branching else {
            state.reserve(node.children.count, kind)
            for i in node.children.indices {
                step(SyntaxElement.child(i, of: node, ownerStart: e.start), owner: e, base: 0, kind, candidates, &state)
            }
            finishDictionary(&state)
            return Parts(kind: kind, entries: state.entries, items: state.items)
        }
        var chunks: [PlistNode.Storage.ChunkRef] = []
        var count = 0
        // The chunk being built: its first syntax entry, its offset and where its problems start.
        var open: (index: Int, offset: Int, mark: Int)? = nil
        var i = 0
        while i <= node.children.count {
            let atEnd = i == node.children.count
            let offset = atEnd ? 0 : Int(node.children[i].offset)
            let reused =
                atEnd || !state.pending.isEmpty
                ? nil : candidates.chunk(at: i, offset: offset, of: node, owner: e, change: change, depth: depth)
            if let o = open, atEnd || reused != nil || (state.pending.isEmpty && state.entries.count + state.items.count >= Self.chunkSize)
            {
                // Close the chunk being built: where a reused one starts, at the end, or when full.
                let clean = state.pending.isEmpty
                if atEnd { finishDictionary(&state) }
                var kept: [SyntaxProblem]? = nil
                if clean && problems.count - o.mark <= Self.reusableProblems {
                    kept = problems[o.mark...].map { $0.shifted(by: -(e.start + o.offset)) }
                }
                let chunk = PlistNode.Storage.Chunk(
                    entries: state.entries, items: state.items, syntaxCount: i - o.index,
                    width: node.children[i - 1].end - o.offset, depth: depth, problems: kept)
                chunks.append(.init(offset: o.offset, first: count, chunk: chunk))
                count += chunk.count
                state.entries = []
                state.items = []
                open = nil
            }
            if atEnd { break }
            if let reused {
                chunks.append(.init(offset: offset, first: count, chunk: reused))
                count += reused.count
                for p in reused.problems ?? [] { problems.append(p.shifted(by: e.start + offset)) }
                i += reused.syntaxCount
                continue
            }
            if open == nil {
                open = (i, offset, problems.count)
                state.reserve(kind == .dictionary ? 2 * Self.chunkSize : Self.chunkSize, kind)
            }
            step(SyntaxElement.child(i, of: node, ownerStart: e.start), owner: e, base: open!.offset, kind, candidates, &state)
            i += 1
        }
        return Parts(kind: kind, chunks: chunks)
    }

    mutating func step(
        _ c: SyntaxElement, owner e: SyntaxElement, base: Int, _ kind: PlistNode.Kind, _ candidates: Candidates,
        _ state: inout DictionaryState
    ) {
        if kind == .dictionary {
            dictionaryStep(c, owner: e, base: base, candidates, &state)
        } else {
            arrayStep(c, owner: e, base: base, candidates, &state)
        }
    }

    /// One child of a dictionary: a key waits for its value, a value pairs with the keys waiting.
    /// Offsets are stored from `base` (its chunk's offset in the dictionary).
    mutating func dictionaryStep(
        _ c: SyntaxElement, owner e: SyntaxElement, base: Int, _ candidates: Candidates, _ state: inout DictionaryState
    ) {
        if inactive(c) { return }
        guard c.kind == .element else { strayText(c, in: "dict"); return }
        if c.tag == .key {
            for inner in c.childElements {
                problems.append(
                    SyntaxProblem(code: .plistElementInScalar, message: "<\(name(inner))> cannot appear inside <key>", range: inner.range))
            }
            checkStartTag(c)
            checkScalarMarkup(c)
            let key = PlistKey(element: c, text: scalarText(c))
            let stored = PlistNode.Storage.Key(entry: c.entry, offset: c.start - e.start - base)
            if !state.pending.isEmpty && !state.pending.allSatisfy({ inOtherBranches($0.key.element, c) }) {
                for (k, s) in state.pending {
                    problems.append(
                        SyntaxProblem(code: .plistKeyWithoutValue, message: "Key '\(k.text)' has no value", range: k.element.range))
                    state.entries.append(.init(key: s, value: nil))
                }
                state.pending = []
            }
            state.pending.append((key, stored))
        } else {
            let v = PlistNode.Storage.Child(
                entry: c.entry, offset: c.start - e.start - base, storage: build(c, previous: candidates.previous(of: c, in: e)))
            if !state.pending.isEmpty {
                for (_, s) in state.pending { state.entries.append(.init(key: s, value: v)) }
                state.pending = []
            } else if let last = state.entries.last, let k = last.key, let previous = last.value,
                inOtherBranches(SyntaxElement(entry: previous.raw, start: e.start + base + previous.offset, node: nil), c)
            {
                // One value per branch (`<key>X</key> #if A <string>a</string> #else
                // <string>b</string> #endif`): an alternative value of the same key, an entry
                // of its own so that every rule checks it.
                state.entries.append(.init(key: k, value: v))
            } else {
                problems.append(
                    SyntaxProblem(code: .plistValueWithoutKey, message: "This value has no <key> before it", range: c.startTagRange))
                state.entries.append(.init(key: nil, value: v))
            }
        }
    }

    /// The keys still waiting for a value at the end of a dictionary.
    mutating func finishDictionary(_ state: inout DictionaryState) {
        for (k, s) in state.pending {
            problems.append(SyntaxProblem(code: .plistKeyWithoutValue, message: "Key '\(k.text)' has no value", range: k.element.range))
            state.entries.append(.init(key: s, value: nil))
        }
        state.pending = []
    }

    /// One child of an array.
    mutating func arrayStep(_ c: SyntaxElement, owner e: SyntaxElement, base: Int, _ candidates: Candidates, _ state: inout DictionaryState)
    {
        if inactive(c) { return }
        guard c.kind == .element else { strayText(c, in: "array"); return }
        if c.tag == .key {
            problems.append(
                SyntaxProblem(code: .plistKeyInArray, message: "<key> cannot be an array item; use <string>", range: c.startTagRange))
        }
        state.items.append(
            .init(entry: c.entry, offset: c.start - e.start - base, storage: build(c, previous: candidates.previous(of: c, in: e))))
    }
}
