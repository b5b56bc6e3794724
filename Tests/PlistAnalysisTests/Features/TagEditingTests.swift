// Tag pairs, close tags as `>` is typed, and close-tag completion — on whole, half-typed and
// preprocessed text.
import PlistAnalysis
import PlistSyntax
import PlistTestSupport
import Testing

/// The tree of `marked` and its markers' offsets.
private func tree(_ marked: String) -> (text: String, tree: SyntaxTree, at: [Int]) {
    let (text, at) = markedText(marked)
    return (text, SyntaxTree.parse(Array(text.utf8)), at)
}

private func texts(_ ranges: [Range<Int>]?, _ text: String) -> [String] {
    let bytes = Array(text.utf8)
    return (ranges ?? []).map { String(decoding: bytes[$0], as: UTF8.self) }
}

/// `text` with `edit` applied.
private func applying(_ edit: SourceEdit?, to text: String) -> String {
    guard let edit else { return text }
    var bytes = Array(text.utf8)
    bytes.replaceSubrange(edit.range, with: edit.replacement)
    return String(decoding: bytes, as: UTF8.self)
}

/// Typing `>` at the marker: the text afterwards, with the close tag the server adds.
private func typingGreaterThan(_ marked: String) -> String {
    let (text, at) = markedText(marked)
    var bytes = Array(text.utf8)
    bytes.insert(0x3E, at: at[0])
    let typed = String(decoding: bytes, as: UTF8.self)
    let edit = TagEditing.closeTag(in: SyntaxTree.parse(bytes), afterTypingAt: at[0] + 1)
    return applying(edit, to: typed)
}

@Suite struct TagPairTests {
    @Test func bothNamesFromEitherTag() {
        let (text, t, at) = tree("<plist><dict><key>A</key><str1️⃣ing>x</st2️⃣ring>3️⃣</dict></plist>")
        #expect(texts(TagEditing.highlights(in: t, at: at[0]), text) == ["string", "string"])
        #expect(texts(TagEditing.highlights(in: t, at: at[1]), text) == ["string", "string"])
        #expect(texts(TagEditing.linkedRanges(in: t, at: at[0]), text) == ["string", "string"])
        // Right after `</string>` the cursor is on no name.
        #expect(TagEditing.highlights(in: t, at: at[2]).isEmpty)
    }

    @Test func nameEndsCount() {
        let (text, t, at) = tree("<plist><dict>1️⃣<key2️⃣>A</3️⃣key4️⃣></dict></plist>")
        // The end of `dict` in `<dict>`, and the start of `key` in `<key>` right after it.
        #expect(texts(TagEditing.highlights(in: t, at: at[0] - 1), text) == ["dict", "dict"])
        #expect(texts(TagEditing.highlights(in: t, at: at[0] + 1), text) == ["key", "key"])
        #expect(texts(TagEditing.highlights(in: t, at: at[1]), text) == ["key", "key"])
        #expect(texts(TagEditing.highlights(in: t, at: at[2]), text) == ["key", "key"])
        #expect(texts(TagEditing.highlights(in: t, at: at[3]), text) == ["key", "key"])
    }

    @Test func matchingTagJumpsBothWays() {
        let (_, t, at) = tree("<plist><dict><key>A</key>\n<ar1️⃣ray>\n<string>x</string>\n</2️⃣array>\n</dict></plist>")
        let end = TagEditing.matchingTag(in: t, at: at[0])
        #expect(end == at[1])
        let back = TagEditing.matchingTag(in: t, at: at[1])
        #expect(back == at[0] - 2)
    }

    @Test func unclosedElementHighlightsItsStartOnly() {
        let (text, t, at) = tree("<plist><dict><key>A</key>\n<str1️⃣ing>x\n</dict></plist>")
        #expect(texts(TagEditing.highlights(in: t, at: at[0]), text) == ["string"])
        #expect(TagEditing.linkedRanges(in: t, at: at[0]) == nil)
        #expect(TagEditing.matchingTag(in: t, at: at[0]) == nil)
    }

    @Test func mismatchedPairIsNotLinked() {
        let (text, t, at) = tree("<plist><dict><key>A</key><str1️⃣ing>x</strng></dict></plist>")
        #expect(texts(TagEditing.highlights(in: t, at: at[0]), text) == ["string", "strng"])
        #expect(TagEditing.linkedRanges(in: t, at: at[0]) == nil)
    }

