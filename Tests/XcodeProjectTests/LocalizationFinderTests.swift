// Which files translate which Info.plist (issue #31), on every Info.plist of ../shared/l10n: the
// manifest says where its translations are (`localized by <folder>/*.lproj/InfoPlist.strings` or
// `by <path>.xcstrings`), and the finder must find exactly there, with the project's knownRegions.
import Foundation
import PlistSyntax
import PlistTestSupport
import Testing
import XcodeProject

/// The disk, as the finder reads it (FileManager; tests only).
struct TestDiskFileSystem: ProjectFileSystem {
    func contents(of path: String) -> [UInt8]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }
    func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        return names.map { name in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory)
            return (name, isDirectory.boolValue)
        }
    }
}

@Suite(.enabled(if: SharedData.runLocalizationTests, SharedData.localizationSkipNote))
struct LocalizationFinderTests {
    /// Info.plists whose target builds translations other than the manifest's note names.
    static let builtElsewhere = ["daneden/Solstice Solstice/Info.plist": "Assets/InfoPlist.xcstrings"]

    /// Seconds of disk reading and project parsing: on a thread of its own, so the cooperative
    /// pool stays free for the in-process server tests; what it finds wrong is returned and asserted here.
    @Test(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote))
    func everyRealInfoPlistFindsTheTranslationsTheManifestNames() async throws {
        let plists = SharedData.localizationFiles.filter { $0.kind == "info" && $0.notes.hasPrefix("localized by ") }
        #expect(plists.count >= 20)
        let (found, wrong) = try await onOwnThread { () -> (Int, [String]) in
            var found = 0
            var wrong: [String] = []
            for plist in plists {
                var where_ = String(plist.notes.dropFirst("localized by ".count)).components(separatedBy: " ; ")[0]
                // Where the manifest's note (written by folder) and the project differ, the project wins
                // (issue #38): Solstice's app target builds Assets/InfoPlist.xcstrings (its Resources
                // phase's 71DC2FEE…); the catalog at the root is the watch app's.
                if let built = Self.builtElsewhere["\(plist.repo) \(plist.path)"] { where_ = built }
                let set = LocalizationFinder.find(infoPlistPath: plist.url.path, fileSystem: TestDiskFileSystem())
                if where_.hasSuffix(".xcstrings") {
                    let expected = plist.appDirectory.appendingPathComponent(where_).standardizedFileURL.path
                    if set.catalogs.map(\.path).map({ URL(fileURLWithPath: $0).standardizedFileURL.path }) != [expected] {
                        wrong.append("\(plist.repo) \(plist.path): \(set.catalogs.map(\.path)) instead of [\(expected)]")
                    }
                } else {
                    // `<folder>/*.lproj/InfoPlist.strings`: every table is in that folder.
                    let folder = plist.appDirectory.appendingPathComponent(String(where_.dropLast("/*.lproj/InfoPlist.strings".count)))
                        .standardizedFileURL.path
                    if set.tables.isEmpty { wrong.append("\(plist.repo) \(plist.path): no tables found (expected in \(folder))") }
                    for table in set.tables
                    where URL(fileURLWithPath: table.path).deletingLastPathComponent().deletingLastPathComponent().standardizedFileURL.path
                        != folder
                    {
                        wrong.append("\(plist.repo) \(plist.path): \(table.path) not in \(folder)")
                    }
                }
                found += set.tables.count + set.catalogs.count
            }
            return (found, wrong)
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
        #expect(found > 100)
    }

    @Test func knownRegionsComeFromTheProjectWithoutBase() throws {
        let telephone = SharedData.localizationFiles.first { $0.repo == "64characters/Telephone" && $0.kind == "info" }
        let plist = try #require(telephone)
        let set = LocalizationFinder.find(infoPlistPath: plist.url.path, fileSystem: TestDiskFileSystem())
        #expect(set.knownRegions == ["en", "de", "ru"])
        #expect(set.tables.map(\.locale) == ["de", "en", "ru"])
        #expect(set.projectPath?.hasSuffix("Telephone.xcodeproj/project.pbxproj") == true)
        // And back: a table finds its Info.plist.
        let back = try #require(LocalizationFinder.infoPlist(translatedBy: set.tables[0].path, fileSystem: TestDiskFileSystem()))
        #expect(back.infoPlistPath == plist.url.path)
    }

    /// A table whose Info.plist is in no folder of its project (one Xcode generates) is looked for
    /// inside the project only: the folders above it (another app, a home folder, /tmp with
    /// thousands of folders) are never listed.
    @Test func aTableIsLookedForInsideItsProjectOnly() {
        let files = [
            "/w/App/App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{ objects = {}; }",
            "/w/App/App/de.lproj/InfoPlist.strings": "\"CFBundleName\" = \"App\";",
            "/w/App/App/AppDelegate.swift": "",
            "/w/Other/Info.plist": "<plist><dict/></plist>",
            "/w/Other/de.lproj/InfoPlist.strings": "\"CFBundleName\" = \"Other\";",
        ]
        let recorder = ListingRecorder(MemoryFileSystem(files: files))
        #expect(LocalizationFinder.infoPlist(translatedBy: "/w/App/App/de.lproj/InfoPlist.strings", fileSystem: recorder) == nil)
        let listed = recorder.listed
        #expect(listed.contains("/w/App"), "\(listed)")
        #expect(listed.allSatisfy { $0.hasPrefix("/w/App") }, "listed outside the project: \(listed.sorted())")
        // In the project, a table still finds its Info.plist in a folder beside its own.
        var moved = files
        moved["/w/App/Support/Info.plist"] = "<plist><dict/></plist>"
        let found = LocalizationFinder.infoPlist(
            translatedBy: "/w/App/App/de.lproj/InfoPlist.strings", fileSystem: MemoryFileSystem(files: moved))
        #expect(found?.infoPlistPath == "/w/App/Support/Info.plist")
        let other = LocalizationFinder.infoPlist(
            translatedBy: "/w/Other/de.lproj/InfoPlist.strings", fileSystem: MemoryFileSystem(files: moved))
        #expect(other?.infoPlistPath == "/w/Other/Info.plist")
    }
}

