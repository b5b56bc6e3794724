// `plist-lsp check` with Xcode projects: `--project` on the project written for the tests and on
// every real project of ../shared/projects, discovery without it, `--no-project`, and OpenStep
// plists checked like XML.
import Foundation
import PlistTestSupport
import Testing

@Suite struct CheckProjectTests {
    @Test func checkProjectChecksEveryPlistTheTargetsUseWithTheirSettings() async throws {
        let folder = try ProjectFixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try await onOwnThread { try Binary.run(["check", "--project", folder.path]) }
        let app = folder.appendingPathComponent("App/Info.plist").path
        let widget = folder.appendingPathComponent("Widget/Info.plist").path
        let entitlements = folder.appendingPathComponent("App/App.entitlements").path
        #expect(r.stdout.contains("\(app):7:12: warning: 'BUILD_NUMBER' is not defined by any configuration of App"), "\(r.stdout)")
        #expect(
            r.stdout.contains("\(app):16:3: warning: The background mode 'remote-notification' needs the 'aps-environment' entitlement"))
        #expect(r.stdout.contains("\(widget):3:1: warning: Widget is an app extension"))
        #expect(r.stdout.contains("\(entitlements):4:7: warning: 'com.apple.developer.healthkit' needs 'NSHealthShareUsageDescription'"))
        #expect(!r.stdout.contains("privacy-missing-usage-description"))
        #expect(r.status == 0)
    }

    /// #33: `--project` names an .xcworkspace whose project sits in Pods/ (a folder the search for
    /// projects skips): the workspace's project is read and its plists checked with its settings.
    @Test func checkProjectReadsTheProjectsAWorkspaceNames() async throws {
        let folder = try ProjectFixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outer = folder.deletingLastPathComponent().appendingPathComponent("plist-lsp-ws-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outer.appendingPathComponent("Pods"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outer) }
        try FileManager.default.moveItem(at: folder, to: outer.appendingPathComponent("Pods/Fixture"))
        let workspace = outer.appendingPathComponent("App.xcworkspace")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try Data(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace version = \"1.0\">\n   <FileRef location = \"group:Pods/Fixture/App.xcodeproj\"></FileRef>\n</Workspace>\n"
                .utf8
        )
        .write(to: workspace.appendingPathComponent("contents.xcworkspacedata"))
        let (viaWorkspace, viaFolder) = try await onOwnThread {
            (try Binary.run(["check", "--project", workspace.path]), try Binary.run(["check", "--project", outer.path]))
        }
        let app = outer.appendingPathComponent("Pods/Fixture/App/Info.plist").path
        #expect(
            viaWorkspace.stdout.contains("\(app):7:12: warning: 'BUILD_NUMBER' is not defined by any configuration of App"),
            "\(viaWorkspace.stdout)")
        // The folder holding the workspace finds it too.
        #expect(viaFolder.stdout.contains("\(app):7:12: warning: 'BUILD_NUMBER' is not defined"), "\(viaFolder.stdout)")
    }

    /// #30: an IP address in NSExceptionDomains is read since iOS 17 and macOS 14. The fixture's
    /// target supports iOS 15.0, so the file gets a note that older systems ignore it; with
    /// `--no-project` (what the plist alone says) nothing.
    @Test func anIPExceptionDomainIsANoteForATargetThatSupportsOlderSystems() async throws {
        let folder = try ProjectFixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("App/Info.plist")
        let ats =
            "\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSExceptionDomains</key>\n\t\t<dict>\n\t\t\t<key>192.168.1.10</key>\n\t\t\t<dict>\n\t\t\t\t<key>NSExceptionAllowsInsecureHTTPLoads</key>\n\t\t\t\t<true/>\n\t\t\t</dict>\n\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n"
        try ProjectFixture.appInfoPlist.replacingOccurrences(of: "</dict>\n</plist>\n", with: ats).write(
            to: app, atomically: true, encoding: .utf8)
        let withProject = try await onOwnThread { try Binary.run(["check", "--project", folder.path]) }
        #expect(
            withProject.stdout.contains(
                "note: Exception domain '192.168.1.10' is an IP address, which iOS before 17 ignores; this target supports iOS 15.0 (IPHONEOS_DEPLOYMENT_TARGET) [ats-exception-domain-ip]"
            ), "\(withProject.stdout)")
        let alone = try await onOwnThread { try Binary.run(["check", "--no-project", app.path]) }
        #expect(!alone.stdout.contains("ats-exception-domain-ip"), "\(alone.stdout)")
    }

    @Test func withoutTheProjectTheSameFileGetsWhatThePlistAloneSays() async throws {
        let folder = try ProjectFixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("App/Info.plist").path
        // Discovered from the file's project root: the same findings as with --project.
        let found = try await onOwnThread { try Binary.run(["check", app]) }
        #expect(found.stdout.contains("[project-undefined-variable]"))
        #expect(!found.stdout.contains("privacy-missing-usage-description"))
        let alone = try await onOwnThread { try Binary.run(["check", "--no-project", app]) }
        #expect(!alone.stdout.contains("[project-"))
        // No INFOPLIST_KEY_NSCameraUsageDescription, no BETA definition: both warnings come back.
        #expect(
            alone.stdout.contains("\(app):12:3: warning: The device capability 'still-camera' needs 'NSCameraUsageDescription'"),
            "\(alone.stdout)")
        #expect(alone.stdout.contains("needs 'NSLocationWhenInUseUsageDescription'"))
    }

    @Test func anOpenStepPlistIsCheckedLikeXML() async throws {
        let dir = try TemporaryDirectory()
        let good = try dir.write(
            "Info.plist",
            "// An old-style Info.plist\n{\n    CFBundleIdentifier = \"com.example.app\";\n    NSLocationAlwaysAndWhenInUseUsageDescription = \"Track runs.\";\n    UIBackgroundModes = (location);\n}\n"
        )
        let broken = try dir.write("Broken.plist", "{ CFBundleName = Demo\n  CFBundleIdentifier = x; }\n")
        let json = try dir.write("Data.plist", "{\"a\": 1}")
        let r = try await onOwnThread { try Binary.run(["check", good.path, broken.path, json.path]) }
        #expect(
            r.stdout.contains(
                "\(good.path):4:5: warning: 'NSLocationAlwaysAndWhenInUseUsageDescription' needs 'NSLocationWhenInUseUsageDescription', which is missing [privacy-missing-usage-description]"
            ), "\(r.stdout)")
        #expect(r.stdout.contains("\(broken.path):1:22: error: missing ';' after the value of 'CFBundleName' [plist-openstep-syntax]"))
        #expect(r.stdout.contains("\(json.path):1:1: error: JSON property list"))
        #expect(r.status == 1)
    }

    /// Every real project: no crash, no error on its files, and no missing usage description or
    /// purpose string for a key the project sets in its build settings.
    @Test(
        .tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote),
        .enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func everyRealProjectChecksWithoutErrorsOrFalseMissingKeys() async throws {
        let root = SharedData.projectsDirectory
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.contains(".") }.sorted()
        #expect(folders.count >= 21)
        for folder in folders {
            let path = root.appendingPathComponent(folder).path
            let r = try await onOwnThread { try Binary.run(["check", "--project", path, "--format", "json"]) }
            #expect(r.status == 0, "\(folder): status \(r.status)\n\(r.stderr)")
            let log = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            let files = log?["files"] as? [[String: Any]] ?? []
            #expect(!files.isEmpty, "\(folder): no plist checked")
            // The keys the project's files set with INFOPLIST_KEY_*.
            var settingKeys = Set<String>()
            let enumerator = FileManager.default.enumerator(atPath: path)
            while let file = enumerator?.nextObject() as? String {
                guard file.hasSuffix(".pbxproj") || file.hasSuffix(".xcconfig") || file.hasSuffix(".yml") else { continue }
                let text = (try? String(contentsOfFile: path + "/" + file, encoding: .utf8)) ?? ""
                for match in text.matches(of: /INFOPLIST_KEY_([A-Za-z0-9]+)/) { settingKeys.insert(String(match.1)) }
            }
            for file in files {
                for problem in file["problems"] as? [[String: Any]] ?? [] {
                    let code = problem["code"] as? String ?? "", message = problem["message"] as? String ?? ""
                    #expect(problem["severity"] as? String != "error", "\(folder): \(file["path"] ?? ""): \(message)")
                    if code == "privacy-missing-usage-description" || code == "privacy-missing-purpose-string" {
                        #expect(!settingKeys.contains { message.contains("'\($0)'") }, "\(folder): \(message)")
                    }
                }
            }
        }
    }
}