    @Test func insideIfBranches() {
        let (text, t, at) = tree(
            """
            <plist><dict>
            <key>A</key>
            #if DEBUG
            <str1️⃣ing>debug</string>
            #else
            <string>release</str2️⃣ing>
            #endif
            </dict></plist>
            """)
        let first = TagEditing.highlights(in: t, at: at[0])
        #expect(texts(first, text) == ["string", "string"])
        let elseOffset = text.utf8.distance(from: text.startIndex, to: text.range(of: "#else")!.lowerBound)
        #expect(first[1].upperBound < elseOffset)
        let second = TagEditing.linkedRanges(in: t, at: at[1])
        #expect(texts(second, text) == ["string", "string"])
        #expect(second![0].lowerBound > first[1].upperBound)
    }
}

@Suite struct AutoCloseTagTests {
    @Test func scalarOnItsOwnLine() {
        #expect(
            typingGreaterThan("<plist><dict>\n<key>A</key>\n<string1️⃣\n</dict></plist>")
                == "<plist><dict>\n<key>A</key>\n<string></string>\n</dict></plist>")
        #expect(typingGreaterThan("<plist><dict>\n<key1️⃣\n</dict></plist>") == "<plist><dict>\n<key></key>\n</dict></plist>")
    }

    @Test func atTheEndOfAHalfTypedFile() {
        #expect(typingGreaterThan("<plist><dict>\n<key>A</key>\n<string1️⃣") == "<plist><dict>\n<key>A</key>\n<string></string>")
        #expect(typingGreaterThan("<plist>\n<dict1️⃣") == "<plist>\n<dict></dict>")
    }

    @Test func containerThatTookItsOuterElementsEndTag() {
        #expect(
            typingGreaterThan("<plist><dict>\n<key>A</key>\n<dict1️⃣\n</dict></plist>")
                == "<plist><dict>\n<key>A</key>\n<dict></dict>\n</dict></plist>")
        #expect(
            typingGreaterThan("<plist><dict>\n<key>A</key>\n<array1️⃣\n</dict></plist>")
                == "<plist><dict>\n<key>A</key>\n<array></array>\n</dict></plist>")
    }

    @Test func neverADuplicate() {
        // Retyping the `>` of a start tag that has its end tag.
        #expect(
            typingGreaterThan("<plist><dict>\n<key>A</key>\n<string1️⃣x</string>\n</dict></plist>")
                == "<plist><dict>\n<key>A</key>\n<string>x</string>\n</dict></plist>")
        #expect(
            typingGreaterThan("<plist><dict>\n<key>A</key>\n<array1️⃣\n<string>x</string>\n</array>\n</dict></plist>")
                == "<plist><dict>\n<key>A</key>\n<array>\n<string>x</string>\n</array>\n</dict></plist>")
        #expect(
            typingGreaterThan("<plist><dict>\n<key>A</key>\n<string1️⃣x</strng>\n</dict></plist>")
                == "<plist><dict>\n<key>A</key>\n<string>x</strng>\n</dict></plist>")
        // `<true/>` and a `>` in text.
        #expect(
            typingGreaterThan("<plist><dict>\n<key>A</key>\n<true/1️⃣\n</dict></plist>")
                == "<plist><dict>\n<key>A</key>\n<true/>\n</dict></plist>")
        #expect(
            typingGreaterThan("<plist><dict>\n<key>A</key>\n<string>a -1️⃣ b</string>\n</dict></plist>")
                == "<plist><dict>\n<key>A</key>\n<string>a -> b</string>\n</dict></plist>")
        #expect(typingGreaterThan("<plist><dict><!-- a -1️⃣ -->\n</dict></plist>") == "<plist><dict><!-- a -> -->\n</dict></plist>")
    }

    @Test func typingTheCloseTagOverTheAddedOne() {
        // `<key>` added `</key>`; the person types `A</key>` anyway: the added one goes.
        #expect(typingGreaterThan("<plist><dict>\n<key>A</key1️⃣</key>\n</dict></plist>") == "<plist><dict>\n<key>A</key>\n</dict></plist>")
        #expect(
            typingGreaterThan("<plist><dict>\n<key>A</key>\n<string>x</string1️⃣</string>\n</dict></plist>")
                == "<plist><dict>\n<key>A</key>\n<string>x</string>\n</dict></plist>")
        // An end tag that closes something stays.
        #expect(
            typingGreaterThan("<plist><dict>\n<key>A</key>\n<array>\n<string>x</string1️⃣</array>\n</dict></plist>")
                == "<plist><dict>\n<key>A</key>\n<array>\n<string>x</string></array>\n</dict></plist>")
    }

    @Test func notBeforeText() {
        // Wrapping existing text: a close tag at the cursor would leave the text outside.
        #expect(
            typingGreaterThan("<plist><dict>\n<key>A</key>\n<string1️⃣value\n</dict></plist>")
                == "<plist><dict>\n<key>A</key>\n<string>value\n</dict></plist>")
    }

    @Test func insideIfBranches() {
        let typed = typingGreaterThan(
            """
            <plist><dict>
            <key>A</key>
            #if DEBUG
            <string1️⃣
            #else
            <string>release</string>
            #endif
            </dict></plist>
            """)
        #expect(
            typed == """
                <plist><dict>
                <key>A</key>
                #if DEBUG
                <string></string>
                #else
                <string>release</string>
                #endif
                </dict></plist>
                """)
        let second = typingGreaterThan(
            """
            <plist><dict>
            <key>A</key>
            #if DEBUG
            <string>debug</string>
            #else
            <string1️⃣
            #endif
            </dict></plist>
            """)
        #expect(second.contains("#else\n<string></string>\n#endif"))
    }
}

