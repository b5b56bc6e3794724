// The shared corpus for the syntax tests (located by PlistTestSupport).
import Foundation
import PlistTestSupport

enum TestFiles {
    /// `../shared/corpus/files`.
    static let corpus = SharedData.corpusFilesDirectory
    /// Every corpus file with its manifest row (empty without the shared corpus; tests that need it
    /// are skipped on a fresh clone and fail under CI).
    static var corpusFiles: [SharedData.CorpusFile] { SharedData.corpusFiles }
}
