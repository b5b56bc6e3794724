// `plist-lsp check` reading the project's sources: the privacy rules' findings with their call
// sites printed as notes, from `--sources DIR` or the nearest project root, and switched off.
import Foundation
import Testing
import PlistTestSupport

@Suite struct CheckSourcesTests {
    let manifest = "<plist version=\"1.0\">\n<dict>\n\t<key>NSPrivacyTracking</key>\n\t<false/>\n</dict>\n</plist>\n"
    let infoPlist =
        "<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app</string>\n</dict>\n</plist>\n"

    @Test func theSourcesFolderIsScanned() async throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Resources/PrivacyInfo.xcprivacy", manifest)
        let store = try dir.write("src/Store.m", "// NSUserDefaults here is a comment\nid d = [NSUserDefaults standardUserDefaults];\n")
        let sources = dir.url.appendingPathComponent("src").path
        let (text, json, sarif) = try await onOwnThread {
            (
                try Binary.run(["check", "--sources", sources, file.path]),
                try Binary.run(["check", "--format", "json", "--sources", sources, file.path]),
                try Binary.run(["check", "--format", "sarif", "--sources", sources, file.path])
            )
        }
        #expect(text.status == 0)
        #expect(
            text.stdout.split(separator: "\n").map(String.init) == [
                "\(file.path):2:1: warning: ITMS-91053: the app's code uses user defaults APIs (NSUserDefaults at Store.m:2:9), but NSPrivacyAccessedAPITypes does not declare NSPrivacyAccessedAPICategoryUserDefaults [privacy-missing-api-declaration]",
                "\(store.path):2:9: note: NSUserDefaults: user defaults (required-reason API)",
            ])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let problem = ((object?["files"] as? [[String: Any]])?.first?["problems"] as? [[String: Any]])?.first
        let related = (problem?["related"] as? [[String: Any]])?.first
        #expect(related?["path"] as? String == store.path)
        #expect(related?["line"] as? Int == 2 && related?["column"] as? Int == 9 && related?["endColumn"] as? Int == 23)
        // SARIF: the call site is the result's related location (an id, a message, a place).
        let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
        let result = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first
        let site = try #require((result?["relatedLocations"] as? [[String: Any]])?.first)
        #expect(site["id"] as? Int == 1)
        #expect((site["message"] as? [String: Any])?["text"] as? String == "NSUserDefaults: user defaults (required-reason API)")
        let place = site["physicalLocation"] as? [String: Any]
        #expect((place?["artifactLocation"] as? [String: Any])?["uri"] as? String == "file://" + store.path)
        let region = place?["region"] as? [String: Any]
        #expect(region?["startLine"] as? Int == 2 && region?["startColumn"] as? Int == 9 && region?["endColumn"] as? Int == 23)
        // The result's own location has neither.
        let own = (result?["locations"] as? [[String: Any]])?.first
        #expect(own != nil && own?["id"] == nil && own?["message"] == nil)
    }

    @Test func theDefaultIsTheNearestProjectRoot() async throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write("MyApp.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n")
        _ = try dir.write("MyApp/Info.plist", infoPlist)
        _ = try dir.write("MyApp/Scanner.swift", "AVCaptureDevice.requestAccess(for: .video) { _ in }\n")
        _ = try dir.write("MyAppTests/LocationTests.swift", "manager.requestWhenInUseAuthorization()\n")
        _ = try dir.write("Pods/Maps/Locator.m", "[self.manager requestAlwaysAuthorization];\n")
        let root = dir.url
        let (found, off) = try await onOwnThread {
            (
                try Binary.run(["check", "MyApp/Info.plist"], in: root),
                try Binary.run(["check", "--no-source-evidence", "MyApp/Info.plist"], in: root)
            )
        }
        #expect(found.status == 0)
        #expect(
            found.stdout.split(separator: "\n").map(String.init) == [
                "MyApp/Info.plist:2:1: warning: ITMS-90683: the app's code uses the camera (requestAccess at MyApp/Scanner.swift:1:17), but 'NSCameraUsageDescription' is missing [privacy-missing-purpose-string]",
                "MyApp/Scanner.swift:1:17: note: requestAccess: needs 'NSCameraUsageDescription'",
                "MyApp/Info.plist:2:1: note: ITMS-90683: third-party code uses your location in the background (requestAlwaysAuthorization at Pods/Maps/Locator.m:1:15); the app needs 'NSLocationAlwaysAndWhenInUseUsageDescription' if that code can run, and App Store Connect may ask for it either way [privacy-missing-purpose-string]",
                "Pods/Maps/Locator.m:1:15: note: requestAlwaysAuthorization: needs 'NSLocationAlwaysAndWhenInUseUsageDescription' (third-party code)",
                "MyApp/Info.plist:2:1: note: ITMS-90683: third-party code uses your location (requestAlwaysAuthorization at Pods/Maps/Locator.m:1:15); the app needs 'NSLocationWhenInUseUsageDescription' if that code can run, and App Store Connect may ask for it either way [privacy-missing-purpose-string]",
                "Pods/Maps/Locator.m:1:15: note: requestAlwaysAuthorization: needs 'NSLocationWhenInUseUsageDescription' (third-party code)",
            ])
        #expect(off.status == 0 && off.stdout.isEmpty)
    }

    /// Issue #33: a Swift package's target holds its folder but the folders of the targets inside
    /// it: each target's privacy manifest hears of its own code only.
    @Test func aPackageTargetsManifestHearsOfItsOwnCode() async throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [
                .target(name: "Core", path: "Sources/Core", exclude: ["UI"], resources: [.process("PrivacyInfo.xcprivacy")]),
                .target(name: "CoreUI", path: "Sources/Core/UI"),
            ])
            """)
        _ = try dir.write("Sources/Core/PrivacyInfo.xcprivacy", manifest)
        _ = try dir.write("Sources/Core/Settings.swift", "let name = UserDefaults.standard.string(forKey: \"name\")\n")
        _ = try dir.write("Sources/Core/UI/Clock.swift", "let t = mach_absolute_time()\n")
        let root = dir.url
        let r = try await onOwnThread { try Binary.run(["check", "Sources/Core/PrivacyInfo.xcprivacy"], in: root) }
        #expect(r.status == 0)
        #expect(
            r.stdout.split(separator: "\n").map(String.init) == [
                "Sources/Core/PrivacyInfo.xcprivacy:2:1: warning: ITMS-91053: the app's code uses user defaults APIs (UserDefaults at Sources/Core/Settings.swift:1:12), but NSPrivacyAccessedAPITypes does not declare NSPrivacyAccessedAPICategoryUserDefaults [privacy-missing-api-declaration]",
                "Sources/Core/Settings.swift:1:12: note: UserDefaults: user defaults (required-reason API)",
            ])
    }

    @Test func sourcesMustBeAFolder() async throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", infoPlist)
        let r = try await onOwnThread { try Binary.run(["check", "--sources", file.path, file.path]) }
        #expect(r.status == 2)
        #expect(r.stderr.contains("--sources"))
    }
}
