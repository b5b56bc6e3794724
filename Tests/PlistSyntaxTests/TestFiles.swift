// The shared corpus for the syntax tests (located by PlistTestSupport), and marked-text helpers.
import Foundation
import PlistTestSupport

enum TestFiles {
    /// The repository root (…/main).
    static let repositoryRoot = SharedData.repositoryRoot
    /// `../shared/corpus/files`.
    static let corpus = SharedData.corpusDirectory.appendingPathComponent("files")
    /// Every corpus file with its manifest row (empty without the shared corpus; tests that need it
    /// are skipped on a fresh clone and fail under CI).
    static var corpusFiles: [SharedData.CorpusFile] { SharedData.corpusFiles }
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
