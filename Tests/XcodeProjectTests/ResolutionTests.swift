// The project model and Xcode's resolution order on projects written for the tests: levels,
// $(inherited), conditions, includes (optional, case, project folder), modifiers, XcodeGen.
import PlistTestSupport
import Testing
import XcodeProject

@Suite struct ResolutionTests {
    func settings(
        _ files: [String: String], project: String = "/p/App.xcodeproj/project.pbxproj", target: String = "App",
        configuration: String = "Debug"
    ) throws -> ResolvedBuildSettings {
        let model = ProjectLoader(fileSystem: MemoryFileSystem(files: files)).load(project)
        let t = try #require(model.targets.first { $0.name == target })
        let c = try #require(t.configurations.first { $0.name == configuration })
        return ResolvedBuildSettings(project: model, target: t, configuration: c)
    }

    var fixture: [String: String] {
        Dictionary(uniqueKeysWithValues: ProjectFixture.files.map { ("/p/" + $0.key, $0.value) })
    }

    @Test func levelsIncludesAndConditionsResolveInXcodesOrder() throws {
        let debug = try settings(fixture)
        #expect(debug.value("APP_VERSION") == "1.2")
        #expect(debug.setting("APP_VERSION")?.level == .targetConfigFile)
        #expect(debug.setting("APP_VERSION")?.assignment?.location?.path == "/p/Config/Version.xcconfig")
        #expect(debug.value("SWIFT_VERSION") == "5.0")
        #expect(debug.setting("SWIFT_VERSION")?.level == .projectConfigFile)
        #expect(debug.value("IPHONEOS_DEPLOYMENT_TARGET") == "15.0")
        #expect(debug.value("PRODUCT_NAME") == "App")
        #expect(debug.value("PRODUCT_MODULE_NAME") == "App")
        #expect(debug.value("SRCROOT") == "/p")
        #expect(try settings(fixture, configuration: "Release").value("APP_VERSION") == "2.0")
        #expect(debug.setting("BUILD_NUMBER") == nil)
    }

    @Test func inheritedModifiersAndNestedReferences() throws {
        var files = fixture
        files["/p/Config/Project.xcconfig"] = "FLAGS = -a\nNAME = My App\nSUFFIX_Debug = .dev\n"
        files["/p/Config/App.xcconfig"] =
            "FLAGS = $(inherited) -b\nBUNDLE = com.example.$(NAME:rfc1034identifier:lower)$(SUFFIX_$(CONFIGURATION))\nLOOP = $(LOOP) x\n"
        let debug = try settings(files)
        #expect(debug.value("FLAGS") == "-a -b")
        #expect(debug.value("BUNDLE") == "com.example.my-app.dev")
        #expect(debug.value("LOOP").hasSuffix("x"))  // a cycle ends, it does not hang
        #expect(debug.expand("$(NAME:c99extidentifier) ${UNSET:default=none} $(MISSING)") == ("My_App none ", ["MISSING"]))
    }

    /// A base .xcconfig the project names but does not contain (a developer's local file): where
    /// the project names it, for the note of the undefined-variable warning.
    @Test func aMissingBaseConfigurationIsPlacedWhereTheProjectNamesIt() throws {
        var files = fixture
        let missing = try #require(files.keys.first { $0.hasSuffix("/App.xcconfig") })
        files[missing] = nil
        let project = "/p/App.xcodeproj/project.pbxproj"
        let model = ProjectLoader(fileSystem: MemoryFileSystem(files: files)).load(project)
        #expect(model.missingFiles.contains(missing))
        let site = try #require(model.missingFileSites[missing])
        #expect(site.path == project)
        let line = files[project]!.split(separator: "\n", omittingEmptySubsequences: false)[site.line]
        #expect(line.contains("baseConfigurationReference = F1"), "\(line)")
    }