extension LocalizationFinderTests {
    /// With no project around it, a table (or an Info.plist) in a folder of /tmp or of a home folder
    /// is looked for in its own folders, never in the other folders there.
    @Test func noSearchLooksIntoTheFoldersOfTmpOrAHome() {
        let files = [
            "/tmp/a/de.lproj/InfoPlist.strings": "\"CFBundleName\" = \"A\";",
            "/tmp/b/Info.plist": "<plist><dict/></plist>",
            "/tmp/b/de.lproj/InfoPlist.strings": "\"CFBundleName\" = \"B\";",
            "/tmp/c/Info.plist": "<plist><dict/></plist>",
        ]
        let recorder = ListingRecorder(MemoryFileSystem(files: files), shared: ["/tmp", "/"])
        #expect(LocalizationFinder.infoPlist(translatedBy: "/tmp/a/de.lproj/InfoPlist.strings", fileSystem: recorder) == nil)
        #expect(!recorder.listed.contains { $0 == "/tmp/b" || $0 == "/tmp/c" || $0 == "/tmp" }, "\(recorder.listed)")
        let second = ListingRecorder(MemoryFileSystem(files: files), shared: ["/tmp", "/"])
        let set = LocalizationFinder.find(infoPlistPath: "/tmp/c/Info.plist", fileSystem: second)
        #expect(set.tables.isEmpty, "\(set.tables.map(\.path))")
        #expect(!second.listed.contains { $0 == "/tmp/a" || $0 == "/tmp/b" }, "\(second.listed)")
        // The disk's shared folders: /, /tmp, and this user's home.
        let disk = DiskProjectFileSystem()
        #expect(disk.isSharedFolder("/") && disk.isSharedFolder("/tmp"))
        if let home = ProcessInfo.processInfo.environment["HOME"], home.count > 1 { #expect(disk.isSharedFolder(home)) }
        #expect(!disk.isSharedFolder("/tmp/a"))
    }
}

extension LocalizationFinderTests {
    /// A project file named in another case is found by listing only the folder where its name is
    /// not: never `/` or the folders above it.
    @Test func aFileInAnotherCaseIsFoundListingOnlyWhereItsNameIsNot() {
        let files = ["/w/App/Configs/Base.xcconfig": "A = 1", "/w/App/Other/x": ""]
        let recorder = ListingRecorder(MemoryFileSystem(files: files))
        let loader = ProjectLoader(fileSystem: recorder)
        #expect(loader.read("/w/App/Configs/base.XCCONFIG")?.path == "/w/App/Configs/Base.xcconfig")
        #expect(recorder.listed == ["/w/App/Configs"], "\(recorder.listed)")
        let again = ListingRecorder(MemoryFileSystem(files: files))
        #expect(ProjectLoader(fileSystem: again).read("/w/app/configs/Base.xcconfig")?.path == "/w/App/Configs/Base.xcconfig")
        #expect(again.listed == ["/w", "/w/App", "/w/App/Configs"], "\(again.listed)")
        let missing = ListingRecorder(MemoryFileSystem(files: files))
        #expect(ProjectLoader(fileSystem: missing).read("/w/App/Configs/Pods.xcconfig") == nil)
        #expect(missing.listed == ["/w/App/Configs"], "\(missing.listed)")
    }
}

/// A file system that records which folders were listed; `shared` are its shared folders.
final class ListingRecorder: ProjectFileSystem, @unchecked Sendable {
    let base: MemoryFileSystem
    let shared: Set<String>
    private let lock = NSLock()
    private var folders: [String] = []
    init(_ base: MemoryFileSystem, shared: Set<String> = ["/"]) {
        self.base = base
        self.shared = shared
    }
    func isSharedFolder(_ path: String) -> Bool { shared.contains(path) }
    /// As a `stat` answers: not a listing.
    func isDirectory(_ path: String) -> Bool { base.entries(of: path) != nil }
    var listed: [String] { lock.withLock { folders } }
    func contents(of path: String) -> [UInt8]? { base.contents(of: path) }
    func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        lock.withLock { folders.append(directory) }
        return base.entries(of: directory)
    }
}
