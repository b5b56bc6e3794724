// Decoding of a scalar element's text.

/// Decoding of a scalar element's text.
enum ScalarText {
    /// Text with references resolved, CDATA verbatim, comments dropped, and — as Core Foundation
    /// does when it makes the string — a leading U+FEFF dropped.
    static func decode(_ text: SourceText, _ e: SyntaxElement) -> String {
        let s = raw(text, e)
        var u = s.utf8.makeIterator()
        if u.next() == 0xEF, u.next() == 0xBB, u.next() == 0xBF { return String(s.utf8.dropFirst(3))! }
        return s
    }

    /// The text of `e` and of any elements nested in it, in document order. Iterative: markup
    /// nested in a scalar may be deeper than the call stack allows.
    static func raw(_ text: SourceText, _ e: SyntaxElement) -> String {
        guard e.hasChildNode else { return ValueDecoder.decodeText(text, e.contentRange) }
        enum Piece { case text(String), element(SyntaxElement) }
        var s = ""
        var pending: [Piece] = [.element(e)]  // what is still to read, the next piece last
        while let piece = pending.popLast() {
            switch piece {
            case .text(let t):
                s += t
            case .element(let current) where !current.hasChildNode:
                s += ValueDecoder.decodeText(text, current.contentRange)
            case .element(let current):
                var inner: [Piece] = []
                current.forEachChild { c in
                    switch c.kind {
                    case .text: inner.append(.text(ValueDecoder.decodeText(text, c.range)))
                    case .cdata:
                        inner.append(
                            .text(text.string((c.start + 9)..<max(c.start + 9, c.end - (c.flags.contains(.unterminated) ? 0 : 3)))))
                    case .element: inner.append(.element(c))
                    default: break
                    }
                }
                pending.append(contentsOf: inner.reversed())
            }
        }
        return s
    }
}

extension SyntaxTree {
    /// A scalar element's text as a writer re-escapes it: references resolved, CDATA verbatim,
    /// comments dropped, and nothing else dropped (a leading U+FEFF is kept, unlike in the typed
    /// view, so that rewriting the element keeps every character).
    public func decodedContent(of element: SyntaxElement) -> String { ScalarText.raw(text, element) }
}

extension PlistValue {
    /// The bytes of a `<data>`'s text when every reader gets the same bytes from it: base64 with
    /// white space anywhere, complete groups of four, padding only at the end. Nil otherwise (then
    /// Foundation's lenient reading and a strict one may differ, and the text is best left as written).
    public static func unambiguousBase64(_ text: String) -> [UInt8]? {
        guard let strict = ValueDecoder.data(text) else { return nil }
        var digits = 0
        for b in text.utf8 where !XMLChar.isSpace(b) { digits += 1 }
        guard digits % 4 == 0, ValueDecoder.lenientData(text) == strict else { return nil }
        return strict
    }
}
