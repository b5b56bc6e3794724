// `check` on localized Info.plists (issue #31): an InfoPlist.strings or .xcstrings is checked
// against the Info.plist it translates; an Info.plist gets the findings of what its shipped
// locales do not translate. One line per problem, as for plists.
import PlistAnalysis
import PlistLanguageServer
import PlistSyntax
import XcodeProject

struct CheckLocalization {
    let fileSystem = CachingProjectFileSystem()

    func report(forTranslationAt file: String, raw: [UInt8], configuration: AnalysisConfiguration, projects: ProjectFolders) -> FileReport {
        let path = SourceFolders.absolute(file)
        let set = LocalizationFiles.set(forTranslationAt: path, fileSystem: fileSystem)
        let external = set.flatMap { projects.input(forPlistAt: $0.infoPlistPath) }.map { Set($0.externalKeys.keys) } ?? []
        let (text, found) = LocalizationFiles.findings(forTranslationAt: path, raw: raw,
                                                       infoPlist: set.flatMap { LocalizationFiles.infoPlist(of: $0, fileSystem: fileSystem) },
                                                       externalKeys: external, configuration: configuration)
        return FileReport(path: file, text: text, diagnostics: found)
    }

    /// The translation files of the Info.plists among `plists` (as `check --project` lists them).
    func translationFiles(of plists: [String]) -> [String] {
        var out: [String] = []
        for plist in plists where LocalizationFinder.isInfoPlistName(plist.split(separator: "/").last.map(String.init) ?? plist) {
            let set = LocalizationFinder.find(infoPlistPath: SourceFolders.absolute(plist), fileSystem: fileSystem)
            out += set.tables.map(\.path) + set.catalogs.map(\.path)
        }
        return out.map { SourceFolders.display($0) }
    }

    /// `diagnostics` of the plist at `file`, with the localization findings when it is an Info.plist
    /// something translates, in document order.
    func addingFindings(to diagnostics: [Finding], forPlistAt file: String, text: [UInt8], raw: [UInt8],
                        configuration: AnalysisConfiguration, project: ProjectInput?) -> [Finding] {
        let kind = project.map { $0.role == .infoPlist ? FileKind.infoPlist : .entitlements } ?? Analyzer.fileKind(path: file, document: nil, configuration: configuration)
        guard kind == .infoPlist, case .success(let decoded) = SourceDecoding.decode(raw) else { return diagnostics }
        let path = SourceFolders.absolute(file)
        let set = LocalizationFinder.find(infoPlistPath: path, fileSystem: fileSystem)
        guard !set.isEmpty else { return diagnostics }
        let more = LocalizationFiles.findings(forInfoPlist: PlistDocument(text: decoded), set: set, configuration: configuration)
        guard !more.isEmpty else { return diagnostics }
        return (diagnostics + more).sorted { ($0.range.lowerBound, $0.range.upperBound, $0.code) < ($1.range.lowerBound, $1.range.upperBound, $1.code) }
    }
}
