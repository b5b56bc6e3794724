// Locates the shared corpus and reads its manifest for the syntax tests.
import Foundation

enum TestFiles {
    /// The repository root (…/main), found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shared = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
    static let corpus = shared.appendingPathComponent("corpus/files")

    struct CorpusFile {
        let name: String
        let kind: String
        let plistlibParses: Bool
        let bytes: [UInt8]
    }

    /// Every corpus file with its manifest row. Empty when the corpus is missing (tests check).
    static let corpusFiles: [CorpusFile] = {
        guard let manifest = try? String(contentsOf: shared.appendingPathComponent("corpus/MANIFEST.tsv"), encoding: .utf8) else { return [] }
        var out: [CorpusFile] = []
        for line in manifest.split(separator: "\n").dropFirst() {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count >= 9, cols[0] != "-" else { continue }
            guard let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(cols[0]).path) else { continue }
            out.append(CorpusFile(name: cols[0], kind: cols[5], plistlibParses: cols[8] == "yes", bytes: [UInt8](data)))
        }
        return out.sorted { $0.name < $1.name }
    }()
}

/// Strips position markers (1️⃣ 2️⃣ 3️⃣ …) from marked text; returns the text and each marker's
/// UTF-8 offset, in marker order.
func marked(_ s: String) -> (text: String, offsets: [Int]) {
    let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣"]
    var text = s
    var found: [(Int, Int)] = []
    for (n, m) in markers.enumerated() {
        guard let r = text.range(of: m) else { continue }
        found.append((n, text.utf8.distance(from: text.startIndex, to: r.lowerBound)))
        text.removeSubrange(r)
        // Later markers shift left by the marker's length: recompute positions after removal.
        for k in found.indices where found[k].1 > found.last!.1 { found[k].1 -= m.utf8.count }
    }
    return (text, found.sorted { $0.0 < $1.0 }.map(\.1))
}
