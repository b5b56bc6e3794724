// Formats a property list as Xcode writes it (Core Foundation's XML writer, CFPropertyList.c):
// the standard declaration and DOCTYPE, one element per line indented by tabs, `<true/>`,
// `<dict/>`, strings escaped with &amp; &lt; &gt; (and a CR as &#13;, which Xcode writes raw and loses), `<data>` wrapped at 76 columns, one final
// newline. Comments, preprocessor lines and every value are kept; a file with syntax errors is
// refused with the reason. Bytes in, pieces and edits out: no I/O.
import PlistSyntax

/// Why a document was not formatted: the first problem that makes its structure uncertain.
public struct FormattingRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, for the user (without location: the caller adds it).
    public let message: String
    /// Where, in UTF-8 byte offsets of the document.
    public let range: Range<Int>
    /// The problem's rule id, when a syntax or structure problem is the reason.
    public let code: String?

    public var description: String { code.map { "\(message) [\($0)]" } ?? message }
}

/// The formatted document: the new text as pieces that tile the old one, so that the edits sent
/// to an editor touch only what changed (its cursor and marks elsewhere survive).
public struct FormattedDocument: Sendable {
    /// The document before formatting, in one piece.
    public let original: SourceText
    /// Consecutive ranges of `original`, each with its formatted bytes; together they tile it.
    public let pieces: [SourceEdit]

    /// The formatted text.
    public var text: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(original.count + original.count / 8)
        for p in pieces { out.append(contentsOf: p.replacement) }
        return out
    }

    /// Whether formatting changes nothing.
    public var isUnchanged: Bool { pieces.allSatisfy { original[$0.range].elementsEqual($0.replacement) } }

    /// The smallest edits that turn `original` into `text`: each changed piece trimmed to the
    /// bytes that differ (on character boundaries), touching edits merged; sorted, never overlapping.
    public var edits: [SourceEdit] { Self.minimalEdits(pieces, original) }

    /// The edits of the pieces that overlap (or touch) `range`: range formatting. Each piece keeps
    /// the document's values on its own, so any subset of them may be applied.
    public func edits(touching range: Range<Int>) -> [SourceEdit] {
        let chosen = pieces.filter { $0.range.lowerBound <= range.upperBound && $0.range.upperBound >= range.lowerBound }
        return Self.minimalEdits(chosen, original)
    }

    static func minimalEdits(_ pieces: [SourceEdit], _ original: SourceText) -> [SourceEdit] {
        var out: [SourceEdit] = []
        for p in pieces {
            let old = original[p.range]
            let new = p.replacement
            if old.elementsEqual(new) { continue }
            var prefix = 0
            let limit = min(old.count, new.count)
            while prefix < limit && old[old.startIndex + prefix] == new[prefix] { prefix += 1 }
            // Never split a UTF-8 sequence: an edit starts and ends at character boundaries.
            while prefix > 0 && prefix < old.count && isContinuation(old[old.startIndex + prefix]) { prefix -= 1 }
            var suffix = 0
            while suffix < limit - prefix && old[old.endIndex - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            while suffix > 0 && isContinuation(old[old.endIndex - suffix]) { suffix -= 1 }
            let range = (p.range.lowerBound + prefix)..<(p.range.upperBound - suffix)
            let replacement = Array(new[prefix..<(new.count - suffix)])
            if let last = out.last, last.range.upperBound == range.lowerBound {
                out[out.count - 1] = SourceEdit(
                    range: last.range.lowerBound..<range.upperBound, replacement: last.replacement + replacement)
            } else {
                out.append(SourceEdit(range: range, replacement: replacement))
            }
        }
        return out
    }

    @inline(__always) private static func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
}

/// Formats property lists as Xcode writes them. See docs/features.md#formatting.
public enum PlistFormatter {
    /// The declaration Core Foundation writes.
    public static let xmlDeclaration = #"<?xml version="1.0" encoding="UTF-8"?>"#
    /// The DOCTYPE Core Foundation writes (older files name `-//Apple Computer//`).
    public static let doctype = #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#

    /// Problems after which the file's structure is not certain enough to rewrite, or rewriting
    /// would drop or move something: every XML error, and these plist problems. (Wrong values such
    /// as an invalid integer are kept as written; a key without a value stays a key.)
    static let refusingCodes: Set<SyntaxProblem.Code> = [
        .plistUnknownElement, .plistStrayText, .plistEmptyRoot, .plistMissingPlistElement, .plistNoRoot,
        .plistBooleanContent, .plistElementInScalar, .plistMarkupInValue, .plistUnknownEntity,
        .plistDoctypeUnreadable, .plistAttributeUnreadable, .plistTooDeep, .plistKeyInArray,
    ]

