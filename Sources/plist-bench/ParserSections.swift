// Parser sections: full parse against libxml2's SAX baseline, and incremental reparse after a
// one-character edit against a full parse of the same text.
import PlistSupport
import PlistSyntax
import XMLReference

/// Full parse (`SyntaxTree.parse`, tree built) vs libxml2 SAX2 (nothing built) per input size.
struct FullParseSection: BenchmarkSection {
    let id = "parse"
    let title = "Full parse: PlistSyntax tree vs libxml2 SAX2"

    func run(_ context: BenchContext) {
        var table = Table(
            "File", "Bytes", "Runs", "Ours median", "Ours p90", "libxml2 SAX median", "Ours / libxml2", "Ours MB/s", "libxml2 MB/s")
        for file in BenchData.files {
            let bytes = context.data.bytes(of: file)
            let (warmups, runs) = runCounts(for: bytes.count, context)
            let (ours, reference) = measureAlternately(
                warmups: warmups, iterations: runs,
                {
                    let tree = SyntaxTree.parse(bytes)
                    return tree.root.width + (tree.isWellFormed ? 1 : 0)
                },
                {
                    let counts = XMLReference.saxParse(bytes)
                    return counts.elements + (counts.wellFormed ? 1 : 0)
                })
            if !SyntaxTree.parse(bytes).isWellFormed || !XMLReference.saxParse(bytes).wellFormed {
                printError("plist-bench: warning: \(file.name) is not well formed for one of the parsers")
            }
            table.add(
                file.label, "\(bytes.count)", "\(runs)",
                formatTime(ours.median), formatTime(ours.p90), formatTime(reference.median),
                formatRatio(ours.median / reference.median),
                formatThroughput(bytes: bytes.count, seconds: ours.median),
                formatThroughput(bytes: bytes.count, seconds: reference.median))
        }
        table.print()
        splitBuildAndFree(context)
    }

    /// The largest file's parse in two parts, each timed alone: making the tree, and freeing it
    /// (the release of every node and array, and the allocator's merging of the freed blocks).
    /// The full parse above pays for both; libxml2's SAX parse builds nothing to free.
    private func splitBuildAndFree(_ context: BenchContext) {
        guard let file = BenchData.files.last else { return }
        let bytes = context.data.bytes(of: file)
        let runs = context.iterations(full: 15, quick: 4)
        let clock = ContinuousClock()
        var build: [Double] = [], free: [Double] = [], sax: [Double] = []
        // Alternating with libxml2's parse, as the full parse is, so that both see the same machine.
        for _ in 0..<runs {
            var tree: SyntaxTree? = nil
            build.append(
                clock.measure {
                    tree = SyntaxTree.parse(bytes); consolidateFreedBlocks()
                }.seconds)
            benchSink &+= tree?.root.width ?? 0
            free.append(
                clock.measure {
                    tree = nil; consolidateFreedBlocks()
                }.seconds)
            sax.append(
                clock.measure {
                    benchSink &+= XMLReference.saxParse(bytes).elements; consolidateFreedBlocks()
                }.seconds)
        }
        let reference = Sample(seconds: sax)
        var table = Table("\(file.label) parse, part", "Runs", "Median", "p90", "vs libxml2 SAX2 (\(formatTime(reference.median)))")
        for (name, seconds) in [("making the tree", build), ("freeing the tree", free)] {
            let sample = Sample(seconds: seconds)
            table.add(name, "\(runs)", formatTime(sample.median), formatTime(sample.p90), formatRatio(sample.median / reference.median))
        }
        table.print()
    }

    /// Enough runs for a stable median without spending minutes on the 10 MB file.
    private func runCounts(for size: Int, _ context: BenchContext) -> (warmups: Int, runs: Int) {
        switch size {
        case ..<65_536: return (200, context.iterations(full: 2_000, quick: 200))
        case ..<4_000_000: return (3, context.iterations(full: 40, quick: 8))
        default: return (1, context.iterations(full: 15, quick: 4))
        }
    }
}

/// A one-character edit inside a `<string>` near the middle of the 10 MB file.
struct IncrementalReparseSection: BenchmarkSection {
    let id = "incremental"
    let title = "Incremental reparse: one character typed in the middle of the 10 MB file; Enter, indent and a character at each size"

    func run(_ context: BenchContext) {
        guard let file = BenchData.files.last else { return }
        let bytes = context.data.bytes(of: file)
        guard let offset = insertionPoint(in: bytes) else {
            printError("plist-bench: no <string> found in \(file.name)")
            return
        }
        let tree = SyntaxTree.parse(bytes)
        let edit = SourceEdit(range: offset..<offset, replacement: [0x20])
        var editedBytes = bytes
        editedBytes.insert(0x20, at: offset)
        // In one piece, as a file read from disk is: the full parse gets no copy to make.
        let edited = SourceText(editedBytes)
        // In pieces, as an edit leaves it (the old text's, cut at the edit).
        let editedPieces = tree.text.replacing(offset..<offset, with: [0x20])
        let runs = context.iterations(full: 30, quick: 5)

        let (incremental, full) = measureAlternately(
            warmups: 1, iterations: runs,
            { tree.applying(edit).root.width }, { SyntaxTree.parse(edited).root.width })
        // The tree work alone, without making the edited text.
        let reparseOnly = measure(warmups: 1, iterations: runs) {
            tree.reparsed(newText: editedPieces, editRange: offset..<offset, insertedCount: 1).root.width
        }
        let sameTree = tree.applying(edit).root.isStructurallyEqual(to: SyntaxTree.parse(edited).root)

        var table = Table("Case", "Runs", "Median", "p90", "vs full parse")
        table.add(
            "incremental reparse (tree only)", "\(runs)", formatTime(reparseOnly.median), formatTime(reparseOnly.p90),
            String(format: "%.2f %%", reparseOnly.median / full.median * 100))
        table.add(
            "incremental (`applying`: text edited + reparse)", "\(runs)", formatTime(incremental.median), formatTime(incremental.p90),
            String(format: "%.2f %%", incremental.median / full.median * 100))
        table.add("full parse of edited text", "\(runs)", formatTime(full.median), formatTime(full.p90), "100 %")
        table.print()
        print(
            "\nEdit: insert \" \" at byte \(offset) of \(bytes.count) (inside a <string>); "
                + "incremental tree equals full parse: \(sameTree ? "yes" : "NO")")
        print("")
        keystrokesByKind(context)
    }

    /// Just after the `<string>` start tag nearest the middle of the file.
    private func insertionPoint(in bytes: [UInt8]) -> Int? {
        let tag = Array("<string>".utf8)
        let middle = bytes.count / 2
        var index = middle
        while index + tag.count <= bytes.count {
            if bytes[index] == tag[0] && bytes[index..<(index + tag.count)].elementsEqual(tag) {
                return index + tag.count
            }
            index += 1
        }
        return nil
    }
}
