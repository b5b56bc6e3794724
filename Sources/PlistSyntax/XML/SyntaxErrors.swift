// Turns the parser's flags into messages: walks the tree and re-scans only the flagged entries.

extension SyntaxTree {
    /// At most this many XML errors are reported (a binary file read as text would give thousands).
    public static let maximumSyntaxErrors = 200

    /// XML well-formedness errors, in document order.
    public var syntaxErrors: [SyntaxProblem] {
        var out: [SyntaxProblem] = []
        // Only flagged entries are read again: a well-formed tree needs nothing of the text.
        if isWellFormed { return out }
        // The scanner reads the text as the parser does: one piece (a copy when in pieces).
        let text = self.text.contiguous
        text.withBytes(in: 0..<text.count) { buf in
            let scanner = Parser(buf, context: context)
            var walker = ErrorWalker(tree: self, text: text, scanner: scanner, out: [])
            walker.walk(document, depth: 0)
            if rootElementIndex == nil && walker.out.isEmpty {
                walker.add(
                    .xmlNoRoot, text.isEmpty ? "The file is empty" : "No root element: the file must contain one element, normally <plist>",
                    0..<min(1, text.count))
            }
            out = walker.out
        }
        out.sort { $0.range.lowerBound < $1.range.lowerBound }
        return Array(out.prefix(Self.maximumSyntaxErrors))
    }
}

private struct ErrorWalker {
    let tree: SyntaxTree
    /// The tree's text, in one piece.
    let text: SourceText
    let scanner: Parser
    var out: [SyntaxProblem]
    var reportedExtraContent = false

    mutating func add(_ code: SyntaxProblem.Code, _ message: String, _ range: Range<Int>, severity: SyntaxProblem.Severity = .error) {
        if out.count < SyntaxTree.maximumSyntaxErrors * 2 {
            out.append(SyntaxProblem(code: code, message: message, range: range, severity: severity))
        }
    }

    func name(_ e: SyntaxElement) -> String { String(decoding: text[e.nameRange(in: text)], as: UTF8.self) }

