// Enter, indentation and one character, each typed and deleted again at the middle of the 4 KB,
// 1 MB and 10 MB files, timed through what the server does per keystroke (issue #29 §5): the
// incremental reparse, the line index, the typed view reusing the previous version's, and the
// analysis. The character is the reference: Enter and indentation should cost what it costs.
import PlistAnalysis
import PlistSyntax

/// One kind of keystroke: where it goes and what it inserts (the next step deletes it again).
struct KeystrokeKind: Sendable {
    let name: String
    /// The offset the bytes are inserted at, and the bytes.
    let place: @Sendable ([UInt8]) -> (offset: Int, bytes: [UInt8])?
}

extension IncrementalReparseSection {
    static let keystrokeKinds: [KeystrokeKind] = [
        // Inside the `<string>` nearest the middle: the reference.
        KeystrokeKind(name: "one character") { bytes in
            stringContent(in: bytes).map { ($0, [0x78]) }
        },
        // At the end of that `<string>`'s line: a line break and the line's indentation, as an
        // editor's Enter with auto-indent inserts them (deleting it joins the lines again).
        KeystrokeKind(name: "Enter") { bytes in
            guard let at = stringContent(in: bytes) else { return nil }
            var lineStart = at, lineEnd = at
            while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var indent = lineStart
            while indent < lineEnd && (bytes[indent] == 0x09 || bytes[indent] == 0x20) { indent += 1 }
            return (lineEnd, [0x0A] + bytes[lineStart..<indent])
        },
        // A tab at the start of the line after that `<string>`'s (deleting it is a backspace there).
        KeystrokeKind(name: "indent (tab at a line start)") { bytes in
            guard var at = stringContent(in: bytes) else { return nil }
            while at < bytes.count && bytes[at] != 0x0A { at += 1 }
            return at < bytes.count ? (at + 1, [0x09]) : nil
        },
    ]

    /// Just after the `<string>` start tag nearest the middle of the file.
    static func stringContent(in bytes: [UInt8]) -> Int? {
        let tag = Array("<string>".utf8)
        var index = bytes.count / 2
        while index + tag.count <= bytes.count {
            if bytes[index] == tag[0] && bytes[index..<(index + tag.count)].elementsEqual(tag) { return index + tag.count }
            index += 1
        }
        return nil
    }

    /// p50 and p99 of each kind at each size, the tree alone and the whole keystroke; each kind
    /// typed and deleted alternately, each version made from the one before, as the server does.
    func keystrokesByKind(_ context: BenchContext) {
        var table = Table(
            "File", "Keystroke", "Runs", "reparse p50", "reparse p99", "keystroke p50", "keystroke p99",
            "p50 vs character", "p99 vs character", "full parses")
        for file in BenchData.files {
            let bytes = context.data.bytes(of: file)
            let runs: Int
            switch bytes.count {
            case ..<65_536: runs = context.iterations(full: 2_000, quick: 200)
            case ..<4_000_000: runs = context.iterations(full: 300, quick: 30)
            default: runs = context.iterations(full: 100, quick: 10)
            }
            var reference: (p50: Double, p99: Double)? = nil
            for kind in Self.keystrokeKinds {
                guard let (offset, inserted) = kind.place(bytes) else {
                    printError("plist-bench: no place for \(kind.name) in \(file.name)")
                    continue
                }
                let path = "/bench/Info.plist"
                var tree = SyntaxTree.parse(bytes)
                var index = LineIndex(tree.text)
                var document = PlistDocument(tree)
                benchSink &+= Analyzer.findings(for: document, path: path).count
                let clock = ContinuousClock()
                var reparse: [Double] = [], keystroke: [Double] = []
                var fullParses = 0
                for step in 0..<(runs + 4) {
                    let edit =
                        step % 2 == 0
                        ? SourceEdit(range: offset..<offset, replacement: inserted)
                        : SourceEdit(range: offset..<(offset + inserted.count), replacement: [])
                    let start = clock.now
                    let edited = tree.applying(edit)
                    let parsed = clock.now
                    let index2 = index.applying(edit.range, newText: edited.text)
                    let document2 = PlistDocument(edited, reusing: document)
                    let findings = Analyzer.findings(for: document2, path: path)
                    let end = clock.now
                    benchSink &+= findings.count + index2.lineCount
                    if step >= 4 {
                        reparse.append((parsed - start).seconds)
                        keystroke.append((end - start).seconds)
                        // A full parse on the way leaves no record of what it replaced.
                        if edited.changedRegion(since: tree) == nil { fullParses += 1 }
                    }
                    tree = edited
                    index = index2
                    document = document2
                }
                let r = Sample(seconds: reparse), k = Sample(seconds: keystroke)
                let p50 = k.median, p99 = k.percentile(99)
                if reference == nil { reference = (p50, p99) }
                table.add(
                    file.label, kind.name, "\(runs)", formatTime(r.median), formatTime(r.percentile(99)),
                    formatTime(p50), formatTime(p99), formatRatio(p50 / reference!.p50), formatRatio(p99 / reference!.p99),
                    "\(fullParses)")
            }
        }
        table.print()
        print(
            "\nKeystroke: `tree.applying` + `LineIndex.applying` + `PlistDocument(_:reusing:)` + `Analyzer.findings`, "
                + "each kind typed and deleted alternately at the middle of the file; goal: Enter and indent within 1.5× "
                + "of a character at every size (issue #29). \"full parses\": steps whose reparse fell back to a full parse.")
    }
}
