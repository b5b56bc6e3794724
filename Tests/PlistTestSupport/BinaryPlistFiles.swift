// The real binary property lists of ../shared/l10n (MANIFEST.tsv rows of kind `binary`), for the
// binary-plist tests (issue #32).
import Foundation
import Testing

public enum BinaryPlistFiles {
    public static let directory = SharedData.directory.appendingPathComponent("l10n")
    public static let present = FileManager.default.fileExists(atPath: directory.appendingPathComponent("MANIFEST.tsv").path)
    public static var runTests: Bool { present || SharedData.isCI }
    public static let skipNote: Comment =
        "needs the real binary plists at ../shared/l10n beside the repository (not part of a fresh clone; always present in CI, where their absence fails this test)"

    public struct File: Sendable {
        /// `owner/repo/path`, as the manifest names it.
        public let name: String
        public let url: URL
        public let bytes: [UInt8]
    }

    /// Every `binary` row of the manifest, read; throws when the data is absent (under CI=true, or when asked for).
    public static func require() throws -> [File] {
        let manifest = try String(contentsOf: directory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        var files: [File] = []
        for line in manifest.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count > 2, fields[0] == "binary" else { continue }
            let url = directory.appendingPathComponent("apps")
                .appendingPathComponent(fields[1].replacingOccurrences(of: "/", with: "__"))
                .appendingPathComponent(fields[2])
            files.append(File(name: "\(fields[1])/\(fields[2])", url: url, bytes: [UInt8](try Data(contentsOf: url))))
        }
        guard files.count >= 20 else {
            throw SharedData.Missing(what: "the binary plists of MANIFEST.tsv (found \(files.count))", at: directory.path)
        }
        return files
    }
}