    /// Reports flagged entries in document order (each element before its content), with an
    /// explicit stack: a file may nest elements far deeper than the call stack allows.
    mutating func walk(_ document: SyntaxElement, depth: Int) {
        guard let root = document.node else { return }
        // Each level: the element whose content is walked, its node, and the next child index.
        var stack: [(parent: SyntaxElement, node: SyntaxNode, next: Int)] = [(document, root, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let (parent, node, i) = stack[top]
            guard i < node.children.count else { stack.removeLast(); continue }
            stack[top].next = i + 1
            let raw = node.children[i]
            guard raw.containsError else { continue }
            let level = depth + top
            let e = SyntaxElement.child(i, of: node, ownerStart: parent.start)
            report(e, atDocumentLevel: level == 0, isRoot: level == 0 && i == tree.rootElementIndex)
            if let child = e.node, child.containsError { stack.append((e, child, 0)) }
        }
    }

    mutating func report(_ e: SyntaxElement, atDocumentLevel: Bool, isRoot: Bool) {
        let f = e.flags
        switch e.kind {
        case .element:
            let n = name(e)
            if atDocumentLevel && !isRoot && !reportedExtraContent {
                reportedExtraContent = true
                add(.xmlExtraContent, "Only one root element is allowed: <\(n)> comes after the root element", e.startTagRange)
            }
            if f.contains(.startTagUnterminated) { add(.xmlUnterminatedTag, "The tag <\(n) has no closing '>'", e.startTagRange) }
            if f.contains(.endTagMissing) { add(.xmlUnclosedTag, "<\(n)> is never closed: add </\(n)>", e.startTagRange) }
            if f.contains(.endTagMismatched), let et = e.endTagRange {
                let closing = String(decoding: text[(et.lowerBound + 2)..<et.upperBound], as: UTF8.self).trimmingCharacters(in: "> \t\r\n")
                add(.xmlMismatchedTag, "</\(closing)> does not match <\(n)>", et)
            }
            if f.contains(.endTagUnterminated), let et = e.endTagRange {
                add(.xmlUnterminatedTag, "The end tag </\(n) has no closing '>'", et)
            }
            if f.contains(.malformed) {
                checkTag(e)
                if let et = e.endTagRange, !f.contains(.endTagUnterminated), !tagEndsCleanly(et) {
                    add(.xmlMalformedTag, "Unexpected characters in the end tag </\(n)>", et)
                }
                if !e.hasChildNode { checkText(e.contentRange) }
            }
        case .text:
            if atDocumentLevel && !f.contains(.whitespaceOnly) {
                if tree.rootElementIndex == nil {
                    add(.xmlTextOutsideRoot, "This is not XML: a property list starts with <?xml …?> or <plist>", e.range)
                } else if isRootBefore(e) {
                    if !reportedExtraContent { add(.xmlTextOutsideRoot, "Text after the root element", e.range) }
                    reportedExtraContent = true
                } else {
                    add(.xmlTextOutsideRoot, "Text before the root element: the file must start with '<'", e.range)
                }
            } else {
                checkText(e.range)
            }
        case .strayEndTag:
            add(.xmlStrayEndTag, "\(String(decoding: text[e.range], as: UTF8.self)) closes no open element", e.range)
        case .bogus:
            add(
                .xmlInvalidMarkup,
                e.entry.width == 1
                    ? "'<' must start a tag; write &lt; for a literal '<'"
                    : "Unknown markup \(String(decoding: text[e.range.prefix(12)], as: UTF8.self))…", e.range)
        case .comment:
            if f.contains(.unterminated) { add(.xmlUnterminatedComment, "The comment is never closed with -->", e.range.prefix(4)); break }
            let body = (e.start + 4)..<(e.end - 3)
            _ = checkChars(body)
            var j = body.lowerBound
            while j + 1 < body.upperBound + 1 {
                if text[j] == 0x2D && text[j + 1] == 0x2D {
                    add(.xmlCommentDoubleHyphen, "'--' is not allowed inside a comment", j..<(j + 2)); break
                }
                j += 1
            }
        case .cdata:
            if atDocumentLevel { add(.xmlTextOutsideRoot, "CDATA outside the root element", e.range) }
            if f.contains(.unterminated) {
                add(.xmlUnterminatedCDATA, "The CDATA section is never closed with ]]>", e.range.prefix(9))
            } else {
                _ = checkChars(e.range)
            }
        case .processingInstruction:
            let target = e.range.lowerBound + 2
            var j = target
            while j < e.end, !XMLChar.isSpace(text[j]), text[j] != 0x3F { j += 1 }
            let t = String(decoding: text[target..<j], as: UTF8.self)
            if f.contains(.unterminated) {
                add(.xmlUnterminatedPI, "The processing instruction is never closed with ?>", e.range.prefix(2))
            } else if t.lowercased() == "xml" {
                add(.xmlDeclarationMisplaced, "The XML declaration must be the very first thing in the file", e.range)
            } else if t.isEmpty {
                add(.xmlInvalidPI, "A processing instruction needs a target name", e.range)
            } else {
                add(.xmlInvalidPI, "Malformed processing instruction <?\(t)", e.range)
            }
        case .xmlDeclaration:
            var scanner = XMLDeclarationScanner(p: UnsafeBufferPointer(start: nil, count: 0), start: 0, end: 0)
            let stop = f.contains(.unterminated) ? e.end : e.end - 2
            text.withBytes(in: 0..<text.count) { buf in
                scanner = XMLDeclarationScanner(p: buf, start: e.start + 5, end: stop)
                _ = scanner.scan()
            }
            if let enc = scanner.unsupportedEncoding {
                add(
                    .xmlUnsupportedEncoding, "Encoding '\(enc)' is not supported: save the file as UTF-8 and declare encoding=\"UTF-8\"",
                    e.range)
            } else if f.contains(.unterminated) {
                add(.xmlUnterminatedPI, "The XML declaration is never closed with ?>", e.range.prefix(5))
            } else {
                add(.xmlInvalidDeclaration, "Malformed XML declaration: expected <?xml version=\"1.0\" encoding=\"UTF-8\"?>", e.range)
            }
        case .doctype:
            if atDocumentLevel && isRootBefore(e) || !atDocumentLevel {
                add(.xmlDoctypeMisplaced, "A DOCTYPE must come before the root element", e.range)
            } else {
                add(
                    .xmlInvalidDoctype,
                    "Malformed DOCTYPE: expected <!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">",
                    e.range)
            }
        case .byteOrderMark, .directive:
            break
        }
    }

    func isRootBefore(_ e: SyntaxElement) -> Bool {
        guard let r = tree.rootElementIndex else { return false }
        return Int(tree.root.children[r].offset) < e.start
    }

    func tagEndsCleanly(_ r: Range<Int>) -> Bool {
        var j = r.lowerBound + 2
        while j < r.upperBound && !XMLChar.isSpace(text[j]) && text[j] != 0x3E { j += 1 }
        while j < r.upperBound && XMLChar.isSpace(text[j]) { j += 1 }
        return j == r.upperBound - 1 && text[j] == 0x3E
    }

    /// Reports the first problem in a start tag's attributes.
    mutating func checkTag(_ e: SyntaxElement) {
        let r = e.startTagRange
        var i = e.nameRange(in: text).upperBound
        var names: Set<[UInt8]> = []  // hashed: a tag may hold 200,000 attributes
        let n = name(e)
        while i < r.upperBound {
            let s = i
            while i < r.upperBound && XMLChar.isSpace(text[i]) { i += 1 }
            if i >= r.upperBound { break }
            let b = text[i]
            if b == 0x3E || (b == 0x2F && i + 1 < r.upperBound && text[i + 1] == 0x3E) { return }
            var j = i
            while j < r.upperBound && XMLChar.asciiName[Int(min(text[j], 127))] != 0 && text[j] < 0x80 { j += 1 }
            if j == i {
                add(
                    .xmlMalformedTag, "Unexpected '\(String(decoding: text[i..<min(i + 1, r.upperBound)], as: UTF8.self))' in <\(n)>",
                    i..<min(i + 1, r.upperBound));
                return
            }
            if s == i { add(.xmlMalformedTag, "Attributes in <\(n)> must be separated by white space", i..<j); return }
            let attr = Array(text[i..<j])
            if !names.insert(attr).inserted {
                add(.xmlMalformedTag, "Attribute '\(String(decoding: attr, as: UTF8.self))' appears twice in <\(n)>", i..<j); return
            }
            i = j
            while i < r.upperBound && XMLChar.isSpace(text[i]) { i += 1 }
            guard i < r.upperBound, text[i] == 0x3D else {
                add(.xmlMalformedTag, "Attribute '\(String(decoding: attr, as: UTF8.self))' needs a value: name=\"value\"", s..<j); return
            }
            i += 1
            while i < r.upperBound && XMLChar.isSpace(text[i]) { i += 1 }
            guard i < r.upperBound, text[i] == 0x22 || text[i] == 0x27 else {
                add(.xmlMalformedTag, "Attribute values must be quoted", s..<min(i + 1, r.upperBound)); return
            }
            let q = text[i]
            i += 1
            let vs = i
            while i < r.upperBound && text[i] != q { i += 1 }
            if i >= r.upperBound { add(.xmlMalformedTag, "The attribute value is never closed", vs - 1..<r.upperBound); return }
            if !checkChars(vs..<i, references: true) { return }
            i += 1
        }
        add(.xmlMalformedTag, "Malformed tag <\(n)>", r)
    }

    /// Reports bad characters, references and `]]>` in character data.
    mutating func checkText(_ r: Range<Int>) {
        _ = checkChars(r, references: true, cdataEnd: true)
    }

    /// Reports the first bad character (and, optionally, reference or `]]>`); returns whether all is valid.
    mutating func checkChars(_ r: Range<Int>, references: Bool = false, cdataEnd: Bool = false) -> Bool {
        var i = r.lowerBound
        let endIndex = r.upperBound
        var ok = true
        text.withBytes(in: 0..<text.count) { p in
            while i < endIndex {
                let b = p[i]
                if b == 0x26 && references {
                    let (n, valid) = scanner.reference(at: i)
                    if !valid {
                        let ref = String(decoding: p[i..<(i + max(1, n))], as: UTF8.self)
                        if n > 1 && p[i + n - 1] == 0x3B && p[i + 1] != 0x23 {
                            add(
                                .xmlUndefinedEntity,
                                "Entity \(ref) is not defined: use &amp; &lt; &gt; &apos; &quot; or a character reference", i..<(i + n))
                            ok = false
                        } else if let value = Self.characterReferenceValue(ref) {
                            if value <= 0x10FFFF && !(0xD800...0xDFFF).contains(value) {
                                // A character XML 1.0 forbids (a C0 control, U+FFFE, U+FFFF), as
                                // convert writes one a binary plist holds: Foundation reads it.
                                add(
                                    .xmlForbiddenCharacterReference,
                                    "\(ref) is \(XMLEscaping.characterName(value)), a character XML 1.0 forbids: Foundation reads it, but libxml2, Python's plistlib and other XML tools refuse the file",
                                    i..<(i + n), severity: .warning)
                            } else {
                                add(
                                    .xmlInvalidReference,
                                    "\(ref) refers to no character (\(value > 0x10FFFF ? "beyond U+10FFFF" : "a UTF-16 surrogate")): Foundation and every XML reader refuse it",
                                    i..<(i + n))
                                ok = false
                            }
                        } else {
                            add(
                                .xmlInvalidReference, "'&' must start a reference such as &amp; (write &amp; for a literal '&')",
                                i..<(i + max(1, n)))
                            ok = false
                        }
                    }
                    i += max(1, n)
                    continue
                }
                if b == 0x5D && cdataEnd && i + 2 < endIndex && p[i + 1] == 0x5D && p[i + 2] == 0x3E {
                    add(.xmlInvalidCharacter, "']]>' is not allowed in text; write ]]&gt;", i..<(i + 3)); ok = false
                }
                if b < 0x80 {
                    if b < 0x20 && !XMLChar.isSpace(b) {
                        add(
                            .xmlInvalidCharacter,
                            "Control character \(XMLEscaping.characterName(UInt32(b))) is not allowed in XML: write it as &#\(b);",
                            i..<(i + 1));
                        ok = false
                    }
                    i += 1
                } else {
                    let (c, n) = XMLChar.decode(p, i, p.count)
                    if c < 0 {
                        add(.xmlInvalidUTF8, "Invalid UTF-8 byte 0x\(hex(Int(b)))", i..<(i + 1)); ok = false
                    } else if !XMLChar.isChar(c) {
                        add(
                            .xmlInvalidCharacter,
                            "Character \(XMLEscaping.characterName(UInt32(c))) is not allowed in XML: write it as &#x\(String(c, radix: 16, uppercase: true));",
                            i..<(i + n));
                        ok = false
                    }
                    i += n
                }
            }
        }
        return ok
    }

    /// The value of a complete character reference (`&#1;`, `&#xFFFE;`), however large; nil for anything else.
    static func characterReferenceValue(_ ref: String) -> UInt32? {
        guard ref.hasPrefix("&#"), ref.hasSuffix(";") else { return nil }
        let body = ref.dropFirst(2).dropLast()
        let hex = body.first == "x"
        let digits = hex ? body.dropFirst() : body
        guard !digits.isEmpty, digits.allSatisfy({ hex ? $0.isHexDigit : ("0"..."9").contains($0) }) else { return nil }
        return UInt32(digits, radix: hex ? 16 : 10) ?? UInt32.max
    }

    func hex(_ v: Int) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s = s.dropFirst() }
        while let l = s.last, chars.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
