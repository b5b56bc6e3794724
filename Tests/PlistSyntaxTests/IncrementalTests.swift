// Incremental reparsing is an optimisation: after any edit its tree equals a parse from scratch,
// and it reuses the subtrees the edit did not touch.
import Testing
import PlistTestSupport
@testable import PlistSyntax

let editFragments: [String] = [
    "a", " ", "\n", "\t", "<", ">", "/", "&", ";", "\"", "é", "🔥", "中", "<key>", "</key>", "<ke", "</ke", "<string>",
    "</string>", "<dict>", "</dict>", "<array>", "</array>", "<true/>", "<!--", "-->", "<![CDATA[", "]]>", "&amp;",
    "&#x41;", "<key>NSCameraUsageDescription</key>\n\t<string>Scan</string>\n", "<?pi x?>", "</", "<d", "\u{1}",
    // Tag fragments glued to entity starts (#11.9): markup typed into a scalar next to a `&`.
    "<string></string>&", "&<", "</key>&", "&</", "<key>&amp", "&#<", "<true/>&",
]

let directiveFragments: [String] = [
    "#", "#if DEBUG\n", "  #else\n", "#endif", "\t#ifdef X\n", "#elif defined(A) && !B\n", "#include \"x.h\"\n",
    "#define N <", "# endif\n", "#iff\n", "\t<key>K</key>\n#if A\n\t<string>a</string>\n#else\n\t<true/>\n#endif\n",
]

/// `tree` reparsed after `edit` with its new text (`edited`) cut into pieces of 1 to 16 bytes, so
/// that the parser reads it through its window (`SourceText.withParseView`) however small the
/// document: an edited text is in pieces only where the pieces beside the edit are large.
func reparsedInPieces(_ tree: SyntaxTree, _ edit: SourceEdit, _ edited: [UInt8], _ rng: inout SplitMix64) -> SyntaxTree {
    var pieces: [[UInt8]] = []
    var at = 0
    while at < edited.count {
        let n = min(edited.count - at, Int.random(in: 1...16, using: &rng))
        pieces.append(Array(edited[at..<(at + n)]))
        at += n
    }
    let lo = min(edit.range.lowerBound, tree.text.count), hi = max(lo, min(edit.range.upperBound, tree.text.count))
    return tree.reparsed(newText: SourceText(pieces: pieces), editRange: lo..<hi, insertedCount: edit.replacement.count)
}

/// A random edit; with `directives`, one in six inserts or deletes a preprocessor directive line
/// or a `#` at a line start instead; with `layout`, half of them change the lines or their
/// indentation (`randomLayoutEdit`).
func randomEdit(_ text: [UInt8], _ rng: inout SplitMix64, directives: Bool = false, layout: Bool = false) -> SourceEdit {
    let n = text.count
    let pos = n == 0 ? 0 : Int.random(in: 0...n, using: &rng)
    if layout && Bool.random(using: &rng) { return randomLayoutEdit(text, at: pos, &rng) }
    switch Int.random(in: 0..<(directives ? 12 : 10), using: &rng) {
    case 10:  // a `#` or a preprocessor directive at a line start (docs/preprocessed-plists.md)
        var at = pos
        while at < n && text[at] != 0x0A { at += 1 }
        at = min(n, at + 1)
        return SourceEdit(range: at..<at, replacement: directiveFragments.randomElement(using: &rng)!)
    case 11:  // delete the line of the next `#`, or only its `#`
        guard let hash = text[pos...].firstIndex(of: 0x23) else { return SourceEdit(range: pos..<pos, replacement: "#") }
        if Bool.random(using: &rng) { return SourceEdit(range: hash..<(hash + 1), replacement: []) }
        var lineStart = hash
        while lineStart > 0 && text[lineStart - 1] != 0x0A { lineStart -= 1 }
        var lineEnd = hash
        while lineEnd < n && text[lineEnd] != 0x0A { lineEnd += 1 }
        return SourceEdit(range: lineStart..<min(n, lineEnd + 1), replacement: [])
    case 0..<4:  // insert a fragment
        return SourceEdit(range: pos..<pos, replacement: editFragments.randomElement(using: &rng)!)
    case 4..<7:  // delete a few bytes
        let len = Int.random(in: 1...12, using: &rng)
        return SourceEdit(range: pos..<min(n, pos + len), replacement: [])
    case 7..<9:  // replace with a fragment
        let len = Int.random(in: 1...8, using: &rng)
        return SourceEdit(range: pos..<min(n, pos + len), replacement: editFragments.randomElement(using: &rng)!)
    default:  // a raw byte, possibly splitting a UTF-8 sequence
        return SourceEdit(range: pos..<pos, replacement: [UInt8.random(in: 0...255, using: &rng)])
    }
}

