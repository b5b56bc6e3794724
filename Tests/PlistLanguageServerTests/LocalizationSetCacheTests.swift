// A session's localization sets (issue #40, point 3): the server reads them from the disk on a
// thread of its own (`LocalizationSetCache.read(for:isInfoPlist:)`) before an analysis or a feature
// looks them up on the cooperative pool, and those lookups then read nothing; each session's cache
// forgets only its own sets.
import Foundation
import LanguageServerProtocol
import PlistAnalysis
import PlistLanguageServer
import PlistSupport
import PlistSyntax
import PlistTestSupport
import PlistWorkspace
import Testing
import XcodeProject

/// The disk, with a count of the reads made through it.
private final class CountingFileSystem: ProjectFileSystem {
    private let disk = DiskProjectFileSystem()
    private let count = Locked(0)

    var reads: Int { count.withLock { $0 } }

    func contents(of path: String) -> [UInt8]? {
        count.withLock { $0 += 1 }
        return disk.contents(of: path)
    }

    func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        count.withLock { $0 += 1 }
        return disk.entries(of: directory)
    }
}

/// The disk, where reading one file first runs `during` (a change announced while a read goes on).
private final class InterruptedFileSystem: ProjectFileSystem, @unchecked Sendable {
    private let disk = DiskProjectFileSystem()
    let path: String
    var during: (() -> Void)?
    init(interruptingAt path: String) { self.path = path }

    func contents(of path: String) -> [UInt8]? {
        if path == self.path, let during {
            self.during = nil
            during()
        }
        return disk.contents(of: path)
    }

    func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? { disk.entries(of: directory) }
}

private let app: [String: String] = [
    "App/Info.plist": PlistText.dictionary(
        """
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>en</string>
        \t<key>NSCameraUsageDescription</key>
        \t<string>Scans receipts.</string>
        """),
    "App/en.lproj/InfoPlist.strings": "\"NSCameraUsageDescription\" = \"Scans receipts.\";\n",
    "App/de.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"App\";\n",
]

@Suite struct LocalizationSetCacheTests {
    /// After the read made off the pool, the lookups the analysis and the features make read no file.
    @Test func lookupsAfterTheReadReadNothing() throws {
        let workspace = try TemporaryWorkspace(app)
        defer { workspace.remove() }
        let infoPlist = try #require(FileURI.path(of: workspace.uri("App/Info.plist")))
        let german = try #require(FileURI.path(of: workspace.uri("App/de.lproj/InfoPlist.strings")))
        let disk = CountingFileSystem()
        let cache = LocalizationSetCache(fileSystem: disk, lifetime: .seconds(600))

        #expect(cache.needsRead(for: german, isInfoPlist: false))
        #expect(cache.needsRead(for: infoPlist, isInfoPlist: true))
        #expect(!cache.needsRead(for: infoPlist, isInfoPlist: false), "a plist that is not an Info.plist reads no translations")
        cache.read(for: german, isInfoPlist: false)
        cache.read(for: infoPlist, isInfoPlist: true)
        #expect(disk.reads > 0)
        #expect(!cache.needsRead(for: german, isInfoPlist: false))
        #expect(!cache.needsRead(for: infoPlist, isInfoPlist: true))

        let before = disk.reads
        let translated = try #require(cache.infoPlist(forTranslationAt: german))
        #expect(translated.root != nil)
        #expect(cache.set(forTranslationAt: german)?.infoPlistPath == infoPlist)
        let prepared = try #require(cache.prepared(forInfoPlistAt: infoPlist))
        #expect(Set(prepared.set.tables.map(\.path)).contains(german))
        #expect(disk.reads == before, "a lookup after the read read the disk")
    }

    /// A translation saved while its set is being read (the read began before the save, the
    /// change's notice arrives before it ends): the read keeps nothing, so the check the notice
    /// starts reads the file as saved. Kept, the set read before the save answered for 3 s and
    /// the open Info.plist kept a warning the save had fixed.
    @Test func aChangeAnnouncedDuringAReadIsNotHiddenByIt() throws {
        let workspace = try TemporaryWorkspace(app)
        defer { workspace.remove() }
        let infoPlist = try #require(FileURI.path(of: workspace.uri("App/Info.plist")))
        let german = try #require(FileURI.path(of: workspace.uri("App/de.lproj/InfoPlist.strings")))
        let disk = InterruptedFileSystem(interruptingAt: german)
        let cache = LocalizationSetCache(fileSystem: disk, lifetime: .seconds(600))
        disk.during = {
            // The German table is saved with a translation of the camera text, and announced.
            try? "\"NSCameraUsageDescription\" = \"Scannt Belege.\";\n".write(toFile: german, atomically: true, encoding: .utf8)
            #expect(cache.filesChanged([german]))
        }
        cache.read(for: infoPlist, isInfoPlist: true)
        #expect(cache.needsRead(for: infoPlist, isInfoPlist: true), "the set read across the change was kept")
        let table = try #require(cache.prepared(forInfoPlistAt: infoPlist)?.set.table(at: german))
        #expect(table.table.entries.contains { $0.key == "NSCameraUsageDescription" }, "\(table.table.entries.map(\.key))")
        #expect(!cache.needsRead(for: infoPlist, isInfoPlist: true))
    }

    /// The workspace report of a plist that only its content shows to be an Info.plist (named
    /// Main.plist, with `CFBundle…` keys) checks it against its translations, read with the other
    /// files of its batch off the cooperative pool.
    @Test func aPlistItsContentShowsToBeAnInfoPlistIsReportedAgainstItsTranslations() async throws {
        var files = app
        files["App/Main.plist"] = files.removeValue(forKey: "App/Info.plist")
        let workspace = try TemporaryWorkspace(files)
        defer { workspace.remove() }
        var capabilities = richClient()
        capabilities.textDocument?.diagnostic = .init()
        let client = try TestClient()
        try await client.initialize(capabilities, rootUri: workspace.uri())
        let report = try await client.request(WorkspaceDiagnosticRequest())
        var byName: [String: [Diagnostic]] = [:]
        for item in report.items {
            if case .full(let uri, _, _, let items) = item { byName[String(uri.split(separator: "/").last ?? "")] = items }
        }
        let main = try #require(byName["Main.plist"], "\(byName.keys.sorted())")
        let untranslated = try #require(main.first { $0.code == .string("l10n-untranslated") }, "\(main.map(\.message))")
        #expect(untranslated.message.contains("de"), "\(untranslated.message)")
    }

    /// A change announced to one session's cache forgets its sets and moves its generation only.
    @Test func aChangeForgetsOnlyItsOwnSessionsSets() throws {
        let workspace = try TemporaryWorkspace(app)
        defer { workspace.remove() }
        let infoPlist = try #require(FileURI.path(of: workspace.uri("App/Info.plist")))
        let german = try #require(FileURI.path(of: workspace.uri("App/de.lproj/InfoPlist.strings")))
        let one = LocalizationSetCache(lifetime: .seconds(600))
        let other = LocalizationSetCache(lifetime: .seconds(600))
        for cache in [one, other] { cache.read(for: infoPlist, isInfoPlist: true) }

        #expect(one.filesChanged([german]))
        #expect(one.generation == 1 && other.generation == 0)
        #expect(one.needsRead(for: infoPlist, isInfoPlist: true))
        #expect(!other.needsRead(for: infoPlist, isInfoPlist: true))
    }
}