    /// Whether `problem` stops formatting: an XML error or one of `refusingCodes`. A reference to
    /// a character XML 1.0 forbids (`&#1;`, a warning) does not: it is rewritten as `convert` writes it.
    static func refuses(_ problem: SyntaxProblem) -> Bool {
        (problem.code.rawValue.hasPrefix("xml-") && problem.code != .xmlForbiddenCharacterReference) || refusingCodes.contains(problem.code)
    }

    /// Formats the whole document, or says why not. The result is checked before it is returned:
    /// it must read back as the same values, comments and preprocessor lines, else it is refused.
    public static func format(_ document: PlistDocument, options: FormatterOptions = .xcode) -> Result<FormattedDocument, FormattingRefusal>
    {
        for problem in document.allProblems where refuses(problem) {
            return .failure(FormattingRefusal(message: problem.message, range: problem.range, code: problem.code.rawValue))
        }
        var writer = Writer(tree: document.tree, options: options)
        do {
            try writer.document()
        } catch let refusal as FormattingRefusal {
            return .failure(refusal)
        } catch {
            return .failure(FormattingRefusal(message: "\(error)", range: 0..<0, code: nil))
        }
        let result = FormattedDocument(original: writer.text, pieces: writer.pieces)
        if let broken = verify(document, result.text) {
            return .failure(FormattingRefusal(message: broken, range: 0..<0, code: nil))
        }
        return .success(result)
    }

    /// Range formatting: the edits of `format(document, options:)` that overlap or touch `range`
    /// (its `edits(touching:)`), at what the range costs: the writer opens only the containers
    /// that hold part of the range, skips every entry that ends before it and stops at the first
    /// that starts after it, and the result is verified on the entries it rewrites alone
    /// (`verify(_:pieces:in:)`). The refusals are the whole document's problems, as for `format`;
    /// the writer's own refusals are only looked for on the way to the range (each is also a
    /// problem of the document).
    public static func format(
        _ document: PlistDocument, options: FormatterOptions = .xcode, range: Range<Int>
    ) -> Result<[SourceEdit], FormattingRefusal> {
        for problem in document.allProblems where refuses(problem) {
            return .failure(FormattingRefusal(message: problem.message, range: problem.range, code: problem.code.rawValue))
        }
        var writer = Writer(tree: document.tree, options: options, range: range)
        do {
            try writer.document()
        } catch is Writer.PastRange {
            // Everything after is beyond the range.
        } catch let refusal as FormattingRefusal {
            return .failure(refusal)
        } catch {
            return .failure(FormattingRefusal(message: "\(error)", range: 0..<0, code: nil))
        }
        let chosen = writer.pieces.filter { $0.range.lowerBound <= range.upperBound && $0.range.upperBound >= range.lowerBound }
        if let broken = verify(document, pieces: chosen, in: writer.text) {
            return .failure(FormattingRefusal(message: broken, range: 0..<0, code: nil))
        }
        return .success(FormattedDocument.minimalEdits(chosen, writer.text))
    }

