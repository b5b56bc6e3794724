// Which files belong to which target, and which projects a workspace holds: Xcode 16's
// synchronized folders on the real projects that use them, workspaces' file references, Swift
// package targets and XcodeGen's `include:`.
import Foundation
import PlistTestSupport
import Testing
import XcodeProject

@Suite struct WorkspaceStructureTests {
    private func project(_ name: String, _ file: String) -> XcodeProjectModel {
        ProjectLoader(fileSystem: DiskProjectFileSystem()).load(
            SharedData.projectsDirectory.appendingPathComponent(name).appendingPathComponent(file).path)
    }

    /// NetNewsWire (Xcode 16): the iOS app synchronizes iOS/ and Shared/ but not the share
    /// extension's files; the share extension takes AppDefaults.swift from iOS/ by an exception.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func synchronizedFoldersAndTheirExceptionsOnNetNewsWire() throws {
        let model = project("Ranchero-Software__NetNewsWire", "NetNewsWire.xcodeproj/project.pbxproj")
        let root = SharedData.projectsDirectory.appendingPathComponent("Ranchero-Software__NetNewsWire").path
        let ios = try #require(model.targets.first { $0.name == "NetNewsWire-iOS" }?.membership)
        #expect(Set(ios.folders) == [root + "/iOS", root + "/Shared"])
        #expect(ios.contains(root + "/iOS/Resources/PrivacyInfo.xcprivacy"))
        #expect(ios.contains(root + "/Shared/Timeline/Anything.swift"))
        #expect(!ios.contains(root + "/iOS/ShareExtension/ShareViewController.swift"))
        #expect(!ios.contains(root + "/Mac/AppDelegate.swift"))
        let share = try #require(model.targets.first { $0.name == "NetNewsWire iOS Share Extension" }?.membership)
        #expect(share.contains(root + "/iOS/AppDefaults.swift"))
        #expect(share.contains(root + "/iOS/ShareExtension/ShareViewController.swift"))
        #expect(!share.contains(root + "/iOS/SceneDelegate.swift"))
        let mac = try #require(model.targets.first { $0.name == "NetNewsWire" }?.membership)
        #expect(mac.contains(root + "/Mac/AppDelegate.swift") && mac.contains(root + "/Shared/X.swift"))
        // A project without synchronized folders says nothing of membership.
        #expect(project("insidegui__VirtualBuddy", "VirtualBuddy.xcodeproj/project.pbxproj").targets.allSatisfy { $0.membership == nil })