/// An edit of the lines or their indentation near `pos`, as typing and deleting line breaks and
/// blanks makes them: Enter (a line break, with or without the line's indentation), a blank typed
/// or deleted at a line start, the blanks of a line replaced by a deeper or shallower indentation
/// (an end tag lined up with an outer element: the indentation recovery's look-ahead), two lines
/// joined, a whole line deleted (an end tag's line: the recovery itself), a line break inside a tag.
func randomLayoutEdit(_ text: [UInt8], at pos: Int, _ rng: inout SplitMix64) -> SourceEdit {
    let n = text.count
    func isBreak(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }
    func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
    var lineStart = pos
    while lineStart > 0 && !isBreak(text[lineStart - 1]) { lineStart -= 1 }
    var lineEnd = pos
    while lineEnd < n && !isBreak(text[lineEnd]) { lineEnd += 1 }
    var blanksEnd = lineStart
    while blanksEnd < lineEnd && isBlank(text[blanksEnd]) { blanksEnd += 1 }
    let indentations = ["", "\t", "\t\t", "\t\t\t", "    ", "  ", " \t"]
    switch Int.random(in: 0..<9, using: &rng) {
    case 0:  // Enter with the line's indentation, at the position or at the end of the line
        let at = Bool.random(using: &rng) ? pos : lineEnd
        return SourceEdit(range: at..<at, replacement: [0x0A] + text[lineStart..<blanksEnd])
    case 1:  // a bare line break (or a CR LF) anywhere, inside tags too
        return SourceEdit(range: pos..<pos, replacement: Int.random(in: 0..<5, using: &rng) == 0 ? "\r\n" : "\n")
    case 2:  // a blank typed at a line start, or among its leading blanks
        let at = Int.random(in: lineStart...blanksEnd, using: &rng)
        return SourceEdit(range: at..<at, replacement: Bool.random(using: &rng) ? "\t" : " ")
    case 3:  // a leading blank deleted (a backspace in the indentation)
        guard blanksEnd > lineStart else { return SourceEdit(range: lineStart..<lineStart, replacement: "\t") }
        let at = Int.random(in: lineStart..<blanksEnd, using: &rng)
        return SourceEdit(range: at..<(at + 1), replacement: [])
    case 4:  // the line's indentation replaced by another
        return SourceEdit(range: lineStart..<blanksEnd, replacement: indentations.randomElement(using: &rng)!)
    case 5:  // the line joined to the next, with or without the next line's indentation
        guard lineEnd < n else { return SourceEdit(range: lineEnd..<lineEnd, replacement: "\n") }
        var to = lineEnd + 1
        if Bool.random(using: &rng) { while to < n && isBlank(text[to]) { to += 1 } }
        return SourceEdit(range: lineEnd..<to, replacement: [])
    case 6:  // the line joined to the one before (a backspace at the line start)
        guard lineStart > 0 else { return SourceEdit(range: 0..<0, replacement: "\n") }
        return SourceEdit(range: (lineStart - 1)..<blanksEnd, replacement: [])
    case 7:  // the whole line deleted, its line break with it
        return SourceEdit(range: lineStart..<min(n, lineEnd + 1), replacement: [])
    default:  // a line break and indentation typed before the next `<` on the line
        var at = pos
        while at < lineEnd && text[at] != 0x3C { at += 1 }
        return SourceEdit(range: at..<at, replacement: "\n" + indentations.randomElement(using: &rng)!)
    }
}

func sameTree(_ a: SyntaxTree, _ b: SyntaxTree) -> Bool {
    a.text == b.text && a.rootElementIndex == b.rootElementIndex && a.root.isStructurallyEqual(to: b.root)
        && a.isWellFormed == b.isWellFormed
}

