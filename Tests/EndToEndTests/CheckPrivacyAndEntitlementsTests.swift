// `plist-lsp check` on a project's privacy manifest and entitlements: every privacy-manifest and
// entitlement rule reported where the problem is, and `--fix` changing nothing (their fixes are
// offered in the editor only).
import Foundation
import Testing
import PlistTestSupport

@Suite struct CheckPrivacyAndEntitlementsTests {
    static let manifest = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>NSPrivacyTracking</key>
        \t<string>YES</string>
        \t<key>NSPrivacyTrackingDomains</key>
        \t<array>
        \t\t<string>https://ads.example.com/</string>
        \t</array>
        \t<key>NSPrivacyAccessedAPITypes</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>NSPrivacyAccessedAPIType</key>
        \t\t\t<string>NSPrivacyAccessedAPICategoryUserDefault</string>
        \t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>
        \t\t\t<array><string>CA92.1</string></array>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>NSPrivacyAccessedAPIType</key>
        \t\t\t<string>NSPrivacyAccessedAPICategoryFileTimestamp</string>
        \t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>
        \t\t\t<array>
        \t\t\t\t<string>35F9.1</string>
        \t\t\t\t<string>0A2A.1</string>
        \t\t\t</array>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>NSPrivacyAccessedAPIType</key>
        \t\t\t<string>NSPrivacyAccessedAPICategoryFileTimestamp</string>
        \t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>
        \t\t\t<array><string>C617.1</string></array>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>NSPrivacyAccessedAPIType</key>
        \t\t\t<string>NSPrivacyAccessedAPICategoryDiskSpace</string>
        \t\t</dict>
        \t</array>
        \t<key>NSPrivacyCollectedDataType</key>
        \t<array/>
        </dict>
        </plist>

        """

    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>com.apple.security.app-sandbox</key>
        \t<string>YES</string>
        \t<key>aps-environment</key>
        \t<string>prod</string>
        \t<key>com.apple.security.network.clien</key>
        \t<true/>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array><string>applinks:https://example.com</string></array>
        \t<key>com.apple.security.files.downloads.read-only</key>
        \t<true/>
        \t<key>com.apple.security.files.downloads.read-write</key>
        \t<true/>
        </dict>
        </plist>

        """

    /// (file, line, rule) of every problem `check` reports, from its JSON output.
    static func findings(_ json: String) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        var out = Set<String>()
        for file in object?["files"] as? [[String: Any]] ?? [] {
            let name = URL(fileURLWithPath: file["path"] as? String ?? "").lastPathComponent
            for p in file["problems"] as? [[String: Any]] ?? [] {
                out.insert("\(name):\(p["line"] as? Int ?? 0) \(p["code"] as? String ?? "")")
            }
        }
        return out
    }

    @Test func everyRuleIsReportedWhereTheProblemIsAndFixChangesNothing() async throws {
        let (manifest, entitlements) = (Self.manifest, Self.entitlements)
        let (check, fix, after) = try await onOwnThread {
            let dir = try TemporaryDirectory()
            let m = try dir.write("MyApp/ios/Runner/PrivacyInfo.xcprivacy", manifest)
            let e = try dir.write("MyApp/ios/Runner/Runner.entitlements", entitlements)
            let check = try Binary.run(["check", "--format", "json", dir.url.path])
            let fix = try Binary.run(["check", "--fix", m.path, e.path])
            let after = [try String(contentsOf: m, encoding: .utf8), try String(contentsOf: e, encoding: .utf8)]
            return (check, fix, after)
        }
        #expect(check.status == 0, "warnings only: \(check.stdout)")
        let found = try Self.findings(check.stdout)
        let expected: Set<String> = [
            "PrivacyInfo.xcprivacy:5 privacy-wrong-type",
            "PrivacyInfo.xcprivacy:6 privacy-tracking-domains",
            "PrivacyInfo.xcprivacy:8 privacy-tracking-domain-format",
            "PrivacyInfo.xcprivacy:14 privacy-invalid-value",
            "PrivacyInfo.xcprivacy:23 privacy-invalid-reason",
            "PrivacyInfo.xcprivacy:24 privacy-sdk-only-reason",
            "PrivacyInfo.xcprivacy:29 privacy-duplicate-entry",
            "PrivacyInfo.xcprivacy:33 privacy-missing-key",
            "PrivacyInfo.xcprivacy:38 privacy-unknown-key",
            "Runner.entitlements:5 entitlement-wrong-type",
            "Runner.entitlements:7 entitlement-invalid-value",
            "Runner.entitlements:8 entitlement-misspelled-key",
            "Runner.entitlements:11 entitlement-value-format",
            "Runner.entitlements:12 entitlement-conflict",
            "Runner.entitlements:8 entitlement-sandbox-off",
            "Runner.entitlements:12 entitlement-sandbox-off",
            "Runner.entitlements:14 entitlement-sandbox-off",
        ]
        #expect(found == expected, "missing: \(expected.subtracting(found).sorted()), extra: \(found.subtracting(expected).sorted())")
        #expect(fix.status == 0)
        #expect(after == [manifest, entitlements])
    }

    @Test func compilerStyleLinesNameTheRule() async throws {
        let text = "<plist version=\"1.0\">\n<dict>\n\t<key>aps-environment</key>\n\t<string>prod</string>\n</dict>\n</plist>\n"
        let (path, r) = try await onOwnThread {
            let dir = try TemporaryDirectory()
            let file = try dir.write("App.entitlements", text)
            return (file.path, try Binary.run(["check", file.path]))
        }
        #expect(r.status == 0)
        #expect(
            r.stdout
                == "\(path):4:2: warning: 'prod' is not a valid value of 'aps-environment': did you mean 'production'? [entitlement-invalid-value]\n"
        )
    }
}