    /// `verify` for some of the pieces of a formatted document: the entries they rewrite (the
    /// children of the innermost `<dict>` or `<array>` that holds every changed piece, those the
    /// pieces reach, with their keys or values), read alone in that container, before and after, must give the same values,
    /// comments and preprocessor lines, and the result no problem. When the changes reach the
    /// root value's own tags or the document level (the first or last lines), the whole text is
    /// verified.
    public static func verify(_ document: PlistDocument, pieces: [SourceEdit], in text: SourceText) -> String? {
        let changed = pieces.filter { !text[$0.range].elementsEqual($0.replacement) }
        guard let a = changed.first?.range.lowerBound, let b = changed.last?.range.upperBound else { return nil }
        func applied(to bytes: [UInt8], from start: Int) -> [UInt8] {
            var out = bytes
            for p in changed.reversed() {
                out.replaceSubrange((p.range.lowerBound - start)..<(p.range.upperBound - start), with: p.replacement)
            }
            return out
        }
        // The innermost container whose content holds the changes.
        guard
            let container = document.tree.entries(at: a).last(where: { e in
                e.kind == .element && (e.tag == .dict || e.tag == .array) && e.endTagRange != nil
                    && e.contentRange.lowerBound <= a && b <= e.contentRange.upperBound
            }), let name = container.tag.text
        else {
            return verify(document, applied(to: Array(text), from: 0))
        }
        var kids: [SyntaxElement] = []
        container.forEachChild { c in if !(c.kind == .text && c.flags.contains(.whitespaceOnly)) { kids.append(c) } }
        var first = kids.firstIndex { $0.end >= a } ?? kids.count
        var last = kids.lastIndex { $0.start <= b } ?? -1
        if container.tag == .dict && first <= last {
            // Whole entries: a value with its key, a key with its value, so that every value is
            // compared under its key (a value without one reads as nothing).
            func isElement(_ e: SyntaxElement) -> Bool { e.kind == .element }
            if let head = kids[first...last].first(where: isElement), head.tag != .key,
                let key = kids[..<first].lastIndex(where: { isElement($0) && $0.tag == .key })
            {
                first = key
            }
            if let tail = kids[first...last].last(where: isElement), tail.tag == .key,
                let value = kids[(last + 1)...].firstIndex(where: isElement)
            {
                last = value
            }
        }
        let lo = first <= last ? min(a, kids[first].start) : a
        let hi = first <= last ? max(b, kids[last].end) : b
        let original = Array(text[lo..<hi])
        // Each on its own line: a directive line among the entries must start its line.
        let open = Array("<plist version=\"1.0\">\n<\(name)>\n".utf8), close = Array("\n</\(name)>\n</plist>\n".utf8)
        let before = PlistDocument(text: open + original + close)
        return verify(before, open + applied(to: original, from: lo) + close)
    }

    /// Why `formatted` does not read as `document` does (nil when it does): the same well-formed
    /// structure, the same decoded values (every `#if` branch at once), and the same comments,
    /// processing instructions and preprocessor lines in the same order.
    public static func verify(_ document: PlistDocument, _ formatted: [UInt8]) -> String? {
        let after = PlistDocument(text: formatted)
        if after.allProblems.contains(where: refuses) {
            return "not formatted: the result would not parse cleanly (a formatter bug; please report it)"
        }
        if !PlistValue.same(document.xmlValue, after.xmlValue) {
            return "not formatted: the result would read as different values (a formatter bug; please report it)"
        }
        if markup(document.tree) != markup(after.tree) {
            return "not formatted: the result would lose or change a comment or preprocessor line (a formatter bug; please report it)"
        }
        return nil
    }

    /// The comments, processing instructions and directive lines of a tree, in document order.
    static func markup(_ tree: SyntaxTree) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var pending: [SyntaxElement] = [tree.document]
        while let e = pending.popLast() {
            guard e.kind == .element else {
                out.append(tree.text.withBytes(in: e.range) { Array($0) })
                continue
            }
            var inner: [SyntaxElement] = []
            e.forEachChild { c in
                switch c.kind {
                case .comment, .processingInstruction, .directive: inner.append(c)
                case .element where c.hasChildNode: inner.append(c)
                default: break
                }
            }
            pending.append(contentsOf: inner.reversed())
        }
        return out
    }
}

extension PlistValue {
    /// Equality of decoded values where a NaN equals a NaN (a file's `<real>nan</real>` reads the
    /// same each time). Iterative: values may nest as deep as the typed view allows.
    public static func same(_ a: PlistValue?, _ b: PlistValue?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        var pending: [(PlistValue, PlistValue)] = [(a, b)]
        while let (x, y) = pending.popLast() {
            switch (x, y) {
            case let (.real(p), .real(q)):
                if !(p == q || (p.isNaN && q.isNaN)) { return false }
            case let (.array(p), .array(q)):
                guard p.count == q.count else { return false }
                pending.append(contentsOf: zip(p, q).map { ($0, $1) })
            case let (.dictionary(p), .dictionary(q)):
                guard p.count == q.count else { return false }
                for (e, f) in zip(p, q) {
                    guard ExactText.equal(e.key, f.key) else { return false }
                    pending.append((e.value, f.value))
                }
            default:
                if x != y { return false }
            }
        }
        return true
    }
}

