// Messages a person reads without decoding: places in words ("in each item of
// CFBundleDocumentTypes", not `CFBundleDocumentTypes › []`), one plain sentence, and the details
// (which unreadable file might define a setting) in notes at their own place.
import Foundation
import PlistAnalysis
import PlistSchema
import PlistSyntax
import Testing
import XcodeProject
import PlistTestSupport

@Suite struct MessageWordingTests {
    static func messages(_ entries: String, path: String = "/tmp/App/Info.plist", project: ProjectInput? = nil) -> [Finding] {
        let text = PlistText.dictionary(entries)
        return Analyzer.findings(forFileBytes: Array(text.utf8), path: path, configuration: .default, evidence: nil, project: project)
            .diagnostics
    }

    /// No message of any rule's example, nor of these misplaced keys, writes a path in the data
    /// file's notation or a long parenthetical.
    @Test func noMessageIsWrittenInPathNotation() {
        var all: [Finding] = []
        for rule in RuleRegistry.all {
            for example in rule.examples { all += example.findings().findings }
        }
        all += Self.messages("\t<key>CFBundleTypeRole</key>\n\t<string>Editor</string>\n")
        for finding in all {
            #expect(
                !finding.message.contains("›") && !finding.message.contains("[]") && !finding.message.contains("(unless"),
                "\(finding.code): \(finding.message)")
        }
    }

    @Test func aMisplacedKeySaysWhereItBelongsInWords() throws {
        let role = try #require(
            Self.messages("\t<key>CFBundleTypeRole</key>\n\t<string>Editor</string>\n").first { $0.code == "info-misplaced-key" })
        #expect(
            role.message
                == "'CFBundleTypeRole' has no effect at the top level: it belongs in each item of CFBundleDocumentTypes or in each item of CFBundleURLTypes"
        )
        let subdomains = try #require(
            Self.messages("\t<key>NSIncludesSubdomains</key>\n\t<true/>\n").first { $0.code == "info-misplaced-key" })
        #expect(
            subdomains.message
                == "'NSIncludesSubdomains' has no effect at the top level: it belongs in each entry of NSExceptionDomains in NSAppTransportSecurity or in each entry of NSPinnedDomains in NSAppTransportSecurity"
        )
    }

    @Test func placesReadAsWords() {
        #expect(([] as [PathComponent]).displayName == "the top level")
        #expect([PathComponent.key("CFBundleDocumentTypes"), .index(0)].displayName == "item 0 of CFBundleDocumentTypes")
        #expect(
            [PathComponent.key("NSAppTransportSecurity"), .key("NSExceptionDomains"), .key("example.com")].place
                == "in example.com in NSExceptionDomains in NSAppTransportSecurity")
        #expect(KeyPathPattern(parsing: "CFBundleDocumentTypes/[]")!.place == "in each item of CFBundleDocumentTypes")
        #expect(
            KeyPathPattern.places([.root, KeyPathPattern(parsing: "A/[]")!, KeyPathPattern(parsing: "B")!])
                == "at the top level, in B or in each item of A")
    }

    /// A setting no configuration that could be read defines, in a configuration that includes a
    /// file the checkout lacks (blink's developer_setup.xcconfig): not a warning that it is
    /// undefined but a note that this is unknown, one sentence; the file that might define it is
    /// a note at its #include line (issue #38).
    @Test func anUnreadableIncludeMakesTheSettingUnknownWithANoteWhereItIsIncluded() throws {
        let config = XCConfigFile(path: "/p/Config/App.xcconfig", text: Array("#include \"developer_setup.xcconfig\"\nNAME = Blink\n".utf8))
        var configuration = TargetConfiguration(
            name: "Debug", layers: [SettingLayer(level: .targetConfigFile, assignments: config.assignments)])
        configuration.unreadFiles = ["/p/Config/developer_setup.xcconfig", "/p/Secrets.xcconfig"]
        let target = ProjectTarget(
            name: "Blink", productType: ProductType("com.apple.product-type.application"), configurations: [configuration])
        var model = XcodeProjectModel(
            path: "/p/Blink.xcodeproj/project.pbxproj", directory: "/p", name: "Blink", targets: [target], problems: [], files: [])
        model.missingFiles = ["/p/Config/developer_setup.xcconfig", "/p/Secrets.xcconfig", "/p/Other/Unrelated.xcconfig"]
        model.missingFileSites = [
            "/p/Config/developer_setup.xcconfig": SourceSpan(path: "/p/Config/App.xcconfig", range: 0..<36, line: 0, column: 0)
        ]
        let input = ProjectIndex.input(role: .infoPlist, project: model, target: target, companion: nil)
        let all = Self.messages("\t<key>CloudID</key>\n\t<string>$(CLOUD_ID)</string>\n", project: input)
        #expect(!all.contains { $0.code == "project-undefined-variable" }, "\(all.map(\.message))")
        let found = try #require(all.first { $0.code == "project-evidence-unknown" })
        #expect(
            found.message
                == "No configuration of Blink that could be read defines 'CLOUD_ID', but developer_setup.xcconfig and Secrets.xcconfig cannot be read and may: whether Xcode replaces $(CLOUD_ID) with nothing is unknown"
        )
        #expect(found.severity == .information)
        #expect(
            found.elsewhere.map(\.message) == [
                "developer_setup.xcconfig, included here, cannot be read: if it defines CLOUD_ID, Xcode uses that value",
                "the project names Secrets.xcconfig, which cannot be read: if it defines CLOUD_ID, Xcode uses that value",
            ])
        #expect(found.elsewhere.map(\.location.path) == ["/p/Config/App.xcconfig", "/p/Blink.xcodeproj/project.pbxproj"])
        let start = found.elsewhere[0].location.start
        #expect(start.line == 0 && start.utf8Column == 0 && start.utf16Column == 0 && start.utf32Column == 0)
    }
}
