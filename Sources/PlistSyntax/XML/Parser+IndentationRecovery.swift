// Recovery of a missing end tag from indentation: where an end tag closes an element opened less
// deeply, the lines' indentation tells which element lost its end tag (docs/contributing/parser.md).

extension Parser {
    // MARK: Recovery of a missing end tag from indentation

    /// The indentation of the line holding `i` when only blanks precede `i` on it (nil otherwise),
    /// as the range of those blanks.
    func lineIndentation(before i: Int) -> Range<Int>? {
        var j = i
        while j > 0 && (p[j - 1] == 0x20 || p[j - 1] == 0x09) { j -= 1 }
        guard j == 0 || p[j - 1] == 0x0A || p[j - 1] == 0x0D else { return nil }
        return j..<i
    }

    enum IndentationOrder { case shallower, same, deeper }

    /// How indentation `a` compares with `b`: deeper when `b`'s blanks begin it and it has more,
    /// the same when the blanks are equal, nil when neither begins the other (tabs against spaces:
    /// a person's editor shows a tab at 2, 4 or 8 columns, so no reading of the two lines is sure).
    /// A half-typed entry indented with tabs in a file indented with spaces keeps its place.
    func depth(_ a: Range<Int>, comparedWith b: Range<Int>) -> IndentationOrder? {
        let n = min(a.count, b.count)
        guard n == 0 || bytes.memeq(a.lowerBound, b.lowerBound, n) else { return nil }
        return a.count > b.count ? .deeper : a.count == b.count ? .same : .shallower
    }

    /// A person reads a missing end tag from indentation: with `</dict>` deleted after an
    /// exception domain's last entry, the next `</dict>` (one level less indented) closes the
    /// *outer* dictionary its indentation lines up with, and the inner one is the unclosed one.
    /// Returns the index of the frame this end tag closes instead of `k` (the nearest open
    /// element of its name), or nil to keep XML's reading. It applies only when the end tag
    /// starts its line, is less indented than frame `k`'s start tag and every frame above the
    /// chosen one, lines up exactly with the chosen one, and a look-ahead confirms that XML's
    /// reading leaves the rest of the document unbalanced while this one balances it: a valid
    /// file, however indented, never gets an error. The decision read ahead, so the entries it
    /// touches carry `lookahead` (an edit then reparses in full).
    mutating func indentationRecovery(endTagStart x: Int, matching k: Int) -> Int? {
        guard let indent = lineIndentation(before: x),
            let innerIndent = lineIndentation(before: stack[k].start), depth(innerIndent, comparedWith: indent) == .deeper
        else { return nil }
        // The outer open element of the same name that the end tag lines up with.
        var j = k - 1
        var found: Int? = nil
        while j >= 1 {
            guard let ind = lineIndentation(before: stack[j].start) else { break }
            let order = depth(ind, comparedWith: indent)
            if order == .same {
                if stack[j].nameLength == stack[k].nameLength && bytes.memeq(stack[j].nameStart, stack[k].nameStart, stack[k].nameLength) {
                    found = j
                }
                break
            }
            // Less indented, or indented with other blanks (tabs against spaces): nothing lines up.
            if order != .deeper { break }
            j -= 1
        }
        guard let outer = found else { return nil }
        // Every frame the recovery closes must be more indented than the end tag.
        for f in (outer + 1)..<stack.count {
            guard let ind = lineIndentation(before: stack[f].start), depth(ind, comparedWith: indent) == .deeper else { return nil }
        }
        // XML's reading must fail and the recovered one succeed (nil: could not tell).
        guard balancedAhead(from: x, open: 1..<stack.count) == false,
            balancedAhead(from: x, open: 1..<(outer + 1)) == true
        else {
            stack[k].flags.insert(.lookahead)
            return nil
        }
        for f in outer..<stack.count { stack[f].flags.insert(.lookahead) }
        return outer
    }

    /// Closes the innermost element as missing where its indentation says it ended: its content
    /// is the lines indented deeper than its start tag; the first child that starts a line no
    /// deeper (`<key>` lined up with `<dict>`), and everything after it, goes to the parent.
    mutating func closeMissingByIndentation(at x: Int) {
        let top = stack.count - 1
        guard top >= contextDepth, let indent = lineIndentation(before: stack[top].start) else {
            close(at: x, endTagWidth: 0, flags: .endTagMissing)
            return
        }
        let f = stack[top]
        var cut = f.children.count
        for (i, c) in f.children.enumerated() {
            if let ind = lineIndentation(before: f.start + Int(c.offset)),
                let order = depth(ind, comparedWith: indent), order != .deeper
            {
                cut = i; break
            }
        }
        guard cut < f.children.count else {
            close(at: x, endTagWidth: 0, flags: .endTagMissing)
            return
        }
        // Child nodes are appended in child order, so the moved entries own the last nodes.
        if let firstNode = f.children[cut...].first(where: { $0.nodeIndex >= 0 }).map({ Int($0.nodeIndex) }) {
            stack[top].nodes.removeSubrange(firstNode...)
        }
        stack[top].children.removeSubrange(cut...)
        close(at: x, endTagWidth: 0, flags: .endTagMissing)
        let parent = stack.count - 1
        for var e in f.children[cut...] {
            e.offset = UInt32(f.start + Int(e.offset))  // absolute; `append` makes it relative
            if e.nodeIndex >= 0 {
                stack[parent].nodes.append(f.nodes[Int(e.nodeIndex)])
                e.nodeIndex = Int32(stack[parent].nodes.count - 1)
            }
            append(e)
        }
    }

    /// Whether the markup from `i` closes exactly the frames `open` (innermost last), each by its
    /// own end tag, and then ends the document with nothing else open or stray. Nil when the
    /// look-ahead budget runs out or the markup cannot be read (unterminated constructs).
    func balancedAhead(from i0: Int, open frames: Range<Int>) -> Bool? {
        var open: [(Int, Int)] = frames.map { (stack[$0].nameStart, stack[$0].nameLength) }
        var i = i0
        var budget = 4096
        while true {
            switch nextLookaheadTag(&i, budget: &budget) {
            case .outOfBudget, .unreadable:
                return nil
            case .endOfInput:
                return open.isEmpty
            case .start(let s, let n, let selfClosing):
                if !selfClosing { open.append((s, n)) }
            case .end(let s, let n):
                guard let (top, len) = open.last, len == n, bytes.memeq(top, s, n) else { return false }
                open.removeLast()
            }
        }
    }
}
