// `../shared/l10n`: real apps' InfoPlist.strings, String Catalogs, their Info.plists and project
// files (issue #31), and where a test finds them.
import Foundation
import Testing

extension SharedData {
    /// `../shared/l10n`: one folder an app (`apps/<owner>__<repo>/…`), described by `MANIFEST.tsv`.
    public static let localizationDirectory = directory.appendingPathComponent("l10n")

    /// Whether the localization data's manifest is there.
    public static let localizationPresent = FileManager.default.fileExists(
        atPath: localizationDirectory.appendingPathComponent("MANIFEST.tsv").path)
    /// Run the localization tests when the data is present, and always under CI.
    public static var runLocalizationTests: Bool { localizationPresent || isCI }
    /// The note a skipped localization test prints.
    public static let localizationSkipNote: Comment =
        "needs the real localized apps at ../shared/l10n beside the repository (not part of a fresh clone; always present in CI, where their absence fails this test)"

    /// One row of `l10n/MANIFEST.tsv`.
    public struct LocalizationFile: Sendable {
        /// `strings`, `xcstrings`, `info`, `pbxproj` or `binary`.
        public let kind: String
        /// `owner/repo`.
        public let repo: String
        /// The path inside the repository.
        public let path: String
        public let encoding: String
        public let notes: String
        /// The app's folder (`…/l10n/apps/owner__repo`).
        public var appDirectory: URL {
            localizationDirectory.appendingPathComponent("apps").appendingPathComponent(repo.replacingOccurrences(of: "/", with: "__"))
        }
        /// The file on disk.
        public var url: URL { appDirectory.appendingPathComponent(path) }
    }

    /// Every row of the manifest (empty when the data is absent).
    public static let localizationFiles: [LocalizationFile] = {
        guard let text = try? String(contentsOf: localizationDirectory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 7 else { return nil }
            return LocalizationFile(kind: f[0], repo: f[1], path: f[2], encoding: f[5], notes: f[6])
        }
    }()
}