    @Test func includesAreFoundLooselyAndMissingOnesAreReported() throws {
        var files = fixture
        files["/p/Config/App.xcconfig"] =
            "#include \"version.XCCONFIG\"\n#include \"Config/Project.xcconfig\"\n#include \"Gone.xcconfig\"\n#include? \"Optional.xcconfig\"\n"
        let model = ProjectLoader(fileSystem: MemoryFileSystem(files: files)).load("/p/App.xcodeproj/project.pbxproj")
        #expect(model.missingFiles == ["/p/Config/Gone.xcconfig"])
        // Where it is included, for the note of the undefined-variable warning.
        let site = try #require(model.missingFileSites["/p/Config/Gone.xcconfig"])
        #expect(site.path == "/p/Config/App.xcconfig" && site.line == 2 && site.column == 0)
        #expect(model.problems.contains { $0.hasPrefix("/p/Config/App.xcconfig:3: the included '/p/Config/Gone.xcconfig' cannot be read") })
        #expect(!model.problems.contains { $0.contains("Optional") })
        #expect(model.files.contains("/p/Config/Version.xcconfig"))
        let debug = try settings(files)
        #expect(debug.value("APP_VERSION") == "1.2")
        #expect(debug.value("SWIFT_VERSION") == "5.0")
    }

    @Test func theIndexFindsEachPlistsTargetsAndItsKeys() throws {
        let fs = MemoryFileSystem(files: fixture)
        let index = ProjectIndex(projects: ProjectLoader(fileSystem: fs).loadAll(in: "/p"), fileSystem: fs)
        #expect(index.plists.map(\.path) == ["/p/App/App.entitlements", "/p/App/Info.plist", "/p/Widget/Info.plist"])
        let app = try #require(index.input(forPlistAt: "/p/App/info.plist"))
        #expect(app.role == .infoPlist && app.targetNames == "App" && app.primary.configurationNames == ["Debug", "Release"])
        #expect(app.externalKeys["NSCameraUsageDescription"]?.value == "Scan receipts")
        #expect(app.preprocessorDefinitions == ["BETA": "1"])
        #expect(app.companion?.keys["com.apple.developer.healthkit"]?.values == ["true"])
        #expect(app.deploymentTarget?.version == "15.0")
        let entitlements = try #require(index.input(forPlistAt: "/p/App/App.entitlements"))
        #expect(entitlements.companion?.keys["NSCameraUsageDescription"] != nil)
        #expect(entitlements.companion?.keys["UIBackgroundModes"]?.values == ["remote-notification"])
        #expect(index.input(forPlistAt: "/p/Other/Info.plist") == nil)
        #expect(
            ProjectIndex.infoPlistKey(forSetting: "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad")
                == "UISupportedInterfaceOrientations~ipad")
    }

    @Test func anXcodeGenSpecGivesTargetsSettingsAndProperties() throws {
        let files = [
            "/g/project.yml": """
            name: Demo
            options:
              deploymentTarget:
                iOS: "16.0"
            configs:
              Debug: debug
              Release: release
            settings:
              base:
                GENERATE_INFOPLIST_FILE: YES
              configs:
                release:
                  APP_FLAVOR: store
            targetTemplates:
              Base:
                settings:
                  base:
                    INFOPLIST_KEY_NSCameraUsageDescription: "Scan"
            targets:
              Demo:
                type: application
                platform: iOS
                templates: [Base]
                configFiles:
                  Debug: Configs/Debug.xcconfig
                info:
                  path: Demo/Info.plist
                  properties:
                    NSMicrophoneUsageDescription: Record notes
                entitlements:
                  path: Demo/Demo.entitlements
                  properties:
                    aps-environment: development
            """,
            "/g/Configs/Debug.xcconfig": "APP_FLAVOR = dev\n",
            "/g/Demo/Info.plist": "<plist version=\"1.0\"><dict/></plist>",
        ]
        let fs = MemoryFileSystem(files: files)
        let loader = ProjectLoader(fileSystem: fs)
        #expect(loader.discover(in: "/g") == ["/g/project.yml"])
        let index = ProjectIndex(projects: loader.loadAll(in: "/g"), fileSystem: fs)
        let info = try #require(index.input(forPlistAt: "/g/Demo/Info.plist"))
        #expect(info.productType == .application)
        #expect(info.settings.value("APP_FLAVOR") == "dev")
        #expect(info.primary.settings[1].value("APP_FLAVOR") == "store")
        #expect(info.deploymentTarget?.version == "16.0")
        #expect(info.externalKeys["NSCameraUsageDescription"]?.source == "INFOPLIST_KEY_NSCameraUsageDescription")
        #expect(info.externalKeys["NSMicrophoneUsageDescription"]?.location?.line == 28)
        #expect(info.companion?.keys["aps-environment"] != nil)
    }
}