        let index = ProjectIndex(projects: [model], fileSystem: DiskProjectFileSystem())
        let manifest = root + "/iOS/Resources/PrivacyInfo.xcprivacy"
        #expect(index.targets(forPlistAt: manifest).map(\.target.name) == ["NetNewsWire-iOS"])
        let scope = try #require(index.sourceScope(forPlistAt: manifest))
        #expect(scope.contains(root + "/Shared/Uptime.swift") && !scope.contains(root + "/Mac/Storage.swift"))
    }

    /// Every real project with synchronized folders gives each target that has them a membership
    /// holding those folders.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func everySynchronizedProjectGivesItsTargetsTheirFolders() throws {
        for (name, file) in [
            ("yattee__yattee", "Yattee.xcodeproj"), ("maximgorbatyuk__slothy-terminal", "SlothyTerminal.xcodeproj"),
            ("insidegui__WWDC", "WWDC.xcodeproj"), ("lichess-org__mobile", "ios/Runner.xcodeproj"),
        ] {
            let model = project(name, file + "/project.pbxproj")
            let withFolders = model.targets.filter { $0.membership.map { !$0.folders.isEmpty } ?? false }
            #expect(!withFolders.isEmpty, "\(name): \(model.targets.map(\.name))")
        }
        let yattee = project("yattee__yattee", "Yattee.xcodeproj/project.pbxproj")
        let root = SharedData.projectsDirectory.appendingPathComponent("yattee__yattee").path
        let app = try #require(yattee.targets.first { $0.name == "Yattee" }?.membership)
        #expect(app.folders == [root + "/Yattee"])
        #expect(!app.contains(root + "/Yattee/Info.plist"))  // an exception: the Info.plist is not a resource
        #expect(app.contains(root + "/Yattee/PrivacyInfo.xcprivacy"))
    }

    @Test func aWorkspaceNamesItsProjectsThroughGroups() {
        let files = [
            "/w/App.xcworkspace/contents.xcworkspacedata": """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App.xcodeproj"></FileRef>
               <Group location = "container:Pods" name = "Pods">
                  <FileRef location = "group:Pods.xcodeproj"/>
                  <Group location = "group:Deep">
                     <FileRef location = 'group:Lib &amp; Co.xcodeproj'/>
                  </Group>
               </Group>
               <FileRef location = "absolute:/elsewhere/Other.xcodeproj"/>
               <FileRef location = "group:Missing.xcodeproj"/>
            </Workspace>
            """,
            "/w/App.xcodeproj/project.pbxproj": "{}",
            "/w/Pods/Pods.xcodeproj/project.pbxproj": "{}",
            "/w/Pods/Deep/Lib & Co.xcodeproj/project.pbxproj": "{}",
            "/elsewhere/Other.xcodeproj/project.pbxproj": "{}",
        ]
        let found = ProjectLoader(fileSystem: MemoryFileSystem(files: files)).discover(in: "/w")
        // Pods/ is a folder the search skips: its projects are found through the workspace only.
        #expect(
            found == [
                "/w/App.xcodeproj/project.pbxproj", "/w/Pods/Pods.xcodeproj/project.pbxproj",
                "/w/Pods/Deep/Lib & Co.xcodeproj/project.pbxproj", "/elsewhere/Other.xcodeproj/project.pbxproj",
            ])
    }

    @Test func aPackageGivesEachTargetItsFolder() throws {
        let files = [
            "/p/Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            /* .target(name: "Commented") */
            let package = Package(name: "P", products: [.library(name: "P", targets: ["A"])],
                dependencies: [.package(url: "https://example.com/x.git", from: "1.0.0")],
                targets: [
                    .target(name: "A", dependencies: [.product(name: "X", package: "x")], exclude: ["Old"],
                            resources: [.process("Resources", localization: .default), .copy("PrivacyInfo.xcprivacy")]),
                    .executableTarget(name: "Tool", path: "Tools/tool"),
                    .testTarget(name: "ATests", dependencies: ["A"]),
                    .binaryTarget(name: "Bin", path: "Bin.xcframework"),
                ])
            """,
            "/p/Sources/A/A.swift": "",
        ]
        let model = ProjectLoader(fileSystem: MemoryFileSystem(files: files)).load("/p/Package.swift")
        #expect(model.targets.map(\.name) == ["A", "Tool", "ATests"])
        let a = try #require(model.targets.first?.membership)
        #expect(a.folders == ["/p/Sources/A"] && a.excluded == ["/p/Sources/A/Old"])
        #expect(a.contains("/p/Sources/A/Resources/PrivacyInfo.xcprivacy") && !a.contains("/p/Sources/A/Old/x.swift"))
        #expect(model.targets[1].membership?.folders == ["/p/Tools/tool"])
        #expect(model.targets[2].membership?.folders == ["/p/Tests/ATests"])
        #expect(ProjectLoader(fileSystem: MemoryFileSystem(files: files)).discover(in: "/p") == ["/p/Package.swift"])
    }

    @Test func anXcodeGenIncludeAddsTargetsAndSettings() throws {
        let files = [
            "/x/project.yml": """
            name: App
            include:
              - path: shared/base.yml
            settings:
              MARKETING_VERSION: "2.0"
            targets:
              App:
                type: application
                platform: iOS
                info:
                  path: App/Info.plist
            """,
            "/x/shared/base.yml": """
            include: more.yml
            settings:
              MARKETING_VERSION: "1.0"
              BASE_ONLY: "1"
            targets:
              Widget:
                type: app-extension
                platform: iOS
                info:
                  path: Widget/Info.plist
              App:
                settings:
                  FROM_BASE: "1"
            """,
            "/x/shared/more.yml": "include: base.yml\nsettings:\n  DEEPEST: \"1\"\n",
        ]
        let loader = ProjectLoader(fileSystem: MemoryFileSystem(files: files))
        let models = loader.loadAll(in: "/x")
        #expect(models.count == 1)
        let model = try #require(models.first)
        #expect(model.targets.map(\.name) == ["Widget", "App"])
        let widget = ResolvedBuildSettings(project: model, target: model.targets[0], configuration: model.targets[0].configurations[0])
        #expect(widget.value("INFOPLIST_FILE") == "/x/shared/Widget/Info.plist")
        let app = ResolvedBuildSettings(project: model, target: model.targets[1], configuration: model.targets[1].configurations[0])
        #expect(app.value("MARKETING_VERSION") == "2.0")
        #expect(app.value("BASE_ONLY") == "1" && app.value("DEEPEST") == "1" && app.value("FROM_BASE") == "1")
        #expect(model.targets[0].productType == .appExtension && app.value("INFOPLIST_FILE") == "App/Info.plist")
        #expect(model.files.contains("/x/shared/more.yml"))
    }
}
