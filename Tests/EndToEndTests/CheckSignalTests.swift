// Less noise, through the binary: one message per problem, not one per consequence.
import Foundation
import Testing

@Suite struct CheckSignalTests {
    func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app</string>\n\(body)</dict>\n</plist>\n"
    }

    @Test func anIPAddressExceptionDomainGetsOneMessage() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", plist("""
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

            """))
        let r = try Binary.run(["check", "--hints", file.path])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "\(file.path):10:9: warning: Exception domain '127.0.0.1' is an IP address: ATS exceptions apply to host names only [ats-exception-domain-ip]",
            "\(file.path):15:9: warning: Exception domain '10.0.0.1:8080' is an IP address: ATS exceptions apply to host names only [ats-exception-domain-ip]",
        ])
    }

    @Test func aDeprecatedContainerGetsOneNoteNotOnePerChild() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", plist("""
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

            """))
        let r = try Binary.run(["check", "--format", "json", "--hints", file.path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let problems = try #require((json["files"] as? [[String: Any]])?.first?["problems"] as? [[String: Any]])
        #expect(problems.map { $0["code"] as? String } == ["info-deprecated-key"])
        #expect(problems.first?["line"] as? Int == 6)
    }
}
