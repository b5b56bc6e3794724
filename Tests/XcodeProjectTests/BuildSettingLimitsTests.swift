// Build settings written to explode stay bounded: includes that fan out are read once each, a value
// that doubles at every level is cut at `ResolvedBuildSettings.maximumValueLength` and the cut is
// reported, and a deep chain of includes is read as deep as real projects go, a depth limit never
// being called a cycle.
import PlistTestSupport
import Testing
import XcodeProject

@Suite struct BuildSettingLimitsTests {
    var fixture: [String: String] {
        Dictionary(uniqueKeysWithValues: ProjectFixture.files.map { ("/p/" + $0.key, $0.value) })
    }

    /// `h0.xcconfig` … `h<count-1>.xcconfig`, each including the next twice (once with `#include?`)
    /// and setting `W<i> = $(W<i+1>)$(W<i+1>)`; the app's .xcconfig includes `h0`.
    func explosive(_ count: Int) -> [String: String] {
        var files = fixture
        files["/p/Config/App.xcconfig"] = "#include \"h0.xcconfig\"\n"
        for i in 0..<count {
            let next = "h\(i + 1).xcconfig"
            files["/p/Config/h\(i).xcconfig"] =
                i == count - 1
                ? "W\(i) = xy\n"
                : "#include \"\(next)\"\n#include \"\(next)\"\n#include? \"\(next)\"\nW\(i) = $(W\(i + 1))$(W\(i + 1))\n"
        }
        return files
    }

    @Test func fortyIncludesThatDoubleStayBoundedAndTheCutIsReported() async throws {
        let files = explosive(40)
        let (assignments, value, truncated, problems) = try await onOwnThread { () -> (Int, Int, Bool, [String]) in
            let model = ProjectLoader(fileSystem: MemoryFileSystem(files: files)).load("/p/App.xcodeproj/project.pbxproj")
            let target = model.targets.first { $0.name == "App" }!
            let configuration = target.configurations.first { $0.name == "Debug" }!
            let assignments = configuration.layers.reduce(0) { $0 + $1.assignments.count }
            let settings = ResolvedBuildSettings(project: model, target: target, configuration: configuration)
            let w0 = settings.setting("W0")
            let index = ProjectIndex(projects: [model], fileSystem: MemoryFileSystem(files: files))
            return (assignments, w0?.value.utf8.count ?? -1, w0?.isTruncated ?? false, model.problems + index.problems)
        }
        // Each file's assignments once (the last inclusion wins), not 3⁴⁰ copies.
        #expect(assignments < 200)
        #expect(value == ResolvedBuildSettings.maximumValueLength)
        #expect(truncated)
        #expect(problems.contains { $0.contains("W0") && $0.contains("cut") }, "\(problems)")
        #expect(!problems.contains { $0.contains("includes itself") }, "\(problems)")
    }

    @Test func aValueBelowTheLimitIsWhole() throws {
        let files = explosive(10)
        let model = ProjectLoader(fileSystem: MemoryFileSystem(files: files)).load("/p/App.xcodeproj/project.pbxproj")
        let target = try #require(model.targets.first { $0.name == "App" })
        let settings = ResolvedBuildSettings(project: model, target: target, configuration: target.configurations[0])
        #expect(settings.value("W0") == String(repeating: "xy", count: 512))
        #expect(settings.setting("W0")?.isTruncated == false)
    }

    @Test func aLinearChainOfTwentyIsNoCycle() throws {
        var files = fixture
        files["/p/Config/App.xcconfig"] = "#include \"h0.xcconfig\"\n"
        for i in 0..<20 {
            files["/p/Config/h\(i).xcconfig"] = (i < 19 ? "#include \"h\(i + 1).xcconfig\"\n" : "") + "V\(i) = \(i)\n"
        }
        let model = ProjectLoader(fileSystem: MemoryFileSystem(files: files)).load("/p/App.xcodeproj/project.pbxproj")
        #expect(model.problems.isEmpty, "\(model.problems)")
        let target = try #require(model.targets.first { $0.name == "App" })
        let settings = ResolvedBuildSettings(project: model, target: target, configuration: target.configurations[0])
        #expect(settings.value("V19") == "19")
    }

    @Test func aChainDeeperThanTheLimitSaysSoAndARealCycleIsStillACycle() throws {
        var files = fixture
        let depth = ProjectLoader.maximumIncludeDepth + 5
        files["/p/Config/App.xcconfig"] = "#include \"h0.xcconfig\"\n"
        for i in 0..<depth {
            files["/p/Config/h\(i).xcconfig"] = (i < depth - 1 ? "#include \"h\(i + 1).xcconfig\"\n" : "") + "V\(i) = \(i)\n"
        }
        #expect(ProjectLoader.maximumIncludeDepth >= 32)
        let deep = ProjectLoader(fileSystem: MemoryFileSystem(files: files)).load("/p/App.xcodeproj/project.pbxproj")
        #expect(deep.problems.contains { $0.contains("deep") }, "\(deep.problems)")
        #expect(!deep.problems.contains { $0.contains("itself") }, "\(deep.problems)")

        files["/p/Config/h3.xcconfig"] = "#include \"h1.xcconfig\"\n"
        let cycle = ProjectLoader(fileSystem: MemoryFileSystem(files: files)).load("/p/App.xcodeproj/project.pbxproj")
        #expect(cycle.problems.contains { $0.contains("h1.xcconfig' includes itself") }, "\(cycle.problems)")
    }
}
