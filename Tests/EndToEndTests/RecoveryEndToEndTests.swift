// #10.5 through the binary: a deleted `</dict>` is found where the indentation says it belongs,
// follow-on warnings are dropped, and `check --fix` restores exactly the intended file.
import Foundation
import Testing
import PlistTestSupport

@Suite struct RecoveryEndToEndTests {
    /// A normal tab-indented Info.plist with an ATS exception domain. The domain holds a value of
    /// the wrong type, a warning in the intact file.
    static func infoPlist(domainClose: Bool) -> String {
        PlistText.dictionary(
            """
            \t<key>CFBundleDevelopmentRegion</key>
            \t<string>en</string>
            \t<key>NSAppTransportSecurity</key>
            \t<dict>
            \t\t<key>NSExceptionDomains</key>
            \t\t<dict>
            \t\t\t<key>example.com</key>
            \t\t\t<dict>
            \t\t\t\t<key>NSExceptionRequiresForwardSecrecy</key>
            \t\t\t\t<string>YES</string>
            \t\t\t\t<key>NSIncludesSubdomains</key>
            \t\t\t\t<true/>
            \(domainClose ? "\t\t\t</dict>\n" : "")\t\t</dict>
            \t</dict>
            \t<key>CFBundleExecutable</key>
            \t<string>$(EXECUTABLE_NAME)</string>
            \t<key>CFBundleIdentifier</key>
            \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            \t<key>CFBundleName</key>
            \t<string>$(PRODUCT_NAME)</string>
            \t<key>CFBundlePackageType</key>
            \t<string>APPL</string>
            \t<key>CFBundleShortVersionString</key>
            \t<string>1.0</string>
            \t<key>CFBundleVersion</key>
            \t<string>1</string>
            \t<key>LSRequiresIPhoneOS</key>
            \t<true/>
            \t<key>UILaunchStoryboardName</key>
            \t<string>LaunchScreen</string>
            """, doctype: true)
    }

    @Test func aDeletedDomainCloseIsReportedWhereTheIndentationPutsIt() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", Self.infoPlist(domainClose: false))
        let r = try Binary.run(["check", file.path])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { $0.contains(": error: ") } == [
                "\(file.path):12:4: error: <dict> is never closed: add </dict> [xml-unclosed-tag]"
            ])
        // The wrong-type warning inside the recovered domain is a possible follow-on: dropped.
        #expect(!lines.contains { $0.contains(": warning: ") }, "\(lines)")
        // The intact file has that warning and no error: the recovery is what hides it.
        let intact = try dir.write("Intact/Info.plist", Self.infoPlist(domainClose: true))
        let i = try Binary.run(["check", intact.path])
        #expect(i.stdout.contains("\(intact.path):14:5: warning: 'NSExceptionRequiresForwardSecrecy' expects a Boolean"))
        #expect(!i.stdout.contains(": error: "))
    }

    @Test func fixInsertsTheCloseWhereItBelongs() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", Self.infoPlist(domainClose: false))
        let r = try Binary.run(["check", "--fix", "--disable", "info-wrong-type", file.path])
        #expect(r.stdout.contains("fixed 1 problem [xml-unclosed-tag]"), "\(r.stdout)")
        // Byte for byte the intended file: every later top-level key stays at the top level.
        #expect(try [UInt8](Data(contentsOf: file)) == Array(Self.infoPlist(domainClose: true).utf8))
    }

    @Test func aValidButBadlyIndentedFileGetsNoError() throws {
        let dir = try TemporaryDirectory()
        // The domain's `</dict>` is present but indented like the outer one.
        let text = Self.infoPlist(domainClose: true).replacingOccurrences(of: "\t\t\t</dict>\n", with: "\t\t</dict>\n")
        let file = try dir.write("Info.plist", text)
        let r = try Binary.run(["check", file.path])
        #expect(!r.stdout.contains(": error: "), "\(r.stdout)")
        #expect(r.stdout.contains("warning: 'NSExceptionRequiresForwardSecrecy' expects a Boolean"))
    }

    /// #10.4: blanks inside an empty container are never a problem.
    @Test func blanksInsideAnEmptyContainerAreFine() throws {
        let dir = try TemporaryDirectory()
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>UIRequiredDeviceCapabilities</key>\n\t<array>\n\t</array>\n\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t</dict>\n</dict>\n</plist>\n"
        let file = try dir.write("Info.plist", text)
        let r = try Binary.run(["check", file.path])
        #expect(!r.stdout.contains("plist-stray-text"), "\(r.stdout)")
        #expect(!r.stdout.contains(": error: "), "\(r.stdout)")
    }

    /// #10.7: a '>' inside an attribute value is well-formed XML that Foundation cannot read.
    @Test func greaterThanInAnAttributeIsAnError() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("Info.plist", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.>0\">\n<dict/>\n</plist>\n")
        let r = try Binary.run(["check", file.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("\(file.path):2:19: error: ") && r.stdout.contains("[plist-attribute-unreadable]"), "\(r.stdout)")
    }
}
