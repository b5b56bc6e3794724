// Less noise, through the binary: one message per problem, not one per consequence.
import Foundation
import Testing
import PlistTestSupport

@Suite struct CheckSignalTests {
    /// Runs `check --hints` and `arguments` on an Info.plist holding `body` after a bundle id.
    func check(_ arguments: [String], _ body: String) throws -> (path: String, result: Binary.Result) {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", PlistText.infoPlist(body))
        return (file.path, try Binary.run(["check", "--hints"] + arguments + [file.path]))
    }

    @Test func anIPAddressExceptionDomainGetsOneMessage() throws {
        let (path, r) = try check(
            [],
            """
            \t<key>NSAppTransportSecurity</key>
            \t<dict>
            \t\t<key>NSExceptionDomains</key>
            \t\t<dict>
            \t\t\t<key>127.0.0.1</key>
            \t\t\t<dict>
            \t\t\t\t<key>NSExceptionAllowsInsecureHTTPLoads</key>
            \t\t\t\t<true/>
            \t\t\t</dict>
            \t\t\t<key>10.0.0.1:8080</key>
            \t\t\t<dict>
            \t\t\t\t<key>NSIncludesSubdomains</key>
            \t\t\t\t<true/>
            \t\t\t</dict>
            \t\t</dict>
            \t</dict>

            """)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        // Since iOS 17 and macOS 14 an exception domain may be an IP address (or range): without a
        // project that says older systems are supported, only the address with a port is wrong.
        #expect(
            lines == [
                "\(path):15:9: warning: Exception domain '10.0.0.1:8080' is an IP address with a scheme, port or path, which matches nothing: write the address or range alone [ats-exception-domain-ip]"
            ])
    }

    @Test func aDeprecatedContainerGetsOneNoteNotOnePerChild() throws {
        let (_, r) = try check(
            ["--format", "json"],
            """
            \t<key>UIStatusBarTintParameters</key>
            \t<dict>
            \t\t<key>UINavigationBar</key>
            \t\t<dict>
            \t\t\t<key>Style</key>
            \t\t\t<string>UIBarStyleDefault</string>
            \t\t\t<key>Translucent</key>
            \t\t\t<false/>
            \t\t</dict>
            \t</dict>

            """)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let problems = try #require((json["files"] as? [[String: Any]])?.first?["problems"] as? [[String: Any]])
        #expect(problems.map { $0["code"] as? String } == ["info-deprecated-key"])
        #expect(problems.first?["line"] as? Int == 6)
    }
}

/// `check` reports what the editor shows by default: the hint on every custom key is off in both
/// (`AnalysisConfiguration.runs`), and `--hints` turns it on as the `rules` setting does.
@Suite struct CheckDefaultsTests {
    let text =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app</string>\n\t<key>AppGroup</key>\n\t<string>group.example</string>\n\t<key>SUFeedURL</key>\n\t<string>https://example.com/appcast.xml</string>\n\t<key>NSUserTrackingDescription</key>\n\t<string>Measure ads.</string>\n</dict>\n</plist>\n"

    @Test func customKeysAreQuietUnlessAskedFor() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", text)
        let plain = try Binary.run(["check", file.path])
        #expect(
            plain.stdout.split(separator: "\n").map(String.init) == [
                "\(file.path):10:7: warning: Unknown key 'NSUserTrackingDescription': did you mean 'NSUserTrackingUsageDescription'? [info-misspelled-key]"
            ])
        let asked = try Binary.run(["check", "--hints", file.path])
        #expect(
            asked.stdout.split(separator: "\n").map(String.init) == [
                "\(file.path):6:7: note: 'AppGroup' is not a key the system reads here (custom keys are fine) [info-unknown-key]",
                "\(file.path):10:7: warning: Unknown key 'NSUserTrackingDescription': did you mean 'NSUserTrackingUsageDescription'? [info-misspelled-key]",
            ])
        let bySetting = try Binary.run(["check", "--severity", "info-unknown-key=hint", file.path])
        #expect(bySetting.stdout == asked.stdout)
        // Firebase's configuration file is no Info.plist: its keys are not the system's to judge.
        let firebase = try dir.write(
            "GoogleService-Info.plist",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CLIENT_ID</key>\n\t<string>123.apps.googleusercontent.com</string>\n\t<key>IS_ADS_ENABLED</key>\n\t<false/>\n</dict>\n</plist>\n"
        )
        #expect(try Binary.run(["check", "--hints", firebase.path]).stdout.isEmpty)
    }

    @Test func explainGivesApplesCurrentPlatforms() throws {
        let network = try Binary.run(["explain", "NSLocalNetworkUsageDescription"])
        #expect(network.stdout.contains("iOS 14.0+, macOS 11.0+, tvOS 14.0+, visionOS 1.0+"), "\(network.stdout)")
        let sparkle = try Binary.run(["explain", "SUFeedURL"])
        #expect(sparkle.stdout.contains("Read by:          Sparkle (a third-party key, not Apple's)"), "\(sparkle.stdout)")
    }
}