@Suite struct CloseTagCompletionTests {
    @Test func afterSlash() throws {
        let (text, result) = complete("<plist><dict><key>A</key>\n<string>x</1️⃣\n</dict></plist>")
        let item = try #require(result.item("</string>"))
        #expect(applying(item, to: text) == "<plist><dict><key>A</key>\n<string>x</string>\n</dict></plist>")
    }

    @Test func afterSlashAtTheEndOfTheFile() throws {
        let (text, result) = complete("<plist><dict><key>A</key>\n<string>x</1️⃣")
        let item = try #require(result.item("</string>"))
        #expect(applying(item, to: text) == "<plist><dict><key>A</key>\n<string>x</string>")
    }

    @Test func afterLessThanInAValue() throws {
        let (text, result) = complete("<plist><dict><key>A</key>\n<string>x<1️⃣\n</dict></plist>")
        let item = try #require(result.item("</string>"))
        #expect(applying(item, to: text) == "<plist><dict><key>A</key>\n<string>x</string>\n</dict></plist>")
        let (t2, r2) = complete("<plist><dict><key>A</key>\n<string>x<1️⃣")
        #expect(applying(try #require(r2.item("</string>")), to: t2) == "<plist><dict><key>A</key>\n<string>x</string>")
    }

    @Test func keyText() throws {
        let (text, result) = complete("<plist><dict>\n<key>NSCameraUsageDescription</1️⃣\n</dict></plist>")
        #expect(
            applying(try #require(result.item("</key>")), to: text) == "<plist><dict>\n<key>NSCameraUsageDescription</key>\n</dict></plist>"
        )
    }

    @Test func nothingAfterAClosedValue() {
        let (_, result) = complete("<plist><dict><key>A</key>\n<string>x</string><1️⃣\n</dict></plist>")
        #expect(!result.items.contains { $0.kind == .closeTag })
        // The start of an existing tag is not a close tag's place.
        let (_, existing) = complete("<plist><dict><key>A</key>\n<1️⃣string>x</string>\n</dict></plist>")
        #expect(!existing.items.contains { $0.kind == .closeTag })
    }

    @Test func insideIfBranches() throws {
        let (text, result) = complete(
            "<plist><dict>\n<key>A</key>\n#if DEBUG\n<string>debug</1️⃣\n#else\n<string>release</string>\n#endif\n</dict></plist>")
        let item = try #require(result.item("</string>"))
        #expect(
            applying(item, to: text)
                == "<plist><dict>\n<key>A</key>\n#if DEBUG\n<string>debug</string>\n#else\n<string>release</string>\n#endif\n</dict></plist>"
        )
    }

    @Test func everyCloseTagEditHoldsTheCursorOnItsLine() {
        for marked in [
            "<plist><dict><key>A</key>\n<string>x</1️⃣\n</dict></plist>", "<plist><dict><key>A</key>\n<string>x<1️⃣\n</dict></plist>",
            "<plist><dict>\n<key>A</key>\n<dict>\n<1️⃣",
        ] {
            let (text, result) = complete(marked)
            let (_, at) = markedText(marked)
            for item in result.items where item.kind == .closeTag {
                #expect(item.edit.range.contains(at[0]) || item.edit.range.upperBound == at[0])
                #expect(!Array(text.utf8)[item.edit.range].contains(0x0A))
                #expect(!item.edit.replacementText.contains("\n"))
            }
        }
    }
}