/// One pass over the tree, writing pieces. Containers are walked with an explicit stack.
private struct Writer {
    let tree: SyntaxTree
    let options: FormatterOptions
    /// The tree's text (read throughout): in one piece, but for range formatting, which reads
    /// too little of it to pay for a copy.
    let text: SourceText
    /// Range formatting: the range. Entries that end before it are skipped (none of their pieces
    /// touches it), and the walk ends at the first that starts after it (`PastRange`).
    let limit: Range<Int>?
    /// Consecutive pieces; `cursor` is where the next one starts in the original. (In range
    /// formatting, the pieces of skipped entries are missing.)
    var pieces: [SourceEdit] = []
    var cursor = 0

    /// Thrown when the walk has passed the range: every later piece starts after it.
    struct PastRange: Error {}

    init(tree: SyntaxTree, options: FormatterOptions, range: Range<Int>? = nil) {
        self.tree = tree
        self.options = options
        limit = range
        text = range == nil ? tree.text.contiguous : tree.text
    }

    mutating func emit(upTo end: Int, _ bytes: [UInt8]) {
        pieces.append(SourceEdit(range: cursor..<end, replacement: bytes))
        cursor = end
    }

    mutating func keep(_ e: SyntaxElement) {
        emit(upTo: e.end, Array(text[e.range]))
    }

    func indent(_ level: Int) -> [UInt8] {
        var out: [UInt8] = [0x0A]
        let unit = options.indentation.unit
        for _ in 0..<level { out += unit }
        return out
    }

    /// The entries of `e` that are not blank runs; refuses stray text (the problems would have).
    func nonBlank(_ e: SyntaxElement) throws -> [SyntaxElement] {
        var out: [SyntaxElement] = []
        var stray: SyntaxElement? = nil
        e.forEachChild { c in
            if c.kind == .text && c.flags.contains(.whitespaceOnly) { return }
            if c.kind == .text || c.kind == .cdata || c.kind == .bogus || c.kind == .strayEndTag { stray = stray ?? c }
            out.append(c)
        }
        if let stray { throw FormattingRefusal(message: "text outside any value", range: stray.range, code: nil) }
        return out
    }

