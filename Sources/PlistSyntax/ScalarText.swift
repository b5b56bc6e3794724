// Decoding of a scalar element's text.

/// Decoding of a scalar element's text.
enum ScalarText {
    /// Text with references resolved, CDATA verbatim, comments dropped, and — as Core Foundation
    /// does when it makes the string — a leading U+FEFF dropped.
    static func decode(_ text: [UInt8], _ e: SyntaxElement) -> String {
        let s = raw(text, e)
        var u = s.utf8.makeIterator()
        if u.next() == 0xEF, u.next() == 0xBB, u.next() == 0xBF { return String(s.utf8.dropFirst(3))! }
        return s
    }

    /// The text of `e` and of any elements nested in it, in document order. Iterative: markup
    /// nested in a scalar may be deeper than the call stack allows.
    static func raw(_ text: [UInt8], _ e: SyntaxElement) -> String {
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
                    case .cdata: inner.append(.text(String(decoding: text[(c.start + 9)..<max(c.start + 9, c.end - (c.flags.contains(.unterminated) ? 0 : 3))], as: UTF8.self)))
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
