// Every real-world plist parses without a crash; valid ones raise nothing; broken ones report
// their actual problem at the right line.
import Testing
import PlistTestSupport
import PlistSyntax

/// The corpus files that are broken, with the problem each must report and its 1-based line.
let brokenCorpusFiles: [String: (code: String, line: Int)] = [
    "melonDS-emu__melonDS__res__melon.plist.in": ("plist-key-in-array", 70),
    "Provenance-Emu__Provenance__Provenance__Info.plist": ("plist-missing-plist-element", 1),
    "dotnet__maui-samples__10.0__Apps__PointOfSale__src__PointOfSale__Platforms__iOS__EntitlementsSample.plist": (
        "xml-declaration-misplaced", 2
    ),
    "kiwix__kiwix-apple__PrivacyInfo.xcprivacy": ("xml-text-outside-root", 1),
    // A comment (holding an #include) before the XML declaration, as in the MAUI sample above.
    "rcarmo__qsb-mac__QuickSearchBox__QSB__Resources__Categories.plistsrc": ("xml-declaration-misplaced", 5),
    // `<${CS_GET_TASK_ALLOW}/>`: a build variable as an element name, substituted by TextMate's own build.
    "textmate__textmate__Applications__TextMate__Entitlements.plist": ("xml-invalid-markup", 12),
]

@Suite(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) struct CorpusTests {
    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func corpusIsPresent() throws {
        #expect(try SharedData.requireCorpus().count >= 250)
    }

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func validFilesRaiseNoProblem() {
        for file in TestFiles.corpusFiles where brokenCorpusFiles[file.name] == nil {
            let doc = PlistDocument(SyntaxTree.parse(file.bytes))
            let problems = doc.allProblems
            #expect(problems.isEmpty, "\(file.name): \(problems.prefix(3))")
            #expect(doc.tree.isWellFormed, "\(file.name)")
            #expect(checkTiling(doc.tree.document, doc.tree.text.bytes) == nil, "\(file.name)")
        }
    }

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func brokenFilesReportTheirProblemAtTheRightLine() {
        for (name, expected) in brokenCorpusFiles {
            guard let file = TestFiles.corpusFiles.first(where: { $0.name == name }) else {
                Issue.record("missing corpus file \(name)"); continue
            }
            let doc = PlistDocument(SyntaxTree.parse(file.bytes))
            let index = LineIndex(doc.tree.text)
            let found = doc.allProblems.filter { $0.code.rawValue == expected.code }
            #expect(!found.isEmpty, "\(name): \(doc.allProblems.map(\.code))")
            if let first = found.first {
                #expect(index.position(of: first.range.lowerBound).line + 1 == expected.line, "\(name): \(first)")
            }
        }
    }

    @Test(.enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote))
    func everyFileKeepsEveryByte() {
        for file in TestFiles.corpusFiles {
            let tree = SyntaxTree.parse(file.bytes)
            #expect(checkTiling(tree.document, tree.text.bytes) == nil, "\(file.name)")
            #expect(tree.document.children.reduce(0) { $0 + Int($1.entry.width) } == file.bytes.count)
        }
    }
}
