// Checkouts as people have them (issue #38): what a configuration cannot read is known per
// configuration, and the search for a file's project lists the folders above it, not the
// repository (counted, never timed).
import Foundation
import Testing
@testable import XcodeProject

/// A file system that counts the folders listed.
final class CountingFileSystem: ProjectFileSystem, @unchecked Sendable {
    let base: MemoryFileSystem
    private let lock = NSLock()
    private var listed: [String] = []

    init(_ base: MemoryFileSystem) { self.base = base }

    var listings: [String] { lock.withLock { listed } }

    func contents(of path: String) -> [UInt8]? { base.contents(of: path) }

    func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        lock.withLock { listed.append(directory) }
        return base.entries(of: directory)
    }
}

@Suite struct CheckoutEvidenceTests {
    /// IceCubesApp's layout: the project's Debug configuration is based on a git-ignored
    /// IceCubesApp.xcconfig, its Release one on IceCubesApp-release.xcconfig, which defines
    /// BUNDLE_ID_PREFIX; the target's shared .xcconfig includes a file that is gone.
    static let iceCubes: [String: String] = [
        "/r/App.xcodeproj/project.pbxproj": """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tG0 = {isa = PBXGroup; children = (F1, F2, F3); sourceTree = "<group>"; };
        \t\tF1 = {isa = PBXFileReference; path = IceCubesApp.xcconfig; sourceTree = "<group>"; };
        \t\tF2 = {isa = PBXFileReference; path = "IceCubesApp-release.xcconfig"; sourceTree = "<group>"; };
        \t\tF3 = {isa = PBXFileReference; path = Shared.xcconfig; sourceTree = "<group>"; };
        \t\tP0 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; projectDirPath = ""; targets = (T1); };
        \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0D, C0R); };
        \t\tC0D = {isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = {}; name = Debug; };
        \t\tC0R = {isa = XCBuildConfiguration; baseConfigurationReference = F2; buildSettings = {}; name = Release; };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = IceCubesApp; productType = "com.apple.product-type.application"; };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1D, C1R); };
        \t\tC1D = {isa = XCBuildConfiguration; baseConfigurationReference = F3; buildSettings = { INFOPLIST_FILE = App/Info.plist; }; name = Debug; };
        \t\tC1R = {isa = XCBuildConfiguration; baseConfigurationReference = F3; buildSettings = { INFOPLIST_FILE = App/Info.plist; }; name = Release; };
        \t};
        \trootObject = P0;
        }
        """,
        "/r/IceCubesApp-release.xcconfig": "BUNDLE_ID_PREFIX = com.example\n",
        "/r/Shared.xcconfig": "#include \"Gone.xcconfig\"\n#include? \"Local.xcconfig\"\nSWIFT_VERSION = 5.0\n",
        "/r/App/Info.plist": "<plist version=\"1.0\"><dict/></plist>\n",
    ]

    @Test func eachConfigurationKnowsTheFilesItCannotRead() throws {
        let model = ProjectLoader(fileSystem: MemoryFileSystem(files: Self.iceCubes)).load("/r/App.xcodeproj/project.pbxproj")
        let target = try #require(model.targets.first)
        let debug = try #require(target.configurations.first { $0.name == "Debug" })
        let release = try #require(target.configurations.first { $0.name == "Release" })
        // Shared.xcconfig is read once and its missing include counts for both; the absent
        // optional Local.xcconfig for neither.
        #expect(debug.unreadFiles == ["/r/IceCubesApp.xcconfig", "/r/Gone.xcconfig"])
        #expect(release.unreadFiles == ["/r/Gone.xcconfig"])
        #expect(debug.unreadLevel == .targetConfigFile)
        let settings = ResolvedBuildSettings(project: model, target: target, configuration: release)
        #expect(settings.value("BUNDLE_ID_PREFIX") == "com.example")
        // INFOPLIST_FILE is set in the target's settings, above every .xcconfig: no unread file changes it.
        #expect(!settings.mayBeSetByUnreadFiles("INFOPLIST_FILE"))
        #expect(settings.mayBeSetByUnreadFiles("CODE_SIGN_ENTITLEMENTS"))
    }

    /// The plist's project is found by listing the folders from the plist up to the repository
    /// root (and, for a plist none of those projects uses, their subfolders one level down, at
    /// most 256 of them): 3,000 unrelated folders are never listed.
    @Test func theProjectSearchFromAFileListsOnlyTheFoldersAroundIt() throws {
        var files = Self.iceCubes.filter { !$0.key.hasPrefix("/r/App/") }
        files["/r/.git/HEAD"] = "ref: refs/heads/main\n"
        files["/r/Sources/App/Info.plist"] = "<plist version=\"1.0\"><dict/></plist>\n"
        for a in 0..<30 { for b in 0..<100 { files["/r/data/p\(a)/m\(b)/f.txt"] = "x" } }
        let disk = CountingFileSystem(MemoryFileSystem(files: files))
        let loader = ProjectLoader(fileSystem: disk)
        let near = loader.discover(near: "/r/Sources/App/Info.plist", upTo: "/r")
        #expect(near == ["/r/App.xcodeproj/project.pbxproj"])
        // The three folders above the file, and the .xcodeproj to see its project.pbxproj.
        #expect(Set(disk.listings) == ["/r/Sources/App", "/r/Sources", "/r", "/r/App.xcodeproj"], "\(disk.listings)")
        // One level below: the folders beside the path up (here .git is hidden, and data, App.xcodeproj…).
        let before = disk.listings.count
        _ = loader.discover(around: "/r/Sources/App/Info.plist", upTo: "/r")
        let around = disk.listings.dropFirst(before)
        #expect(around.count <= ProjectLoader.maximumNearbyFolders + 8, "\(around.count)")
        #expect(!around.contains { $0.hasPrefix("/r/data/") }, "\(around.filter { $0.hasPrefix("/r/data/") }.prefix(3))")
        // What the whole-repository search would list, for contrast.
        let full = CountingFileSystem(MemoryFileSystem(files: files))
        _ = ProjectLoader(fileSystem: full).discover(in: "/r")
        #expect(full.listings.count > 3000)
    }

    /// HexFiend's layout: the project sits in app/, its framework's Info.plist in framework/: not
    /// above the plist, but one folder below one that is.
    @Test func aProjectBesideThePlistsFolderIsFoundOneLevelDown() {
        var files = Self.iceCubes.filter { !$0.key.hasPrefix("/r/App") }
        files["/r/app/HexFiend.xcodeproj/project.pbxproj"] = Self.iceCubes["/r/App.xcodeproj/project.pbxproj"]
        files["/r/framework/Info.plist"] = "<plist version=\"1.0\"><dict/></plist>\n"
        let loader = ProjectLoader(fileSystem: MemoryFileSystem(files: files))
        #expect(loader.discover(near: "/r/framework/Info.plist", upTo: "/r").isEmpty)
        #expect(loader.discover(around: "/r/framework/Info.plist", upTo: "/r") == ["/r/app/HexFiend.xcodeproj/project.pbxproj"])
    }
}
