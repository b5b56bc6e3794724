// Where a fix that adds a key puts it: beside its family, at its alphabetical place in a sorted
// dictionary, never inside another preprocessor branch; in the file's own indentation.
import PlistAnalysis
import PlistSyntax
import Testing
import SourceEvidence

@Suite struct KeyPlacementTests {
    /// The text after the `Add KEY` fix of privacy-missing-usage-description.
    func added(_ text: String, _ key: String, definitions: [String: String]? = nil) throws -> String {
        let findings = Analyzer.findings(for: PlistDocument(text: Array(text.utf8)), path: "Info.plist")
        let fix = try #require(findings.flatMap(\.fixes).first { $0.title == "Add \(key)" }, "no fix adds \(key)")
        return String(decoding: try FixApplication.applying(fix.edits, to: Array(text.utf8)), as: UTF8.self)
    }

    static let entry = "\t<key>NSCameraUsageDescription</key>\n\t<string>TODO: explain why the app uses the camera</string>\n"

    @Test func besideTheOtherUsageDescriptionsInAnUnsortedFile() throws {
        let text =
            "<plist>\n<dict>\n\t<key>UIRequiredDeviceCapabilities</key>\n\t<array><string>still-camera</string></array>\n\t<key>NSBluetoothAlwaysUsageDescription</key>\n\t<string>Pair.</string>\n\t<key>NSMicrophoneUsageDescription</key>\n\t<string>Talk.</string>\n\t<key>CFBundleName</key>\n\t<string>Demo</string>\n</dict>\n</plist>\n"
        #expect(
            try added(text, "NSCameraUsageDescription")
                == text.replacingOccurrences(
                    of: "\t<key>NSMicrophoneUsageDescription</key>", with: Self.entry + "\t<key>NSMicrophoneUsageDescription</key>"))
    }

    @Test func afterTheLastUsageDescriptionWhenTheyAreNotInOrder() throws {
        let text =
            "<plist>\n<dict>\n\t<key>UIRequiredDeviceCapabilities</key>\n\t<array><string>still-camera</string></array>\n\t<key>NSMicrophoneUsageDescription</key>\n\t<string>Talk.</string>\n\t<key>NSBluetoothAlwaysUsageDescription</key>\n\t<string>Pair.</string>\n\t<key>CFBundleName</key>\n\t<string>Demo</string>\n</dict>\n</plist>\n"
        #expect(
            try added(text, "NSCameraUsageDescription")
                == text.replacingOccurrences(
                    of: "\t<key>CFBundleName</key>", with: Self.entry + "\t<key>CFBundleName</key>"))
    }

    @Test func atItsAlphabeticalPlaceInASortedFile() throws {
        let text =
            "<plist>\n<dict>\n    <key>CFBundleName</key>\n    <string>Demo</string>\n    <key>UIRequiredDeviceCapabilities</key>\n    <array>\n        <string>still-camera</string>\n    </array>\n</dict>\n</plist>\n"
        #expect(
            try added(text, "NSCameraUsageDescription")
                == text.replacingOccurrences(
                    of: "    <key>UIRequiredDeviceCapabilities</key>",
                    with:
                        "    <key>NSCameraUsageDescription</key>\n    <string>TODO: explain why the app uses the camera</string>\n    <key>UIRequiredDeviceCapabilities</key>"
                ))
    }

    @Test func firstWhenItSortsFirst() throws {
        let text =
            "<plist>\r\n<dict>\r\n\t<key>UIBackgroundModes</key>\r\n\t<array>\r\n\t\t<string>location</string>\r\n\t</array>\r\n\t<key>UILaunchScreen</key>\r\n\t<dict/>\r\n</dict>\r\n</plist>\r\n"
        #expect(
            try added(text, "NSLocationWhenInUseUsageDescription")
                == text.replacingOccurrences(
                    of: "<dict>\r\n\t<key>UIBackgroundModes</key>",
                    with:
                        "<dict>\r\n\t<key>NSLocationWhenInUseUsageDescription</key>\r\n\t<string>TODO: explain why the app uses your location</string>\r\n\t<key>UIBackgroundModes</key>"
                ))
    }

    @Test func neverInsideAnotherPreprocessorBranch() throws {
        // The only other usage description is inside `#ifdef`: following it would add the key
        // to DEBUG builds only. The new key goes to the dictionary's own region, at the end.
        let text =
            "<plist>\n<dict>\n\t<key>UIRequiredDeviceCapabilities</key>\n\t<array><string>still-camera</string></array>\n#ifdef DEBUG\n\t<key>NSBluetoothAlwaysUsageDescription</key>\n\t<string>Pair.</string>\n#endif\n\t<key>CFBundleName</key>\n\t<string>Demo</string>\n</dict>\n</plist>\n"
        #expect(
            try added(text, "NSCameraUsageDescription")
                == text.replacingOccurrences(
                    of: "\t<string>Demo</string>\n", with: "\t<string>Demo</string>\n" + Self.entry))
        // Sorting before it, the new key goes just above the branch, still outside it.
        let before = text.replacingOccurrences(of: "NSBluetoothAlwaysUsageDescription", with: "NSMicrophoneUsageDescription")
        #expect(
            try added(before, "NSCameraUsageDescription")
                == before.replacingOccurrences(
                    of: "#ifdef DEBUG\n", with: Self.entry + "#ifdef DEBUG\n"))
    }

    @Test func aManifestGetsItsAPITypesInOrder() throws {
        let text =
            "<plist>\n<dict>\n\t<key>NSPrivacyCollectedDataTypes</key>\n\t<array/>\n\t<key>NSPrivacyTracking</key>\n\t<false/>\n</dict>\n</plist>\n"
        let document = PlistDocument(text: Array(text.utf8))
        let evidence = SourceEvidence.scanning(root: "/App", files: [("App/Settings.swift", "let d = UserDefaults.standard\n")])
        let findings = Analyzer.findings(for: document, path: "PrivacyInfo.xcprivacy", evidence: evidence)
        let fix = try #require(findings.flatMap(\.fixes).first { $0.title.hasPrefix("Declare") })
        let result = String(decoding: try FixApplication.applying(fix.edits, to: Array(text.utf8)), as: UTF8.self)
        // NSPrivacyAccessedAPITypes sorts before the keys there: first.
        #expect(
            result.hasPrefix(
                "<plist>\n<dict>\n\t<key>NSPrivacyAccessedAPITypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>")
        )
        #expect(
            result.hasSuffix(
                "\t</array>\n\t<key>NSPrivacyCollectedDataTypes</key>\n\t<array/>\n\t<key>NSPrivacyTracking</key>\n\t<false/>\n</dict>\n</plist>\n"
            ))
    }
}
