// Our parser against libxml2 (well-formedness) and Foundation (decoded values) on the real-world
// corpus and on 10,000+ seeded mutations of it. See docs/xml-conformance.md.
import Foundation
import PlistSyntax
import Testing
import PlistTestSupport
import XMLReference

/// The inputs: every corpus file, then deterministic mutated variants of them.
enum DifferentialInputs {
    static let seed: UInt64 = 0x706C_6973_745F_6C73  // "plist_ls"
    static let variantCount = 10_000
    /// Files above this size are mutated only every `largeFileStride`-th round (debug speed).
    static let largeFileBytes = 16 * 1024
    static let largeFileStride = 16

    /// Every file in `shared/corpus/files`, sorted by name; empty if the directory is missing.
    /// Read from the directory rather than MANIFEST.tsv so that no file can be left out.
    static let corpus: [(name: String, text: [UInt8])] = {
        let directory = TestFiles.corpus
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().compactMap { name in
            FileManager.default.contents(atPath: directory.appendingPathComponent(name).path).map { (name, [UInt8]($0)) }
        }
    }()

    /// Round-robin over the corpus, one seeded mutation sequence per variant.
    static let variants: [(file: String, mutations: [Mutation], text: [UInt8])] = {
        guard !corpus.isEmpty else { return [] }
        var mutator = Mutator(seed: seed)
        var out: [(String, [Mutation], [UInt8])] = []
        out.reserveCapacity(variantCount)
        var round = 0
        while out.count < variantCount {
            for file in corpus where out.count < variantCount {
                if file.text.count > largeFileBytes && round % largeFileStride != 0 { continue }
                let (text, mutations) = mutator.mutate(file.text)
                out.append((file.name, mutations, text))
            }
            round += 1
        }
        return out
    }()

    static func requireCorpus() throws {
        try #require(
            corpus.count >= 80,
            "The shared corpus is missing or incomplete at \(TestFiles.corpus.path) (found \(corpus.count) files); it must be a sibling of the repository: <root>/../shared/corpus/files"
        )
    }
}

/// Foundation's reading of a document: its value (nil if not normalisable) or why it refused.
enum FoundationReading {
    case value(NormalizedValue?)
    case rejected(reason: String)