    /// What goes between the previous entry (ending at `cursor`) and `c`, at `level`.
    func separator(before c: SyntaxElement, level: Int) -> [UInt8] {
        let gap = text[cursor..<c.start]
        switch c.kind {
        case .directive:
            // Kept where it is: its own line, its own leading blanks.
            let blanks = gap.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }).map { gap[($0 + 1)...] } ?? gap[gap.endIndex...]
            return [0x0A] + blanks
        case .comment, .processingInstruction:
            // A comment after something on the same line stays there.
            let sameLine = cursor > 0 && !gap.contains(0x0A) && !gap.contains(0x0D)
            return sameLine ? Array(gap) : indent(level)
        default:
            return indent(level)
        }
    }

    mutating func document() throws {
        let top = try nonBlank(tree.document)
        var items = top[...]
        if let bom = items.first, bom.kind == .byteOrderMark {
            emit(upTo: bom.end, [])  // Xcode writes no byte order mark
            items = items.dropFirst()
        }
        let hasDoctype = items.contains(where: { $0.kind == .doctype })
        var wroteDoctype = false
        for (index, item) in zip(items.indices, items) {
            if index == items.startIndex {
                // What Xcode writes first: the declaration, then the DOCTYPE, added when missing.
                var prolog = ""
                if item.kind != .xmlDeclaration { prolog += PlistFormatter.xmlDeclaration + "\n" }
                if item.kind != .xmlDeclaration && !hasDoctype { prolog += PlistFormatter.doctype + "\n" }
                emit(upTo: item.start, Array(prolog.utf8))
            } else {
                emit(upTo: item.start, separator(before: item, level: 0))
            }
            switch item.kind {
            case .xmlDeclaration:
                emit(upTo: item.end, Array(PlistFormatter.xmlDeclaration.utf8))
                if !hasDoctype { emit(upTo: item.end, Array(("\n" + PlistFormatter.doctype).utf8)) }
            case .doctype:
                if text[item.range].contains(0x5B) {  // '[': an internal subset, which Xcode would drop
                    throw FormattingRefusal(
                        message: "the DOCTYPE has an internal subset, which Xcode would drop", range: item.range, code: nil)
                }
                if wroteDoctype { throw FormattingRefusal(message: "a second DOCTYPE", range: item.range, code: nil) }
                emit(upTo: item.end, Array(PlistFormatter.doctype.utf8))
                wroteDoctype = true
            case .element:
                try container(item, level: 0)
            case .comment, .processingInstruction, .directive:
                keep(item)
            default:
                throw FormattingRefusal(message: "unexpected markup at the top level", range: item.range, code: nil)
            }
        }
        emit(upTo: text.count, [0x0A])  // one final newline
    }

    /// A container's frame in the walk.
    struct Frame {
        let element: SyntaxElement
        let children: [SyntaxElement]
        var next: Int
        /// The indentation of the container's own tags.
        let level: Int
        /// The indentation of its entries (the root value is not indented inside `<plist>`).
        let childLevel: Int
    }

    /// Writes a container (`<plist>`, `<dict>`, `<array>`) and everything in it.
    mutating func container(_ root: SyntaxElement, level: Int) throws {
        var stack: [Frame] = []
        try open(root, level: level, into: &stack)
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].next < stack[top].children.count {
                let c = stack[top].children[stack[top].next]
                stack[top].next += 1
                let childLevel = stack[top].childLevel
                if let limit, c.end < limit.lowerBound {
                    cursor = c.end  // where its last piece would have ended
                    continue
                }
                emit(upTo: c.start, separator(before: c, level: childLevel))
                if let limit, c.start > limit.upperBound { throw PastRange() }
                switch c.kind {
                case .element where c.tag == .dict || c.tag == .array:
                    try open(c, level: childLevel, into: &stack)
                case .element:
                    try scalar(c, level: childLevel)
                case .comment, .processingInstruction, .directive:
                    keep(c)
                default:
                    throw FormattingRefusal(message: "unexpected markup in a container", range: c.range, code: nil)
                }
            } else {
                let frame = stack.removeLast()
                let e = frame.element
                guard let endTag = e.endTagRange else {
                    throw FormattingRefusal(message: "an element without an end tag", range: e.range, code: nil)
                }
                emit(upTo: endTag.lowerBound, indent(frame.level))
                emit(upTo: endTag.upperBound, Array("</\(e.tag.text ?? "")>".utf8))
            }
        }
    }

    /// Writes a container's start tag and pushes its frame, or writes `<dict/>` when it is empty.
    mutating func open(_ e: SyntaxElement, level: Int, into stack: inout [Frame]) throws {
        guard let name = e.tag.text, e.tag.isContainer else {
            throw FormattingRefusal(message: "not a property-list element", range: e.startTagRange, code: nil)
        }
        let children = try nonBlank(e)
        if children.isEmpty && e.tag != .plist && !hasAttributes(e) {
            emit(upTo: e.end, Array("<\(name)/>".utf8))
            return
        }
        guard e.endTagRange != nil else {
            throw FormattingRefusal(message: "<\(name)> has no end tag", range: e.startTagRange, code: nil)
        }
        let plistTag = e.tag == .plist && Self.onlyVersion(ArraySlice(text[e.startTagRange]))
        emit(upTo: e.startTagRange.upperBound, plistTag ? Array(#"<plist version="1.0">"#.utf8) : startTag(e, name))
        stack.append(Frame(element: e, children: children, next: 0, level: level, childLevel: e.tag == .plist ? level : level + 1))
    }

    /// Whether a start tag holds attributes (Core Foundation ignores them; other tools may not, so
    /// such a tag is kept as written, except `<plist version="1.0">`'s own).
    func hasAttributes(_ e: SyntaxElement) -> Bool {
        var i = e.nameRange(in: text).upperBound
        let end = e.startTagRange.upperBound
        while i < end && Self.XMLSpace.contains(text[i]) { i += 1 }
        return i < end && text[i] != 0x3E && text[i] != 0x2F
    }

    /// The start tag to write: `<name>`, or the tag as written when it holds attributes.
    func startTag(_ e: SyntaxElement, _ name: String) -> [UInt8] {
        hasAttributes(e) ? Array(text[e.startTagRange]) : Array("<\(name)>".utf8)
    }

    /// Writes a scalar element as Core Foundation writes its value.
    mutating func scalar(_ e: SyntaxElement, level: Int) throws {
        guard let name = e.tag.text, e.tag.isScalar else {
            throw FormattingRefusal(message: "not a property-list element", range: e.startTagRange, code: nil)
        }
        if hasAttributes(e) && e.flags.contains(.selfClosing) { return keep(e) }
        switch e.tag {
        case .key, .string:
            // A comment or processing instruction inside the value is the author's: kept as written.
            // So is a value holding a raw CR (alone or in CRLF): Core Foundation reads it as a CR,
            // libxml2 and expat as a LF (XML's end-of-line handling), and only the same bytes read
            // the same in both; a CR written as `&#13;` reads as a CR everywhere and is re-escaped.
            if containsMarkup(e) || text[e.contentRange].contains(0x0D) { return keep(e) }
            emit(upTo: e.end, startTag(e, name) + Self.escaped(tree.decodedContent(of: e)) + Array("</\(name)>".utf8))
        case .true, .false:
            if hasAttributes(e) { return keep(e) }
            emit(upTo: e.end, Array("<\(name)/>".utf8))
        case .data:
            guard !e.hasChildNode, let bytes = PlistValue.unambiguousBase64(tree.decodedContent(of: e)) else {
                return keep(e)  // not clean base64: left as written (plist-invalid-data says why)
            }
            emit(upTo: e.end, startTag(e, name) + base64Lines(bytes, level: level) + indent(level) + Array("</data>".utf8))
        default:
            // Integers, reals and dates keep their text: their spelling is the author's, and only
            // the tags are normalised.
            guard !e.hasChildNode, !e.flags.contains(.selfClosing) else { return keep(e) }
            emit(upTo: e.end, startTag(e, name) + Array(text[e.contentRange]) + Array("</\(name)>".utf8))
        }
    }

    /// Whether a scalar holds a comment or processing instruction (at any depth).
    func containsMarkup(_ e: SyntaxElement) -> Bool {
        guard e.hasChildNode else { return false }
        var found = false
        var pending = [e]
        while let current = pending.popLast(), !found {
            current.forEachChild { c in
                if c.kind == .comment || c.kind == .processingInstruction { found = true }
                if c.kind == .element && c.hasChildNode { pending.append(c) }
            }
        }
        return found
    }

    /// Whether a `<plist>` start tag holds nothing but `version="1.0"` (in either quotes).
    static func onlyVersion(_ tag: ArraySlice<UInt8>) -> Bool {
        let compact = tag.filter { !XMLSpace.contains($0) }.map { $0 == 0x27 ? 0x22 : $0 }
        return compact.elementsEqual(#"<plistversion="1.0">"#.utf8) || compact.elementsEqual("<plist>".utf8)
    }

    /// XML white space.
    static let XMLSpace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]

    /// `&`, `<` and `>` escaped as CFPropertyList.c's `_appendEscapedString` does, a carriage
    /// return as `&#13;` (which Core Foundation writes raw and every reader then reads as a line
    /// feed), and what XML 1.0 forbids as references (`&#1;`), as `convert` writes them (`XMLEscaping`).
    static func escaped(_ s: String) -> [UInt8] { XMLEscaping.content(s) }

    /// Base64 lines as Core Foundation writes them (`_XMLPlistAppendDataUsingBase64`): a line is
    /// flushed once it holds `dataLineWidth` minus the indentation's columns (at most 8 levels)
    /// characters, each line indented like the `<data>` tag (at most 8 levels) and ended by a newline;
    /// the first line starts after `<data>`'s own newline.
    func base64Lines(_ bytes: [UInt8], level: Int) -> [UInt8] {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let levels = min(level, 8)
        let limit = options.dataLineWidth - options.indentation.columns * levels
        var lineIndent: [UInt8] = []
        for _ in 0..<levels { lineIndent += options.indentation.unit }
        var out: [UInt8] = [0x0A]
        var line: [UInt8] = []
        func flush() {
            out += lineIndent
            out += line
            out.append(0x0A)
            line.removeAll(keepingCapacity: true)
        }
        for i in bytes.indices {
            let p = bytes[i]
            switch i % 3 {
            case 0: line.append(table[Int(p >> 2)])
            case 1: line.append(table[Int(((UInt16(bytes[i - 1]) << 8 | UInt16(p)) >> 4) & 0x3F)])
            default:
                line.append(table[Int(((UInt16(bytes[i - 1]) << 8 | UInt16(p)) >> 6) & 0x3F)])
                line.append(table[Int(p & 0x3F)])
            }
            if line.count >= limit { flush() }
        }
        if let last = bytes.last {
            switch bytes.count % 3 {
            case 1: line += [table[Int((last << 4) & 0x30)], 0x3D, 0x3D]
            case 2: line += [table[Int((last << 2) & 0x3C)], 0x3D]
            default: break
            }
        }
        if !line.isEmpty { flush() }
        out.removeLast()  // the newline before `</data>` comes with its indentation
        return out
    }
}
