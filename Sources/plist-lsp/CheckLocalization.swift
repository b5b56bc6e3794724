// `check` on localized Info.plists (issue #31): the translations the analysis reads
// (`DiskTranslations`), and the InfoPlist.strings and .xcstrings that `check --project` adds.
import PlistAnalysis
import PlistWorkspace
import PlistSyntax
import XcodeProject

struct CheckLocalization {
    let fileSystem = CachingProjectFileSystem()

    /// What the analysis reads about translations, the project facts of an Info.plist from `projects`.
    func translations(projects: ProjectFolders) -> DiskTranslations {
        DiskTranslations(fileSystem: fileSystem) { projects.input(forPlistAt: $0) }
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
}