    init(_ text: [UInt8]) {
        do {
            let any = try PropertyListSerialization.propertyList(from: Data(text), options: [], format: nil)
            self = .value(NormalizedValue(foundation: any))
        } catch {
            let reason = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)"
            // Line numbers and quoted characters vary per input; the rest names the cause.
            self = .rejected(
                reason:
                    reason
                    .replacingOccurrences(of: #"\d+"#, with: "#", options: .regularExpression)
                    .replacingOccurrences(of: #"character \S"#, with: "character …", options: .regularExpression))
        }
    }
}

/// One value difference between our decoder and Foundation.
struct ValueDifference {
    let file: String
    let mutations: [Mutation]
    let text: [UInt8]
    let detail: String

    var snippet: String { snippetAround(mutations, in: text) }
}

/// What Xcode hands to Foundation for a preprocessed Info.plist when nothing is defined: the
/// directive lines and the bytes of the branches not taken blanked (line breaks kept), as the C
/// preprocessor drops them.
func preprocessorOutput(_ tree: SyntaxTree) -> [UInt8] {
    let conditionals = ConditionalStructure(tree)
    let selected = conditionals.selectedBranches([:])
    var out = tree.text.bytes
    for i in out.indices where out[i] != 0x0A && out[i] != 0x0D && !conditionals.isActive(i, selected: selected) { out[i] = 0x20 }
    return DocumentedDifference.blanking(conditionals.directives.map(\.range), in: out)
}

/// Compares our decoded value with Foundation's for inputs libxml2 and Foundation both accept, and
/// flags well-formed inputs Foundation rejects while we report no problem at all. A preprocessed
/// Info.plist is never read as it is: Foundation reads the preprocessor's output, which our view
/// with no definitions must decode alike (or report a problem when Foundation rejects it).
func valueDifference(_ text: [UInt8], file: String, mutations: [Mutation], reference: Verdict) -> ValueDifference? {
    guard reference.wellFormed else { return nil }
    let tree = SyntaxTree.parse(text)
    let preprocessed = ConditionalStructure(tree).isPreprocessed
    let document = preprocessed ? PlistDocument(tree, definitions: [:]) : PlistDocument(tree)
    let foundation: NormalizedValue?
    switch FoundationReading(preprocessed ? preprocessorOutput(tree) : text) {
    case .rejected(let reason):
        guard document.allProblems.isEmpty else { return nil }
        return ValueDifference(file: file, mutations: mutations, text: text, detail: "Foundation rejects (\(reason)), we report no problem")
    case .value(let value):
        foundation = value
    }
    guard let foundation else {
        return ValueDifference(file: file, mutations: mutations, text: text, detail: "Foundation returned a type we cannot normalise")
    }
    guard let ours = document.value else {
        return ValueDifference(file: file, mutations: mutations, text: text, detail: "ours: no value; Foundation: \(foundation)")
    }
    return NormalizedValue.difference(NormalizedValue(ours), foundation).map {
        ValueDifference(file: file, mutations: mutations, text: text, detail: "ours vs Foundation at \($0)")
    }
}

@Suite(
    .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
    .enabled(if: SharedData.runCorpusTests, SharedData.corpusSkipNote),
    .enabled(if: SharedData.runLibXML2Tests(available: XMLReference.isAvailable), SharedData.libxml2SkipNote(XMLReference.installHint)))
struct DifferentialTests {
    // The corpus and variant comparisons run on a thread of their own (minutes of CPU under load
    // would hold the cooperative pool the in-process server tests need) and record what they found
    // on the test's task.

    @Test func corpusVerdictsMatchLibxml2() async throws {
        try DifferentialInputs.requireCorpus()
        let paragraphs = try await onOwnThread { () -> [String] in
            var report = MismatchReport()
            for file in DifferentialInputs.corpus {
                let comparison = Comparison(file.text)
                guard !comparison.agrees, DocumentedDifference.explaining(file.text, comparison) == nil else { continue }
                report.add(Mismatch(file: file.name, mutations: [], text: file.text, comparison: comparison))
            }
            return report.render(minimizing: true)
        }
        for paragraph in paragraphs { Issue.record(Comment(rawValue: paragraph)) }
    }

    @Test func mutatedVariantsVerdictsMatchLibxml2() async throws {
        try DifferentialInputs.requireCorpus()
        let (count, summary, paragraphs) = try await onOwnThread { () -> (Int, String, [String]) in
            let variants = DifferentialInputs.variants
            var report = MismatchReport()
            var documented: [DocumentedDifference: Int] = [:]
            var wellFormedCount = 0
            for variant in variants {
                let comparison = Comparison(variant.text)
                if comparison.reference.wellFormed { wellFormedCount += 1 }
                if comparison.agrees { continue }
                if let reason = DocumentedDifference.explaining(variant.text, comparison) {
                    documented[reason, default: 0] += 1
                    continue
                }
                report.add(Mismatch(file: variant.file, mutations: variant.mutations, text: variant.text, comparison: comparison))
            }
            let summary =
                "\(variants.count) variants (\(wellFormedCount) well formed per libxml2); \(report.total) mismatches in \(report.classes.count) classes; documented differences: \(documented.map { "\($0.key.rawValue): \($0.value)" })"
            return (variants.count, summary, report.render(minimizing: true))
        }
        #expect(count >= 10_000)
        print("DifferentialTests: \(summary)")
        if let path = ProcessInfo.processInfo.environment["PLIST_DIFF_REPORT"] {
            try (([summary] + paragraphs).joined(separator: "\n\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        for paragraph in paragraphs { Issue.record(Comment(rawValue: paragraph)) }
    }

    /// D4 is explained only by a real check: blanking our directive lines must make libxml2 accept
    /// the file; a directive line without markup inside the root is plain character data to both.
    @Test func directiveLinesOutsideTheRootOrHoldingMarkupAreADocumentedDifference() {
        let base =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n#ifdef DEBUG\n<key>A</key>\n<true/>\n#endif\n</dict>\n</plist>\n"
        let inside = Comparison(Array(base.utf8))
        #expect(inside.agrees && inside.oursWellFormed)
        let after = Array((base + "#define X 1\n").utf8)
        let comparison = Comparison(after)
        #expect(!comparison.agrees)
        #expect(DocumentedDifference.explaining(after, comparison) == .directiveLine)
        let include = Array(base.replacingOccurrences(of: "#endif", with: "#endif\n#include <Config/Info.h>").utf8)
        #expect(!Comparison(include).agrees)
        #expect(DocumentedDifference.explaining(include, Comparison(include)) == .directiveLine)
        // A directive does not excuse other text after the root.
        let more = Array((base + "#define X 1\nstray\n").utf8)
        #expect(Comparison(more).agrees)
        #expect(DocumentedDifference.explaining(more, Comparison(more)) == nil)
    }

    @Test func corpusValuesMatchFoundation() async throws {
        try DifferentialInputs.requireCorpus()
        let (compared, differences) = try await onOwnThread { () -> (Int, [String]) in
            var compared = 0
            var differences: [String] = []
            for file in DifferentialInputs.corpus {
                let reference = XMLReference.check(file.text)
                if reference.wellFormed { compared += 1 }
                if let difference = valueDifference(file.text, file: file.name, mutations: [], reference: reference) {
                    differences.append("\(file.name): \(difference.detail)")
                }
            }
            return (compared, differences)
        }
        for difference in differences { Issue.record(Comment(rawValue: difference)) }
        #expect(compared >= 70, "only \(compared) corpus files are well formed per libxml2")
    }

    @Test func mutatedVariantValuesMatchFoundation() async throws {
        try DifferentialInputs.requireCorpus()
        let (compared, kinds) = try await onOwnThread { () -> (Int, [String]) in
            var byDetail: [String: (count: Int, example: ValueDifference)] = [:]
            var compared = 0
            for variant in DifferentialInputs.variants {
                let reference = XMLReference.check(variant.text)
                guard reference.wellFormed else { continue }
                compared += 1
                guard let difference = valueDifference(variant.text, file: variant.file, mutations: variant.mutations, reference: reference)
                else { continue }
                // Group by the shape of the difference (path and values stripped of the variant's specifics).
                let shape = difference.detail
                    .replacingOccurrences(of: #"\[\d+\]"#, with: "[n]", options: .regularExpression)
                byDetail[shape, default: (0, difference)].count += 1
            }
            let kinds = byDetail.sorted(by: { $0.value.count > $1.value.count }).map { shape, entry in
                let example = entry.example
                return
                    "\(entry.count)× \(shape)\n  file: \(example.file)\n  mutation: \(example.mutations.map(\.detail).joined(separator: "; "))\n  snippet: \(example.snippet)"
            }
            return (compared, kinds)
        }
        print("DifferentialTests: \(compared) mutated variants compared with Foundation, \(kinds.count) kinds of value difference")
        for kind in kinds { Issue.record(Comment(rawValue: kind)) }
    }
}