@Suite struct IncrementalTests {
    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func randomEditsOnTheCorpusEqualAFullParse() async throws {
        let files = try SharedData.requireCorpus()
        let (edits, failures) = try await onOwnThread {
            Self.editEachFile(files, seed: 0x5EED_CAFE, steps: 60)
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(edits >= 4000)
    }

    /// Directive lines are pieces of text runs: inserting or deleting them, or a `#` at a line
    /// start, anywhere in any corpus file (the preprocessed ones included) must give the tree of a
    /// full parse.
    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func randomDirectiveEditsEqualAFullParse() async throws {
        let files = try SharedData.requireCorpus()
        let (edits, directiveTrees, failures) = try await onOwnThread { () -> (Int, Int, [String]) in
            var directiveTrees = 0
            let (edits, failures) = Self.editEachFile(files, seed: 0x23_1F_DE_F1, steps: 40, directives: true) { full in
                if ConditionalStructure(full).isPreprocessed { directiveTrees += 1 }
            }
            return (edits, directiveTrees, failures)
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(edits >= 4000)
        // The generator really produces directive lines the parser recognises.
        #expect(directiveTrees >= 1000, "only \(directiveTrees) edited trees held a directive")
    }

    /// Line breaks and indentation (#29): Enter, blanks typed or deleted at line starts, lines
    /// joined or deleted, anywhere in any corpus file, must give the tree of a full parse, though
    /// they no longer parse in full.
    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func randomLayoutEditsOnTheCorpusEqualAFullParse() async throws {
        let files = try SharedData.requireCorpus()
        let (edits, failures) = try await onOwnThread {
            Self.editEachFile(files, seed: 0x0E_4E7E_4, steps: 60, layout: true)
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(edits >= 4000)
    }

    /// Well-indented documents, nested as Info.plists are, each edited from scratch a dozen times
    /// with layout edits: the states where the indentation recovery's decisions change (an end
    /// tag dedented to an outer element's column, a start tag's line joined to the one before).
    @Test func randomLayoutEditsOnIndentedDocumentsEqualAFullParse() async throws {
        let seeds = [
            "<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<dict>\n\t\t<key>B</key>\n\t\t<true/>\n\t\t<key>C</key>\n\t\t<array>\n\t\t\t<string>x</string>\n\t\t</array>\n\t</dict>\n\t<key>D</key>\n\t<string>d</string>\n</dict>\n</plist>\n",
            header
                + "<plist version=\"1.0\">\n<dict>\n\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSExceptionDomains</key>\n\t\t<dict>\n\t\t\t<key>example.com</key>\n\t\t\t<dict>\n\t\t\t\t<key>NSIncludesSubdomains</key>\n\t\t\t\t<true/>\n\t\t\t</dict>\n\t\t\t<key>b.com</key>\n\t\t\t<dict/>\n\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n",
            "<dict>\n  <key>A</key> <string>a</string>\n  <array><dict>\n    <key>B</key>\n  </dict></array>\n</dict>",
            // Every line at the same column: a start tag indented deeper then lines up its end
            // tag with the parent's.
            "<plist version=\"1.0\">\n<dict>\n<key>A</key>\n<dict>\n<key>B</key>\n<array>\n<string>x</string>\n</array>\n</dict>\n<key>C</key>\n<dict>\n</dict>\n</dict>\n</plist>\n",
            "<plist version=\"1.0\">\n  <dict>\n  <key>A</key>\n  <dict>\n  <key>B</key>\n  <array>\n  <string>x</string>\n  </array>\n  </dict>\n  <key>C</key>\n  <dict>\n  </dict>\n  </dict>\n</plist>\n",
        ]
        let failure = try await onOwnThread { () -> String? in
            var rng = SplitMix64(seed: 0x29_05)
            for seed in seeds {
                for round in 0..<200 {
                    var tree = SyntaxTree.parse(seed)
                    for step in 0..<12 {
                        let edit = randomEdit(tree.text.bytes, &rng, layout: true)
                        let incremental = tree.applying(edit)
                        let full = SyntaxTree.parse(incremental.text)
                        let what =
                            "round \(round) step \(step): \(tree.text.description.debugDescription) edit \(edit.range) ← \(edit.replacementText.debugDescription)"
                        if !sameTree(incremental, full) { return "\(what) differs from a full parse" }
                        if !sameTree(reparsedInPieces(tree, edit, incremental.text.bytes, &rng), full) {
                            return "\(what), the text in pieces, differs from a full parse"
                        }
                        tree = incremental
                    }
                }
            }
            return nil
        }
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// Enter, a tab at a line start, a backspace in the indentation and two lines joined, in one
    /// item of a large array, reparse only around the edit (#29: they used to parse the whole
    /// document): the tree records what it replaced, and the array's other item nodes are shared.
    @Test func lineBreaksAndIndentationReparseOnlyTheirRegion() async throws {
        let items = (0..<1_000).map {
            "\t\t<dict>\n\t\t\t<key>Name</key>\n\t\t\t<string>item \($0)</string>\n\t\t\t<key>Size</key>\n\t\t\t<integer>\($0)</integer>\n\t\t</dict>\n"
        }.joined()
        let text = header + "<plist version=\"1.0\">\n<dict>\n\t<key>Items</key>\n\t<array>\n" + items + "\t</array>\n</dict>\n</plist>\n"
        let failures = try await onOwnThread { () -> [String] in
            let tree = SyntaxTree.parse(text)
            let bytes = tree.text.bytes
            // The 600th item's `<string>` line: where it starts, where its blanks end, where it ends.
            let marker = Array("<string>item 600<".utf8)
            let tag = (0..<bytes.count).first { bytes[$0..<min(bytes.count, $0 + marker.count)].elementsEqual(marker) }!
            var lineStart = tag
            while bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            var lineEnd = tag
            while bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let edits: [(String, SourceEdit)] = [
                ("Enter with indentation at the end of the line", SourceEdit(range: lineEnd..<lineEnd, replacement: "\n\t\t\t")),
                ("a bare line break before the start tag", SourceEdit(range: tag..<tag, replacement: "\n")),
                ("a tab at the line start", SourceEdit(range: lineStart..<lineStart, replacement: "\t")),
                ("a tab before the start tag", SourceEdit(range: tag..<tag, replacement: "\t")),
                ("a backspace in the indentation", SourceEdit(range: (tag - 1)..<tag, replacement: [])),
                ("the line joined to the next", SourceEdit(range: lineEnd..<(lineEnd + 1), replacement: [])),
                ("the line joined to the one before", SourceEdit(range: (lineStart - 1)..<lineStart, replacement: [])),
            ]
            var failures: [String] = []
            let arrayNodes = { (t: SyntaxTree) in t.rootElement!.childElements[0].childElements[1].node!.nodes }
            for (name, edit) in edits {
                let edited = tree.applying(edit)
                guard sameTree(edited, SyntaxTree.parse(edited.text)) else {
                    failures.append("\(name): differs from a full parse"); continue
                }
                guard let changed = edited.changedRegion(since: tree) else { failures.append("\(name): parsed in full"); continue }
                if changed.range.count > 200 { failures.append("\(name): reparsed \(changed.range.count) bytes") }
                let shared = zip(arrayNodes(tree), arrayNodes(edited)).filter { $0 === $1 }.count
                if shared != 999 { failures.append("\(name): \(shared) of 1000 item nodes shared") }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// An edit in the blanks before an enclosing element's end tag can change that end tag's
    /// decision (here: dedented to the outer `<dict>`'s column, the recovery's look-ahead reads on
    /// and flags it); the reparse must take in the element, not only its content.
    @Test func dedentingAnEndTagReparsesItsElement() {
        let text =
            "<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<dict>\n\t\t<key>B</key>\n\t\t<true/>\n\t</dict>\n\t<key>C</key>\n\t<false/>\n</dict>\n</plist>\n"
        let tree = SyntaxTree.parse(text)
        let endTag = Array(text.utf8).indices.first { Array(text.utf8)[$0...].starts(with: Array("\t</dict>".utf8)) }!
        for edit in [
            SourceEdit(range: endTag..<(endTag + 1), replacement: []),  // `</dict>` lined up with the outer `<dict>`
            SourceEdit(range: endTag..<endTag, replacement: "\t"),  // deeper than its start tag
            SourceEdit(range: (endTag - 1)..<(endTag + 1), replacement: []),
        ] {  // joined to the line before
            let edited = tree.applying(edit)
            #expect(sameTree(edited, SyntaxTree.parse(edited.text)), "edit \(edit.range) ← \(edit.replacementText.debugDescription)")
        }
        // Every line one space in: a tab typed at the start of the inner `<dict>`'s line (the tag
        // lies after the edit, past a blank) puts its end tag at the outer `<dict>`'s column, so
        // the end tag's decision reads on again: the region takes in the element.
        let flat = "<plist version=\"1.0\">\n <dict>\n <key>A</key>\n <dict>\n <key>B</key>\n <true/>\n </dict>\n </dict>\n</plist>\n"
        let flatTree = SyntaxTree.parse(flat)
        let inner = flat.utf8.count - " <dict>\n <key>B</key>\n <true/>\n </dict>\n </dict>\n</plist>\n".utf8.count
        for edit in [SourceEdit(range: inner..<inner, replacement: "\t"), SourceEdit(range: (inner - 1)..<inner, replacement: "\n\t")] {
            let edited = flatTree.applying(edit)
            #expect(sameTree(edited, SyntaxTree.parse(edited.text)), "edit \(edit.range) ← \(edit.replacementText.debugDescription)")
        }
    }

    /// Edits each file `steps` times (15 for a file over 60 kB) with `randomEdit`, each edit
    /// applied to the previous tree and compared with a full parse of its text (which `fullTree`
    /// sees); a file's first difference is a failure and ends its edits.
    static func editEachFile(
        _ files: [SharedData.CorpusFile], seed: UInt64, steps: Int, directives: Bool = false, layout: Bool = false,
        fullTree: (SyntaxTree) -> Void = { _ in }
    ) -> (edits: Int, failures: [String]) {
        var rng = SplitMix64(seed: seed)
        var edits = 0
        var failures: [String] = []
        for file in files {
            var tree = SyntaxTree.parse(file.bytes)
            for step in 0..<(file.bytes.count > 60_000 ? 15 : steps) {
                let edit = randomEdit(tree.text.bytes, &rng, directives: directives, layout: layout)
                let incremental = tree.applying(edit)
                let full = SyntaxTree.parse(incremental.text)
                edits += 1
                fullTree(full)
                if !sameTree(incremental, full) {
                    failures.append(
                        "\(file.name) step \(step): edit \(edit.range) ← \(String(decoding: edit.replacement, as: UTF8.self).debugDescription) differs from a full parse"
                    )
                    break
                }
                if !sameTree(reparsedInPieces(tree, edit, incremental.text.bytes, &rng), full) {
                    failures.append(
                        "\(file.name) step \(step): edit \(edit.range) ← \(String(decoding: edit.replacement, as: UTF8.self).debugDescription), the text in pieces, differs from a full parse"
                    )
                    break
                }
                tree = incremental
            }
        }
        return (edits, failures)
    }

    /// Small broken documents reach the states a corpus file rarely does (markup inside a
    /// scalar, look-ahead recoveries) within a few edits.
    @Test func randomEditsOnSmallDocumentsEqualAFullParse() {
        let seeds = [
            "<key><</key>", "<key>a</key>", "<plist><dict><key>A</key><string>x&amp;y</string></dict></plist>",
            "<dict>\n\t<key>A</key>\n\t<string>&</string>\n</dict>", "<string><![CDATA[x]]>&</string>", "",
        ]
        var rng = SplitMix64(seed: 0x0911_0009)
        var edits = 0
        for seed in seeds {
            for round in 0..<150 {
                var tree = SyntaxTree.parse(seed)
                for step in 0..<12 {
                    let edit = randomEdit(tree.text.bytes, &rng)
                    let incremental = tree.applying(edit)
                    edits += 1
                    if !sameTree(incremental, SyntaxTree.parse(incremental.text)) {
                        Issue.record(
                            "\(seed.debugDescription) round \(round) step \(step): \(tree.text.description.debugDescription) edit \(edit.range) ← \(String(decoding: edit.replacement, as: UTF8.self).debugDescription) differs from a full parse"
                        )
                        return
                    }
                    if !sameTree(reparsedInPieces(tree, edit, incremental.text.bytes, &rng), SyntaxTree.parse(incremental.text)) {
                        Issue.record(
                            "\(seed.debugDescription) round \(round) step \(step): \(tree.text.description.debugDescription) edit \(edit.range) ← \(String(decoding: edit.replacement, as: UTF8.self).debugDescription), the text in pieces, differs from a full parse"
                        )
                        return
                    }
                    tree = incremental
                }
            }
        }
        #expect(edits == seeds.count * 150 * 12)
    }

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func editsInsideAValueReuseTheRestOfTheTree() throws {
        let file = try #require(
            SharedData.corpusFiles.first { $0.name.hasPrefix("iina__iina__iina__Info.plist") }, "corpus file iina Info.plist")
        let tree = SyntaxTree.parse(file.bytes)
        let text = String(decoding: file.bytes, as: UTF8.self)
        // Type a character inside the first <string> of the 10th document type.
        let plist = tree.rootElement!
        let dict = plist.childElements[0]
        let s = tree.text
        let target = text.utf8.count / 2
        var offset = target
        while !(s[offset] == 0x3E && Array(s[offset - 7..<offset]) == Array("<string".utf8)) { offset += 1 }
        let edited = tree.applying(SourceEdit(range: offset + 1..<offset + 1, replacement: "x"))
        #expect(sameTree(edited, SyntaxTree.parse(edited.text)))
        // The root dictionary is rebuilt along the path; entries away from the edit are shared.
        let oldNodes = dict.node!.nodes
        let newNodes = edited.rootElement!.childElements[0].node!.nodes
        #expect(oldNodes.count == newNodes.count)
        let shared = zip(oldNodes, newNodes).filter { $0 === $1 }.count
        #expect(shared == oldNodes.count - 1)
    }

    /// A container with more child nodes than `ChildNodes.largestUnchunked` keeps them in chunks:
    /// random edits anywhere in one give the tree of a full parse, and typing inside one item
    /// shares every other item's node with the version before (only the item's chunk is copied).
    @Test func randomEditsInALargeContainerEqualAFullParse() async throws {
        let items = (0..<1_000).map { "\t\t<dict>\n\t\t\t<key>Name</key>\n\t\t\t<string>item \($0)</string>\n\t\t</dict>\n" }.joined()
        let text = header + "<plist version=\"1.0\">\n<dict>\n\t<key>Items</key>\n\t<array>\n" + items + "\t</array>\n</dict>\n</plist>\n"
        let failure = try await onOwnThread { () -> String? in
            let tree = SyntaxTree.parse(text)
            // Typing into the 600th item's string: the array's other 999 item nodes are the same objects.
            let marker = Array("<string>".utf8), bytes = tree.text
            var offset = 0, found = 0, i = 0
            while found < 600 {
                if bytes[i..<(i + marker.count)].elementsEqual(marker) { found += 1; offset = i + marker.count }
                i += 1
            }
            let typed = tree.applying(SourceEdit(range: offset..<offset, replacement: "x"))
            guard sameTree(typed, SyntaxTree.parse(typed.text)) else { return "typing differs from a full parse" }
            let arrayNodes = { (t: SyntaxTree) in t.rootElement!.childElements[0].childElements[1].node!.nodes }
            let shared = zip(arrayNodes(tree), arrayNodes(typed)).filter { $0 === $1 }.count
            guard arrayNodes(tree).count == 1_000, shared == 999 else { return "\(shared) of \(arrayNodes(tree).count) item nodes shared" }
            var rng = SplitMix64(seed: 0xC4_0A_C5)
            var current = tree
            for step in 0..<300 {
                let edit = randomEdit(current.text.bytes, &rng)
                let incremental = current.applying(edit)
                if !sameTree(incremental, SyntaxTree.parse(incremental.text)) {
                    return
                        "step \(step): edit \(edit.range) ← \(String(decoding: edit.replacement, as: UTF8.self).debugDescription) differs from a full parse"
                }
                current = incremental
            }
            return nil
        }
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func typingAKeyCharacterByCharacter() {
        var tree = SyntaxTree.parse(header + "<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<true/>\n\n</dict>\n</plist>\n")
        var at = tree.text.count - "\n</dict>\n</plist>\n".utf8.count
        for ch in "\t<key>NSCameraUsageDescription</key>\n\t<string>Scans 🔥 codes</string>" {
            let bytes = Array(String(ch).utf8)
            tree = tree.applying(SourceEdit(range: at..<at, replacement: bytes))
            at += bytes.count
            #expect(sameTree(tree, SyntaxTree.parse(tree.text)), "after typing \(ch)")
        }
        #expect(PlistDocument(tree).root?.keys == ["A", "NSCameraUsageDescription"])
        #expect(tree.isWellFormed)
    }
}
