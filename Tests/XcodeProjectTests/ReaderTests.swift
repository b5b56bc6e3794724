// The readers on small texts written for the tests: OpenStep, .xcconfig, the YAML subset.
import PlistSyntax
import Testing
import XcodeProject

@Suite struct ReaderTests {
    @Test func openStepReadsAPBXProjectShapeWithPositions() {
        let text = Array(
            """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjects = {
            \t\tA1 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "App/Info.plist"; OTHER_LDFLAGS = ("-ObjC", "$(inherited)", ); }; name = Debug; };
            \t};
            \tdata = <0fbd 77>;
            \tquoted = "a\\"b\\n\\U00e9";
            }
            """.utf8)
        let document = OpenStepDocument(text: text)
        #expect(document.problems.isEmpty)
        let configuration = document.root?["objects"]?["A1"]
        #expect(configuration?.string("name") == "Debug")
        let file = configuration?["buildSettings"]?["INFOPLIST_FILE"]
        #expect(file?.text == "App/Info.plist")
        #expect(String(decoding: text[file!.range], as: UTF8.self) == "\"App/Info.plist\"")
        #expect(configuration?["buildSettings"]?["OTHER_LDFLAGS"]?.items.map(\.text) == ["-ObjC", "$(inherited)"])
        #expect(document.root?["data"]?.kind == .data)
        #expect(document.root?.string("quoted") == "a\"b\n\u{e9}")
    }

    @Test func openStepKeepsReadingAfterAProblem() {
        let document = OpenStepDocument(text: Array("{ a = 1 b = 2; c = \"x\"; }".utf8))
        #expect(!document.problems.isEmpty)
        #expect(document.root?.string("c") == "x")
    }

    @Test func xcconfigReadsIncludesConditionsAndComments() {
        let file = XCConfigFile(
            path: "/p/a.xcconfig",
            text: Array(
                """
                // A comment
                #include "base.xcconfig"
                #include? "local.xcconfig"
                PRODUCT_NAME = App // trailing comment
                OTHER_SWIFT_FLAGS[config=Debug][sdk=iphoneos*] = $(inherited) -DDEBUG
                URL = https:/$()/example.com;
                not a setting
                """.utf8))
        #expect(file.items.count == 5)
        guard case .include(let path, let optional, let location) = file.items[0] else { Issue.record("no include"); return }
        #expect(path == "base.xcconfig" && !optional && location.line == 1)
        guard case .include(_, let optional2, _) = file.items[1] else { Issue.record("no include"); return }
        #expect(optional2)
        let assignments = file.assignments
        #expect(assignments[0].name == "PRODUCT_NAME" && assignments[0].value == "App" && assignments[0].location?.line == 3)
        #expect(
            assignments[1].conditions == [
                SettingCondition(key: "config", pattern: "Debug"), SettingCondition(key: "sdk", pattern: "iphoneos*"),
            ])
        #expect(assignments[1].value == "$(inherited) -DDEBUG")
        #expect(assignments[2].value == "https:/$()/example.com")
        #expect(file.problems.count == 1 && file.problems[0].location.line == 6)
    }

    @Test func yamlReadsAnXcodeGenSpecShape() {
        let text = Array(
            """
            name: App # the name
            options:
              deploymentTarget:
                iOS: 15.0
            settings:
              base:
                INFOPLIST_KEY_NSCameraUsageDescription: "Scan: receipts"
                ENABLE_HARDENED_RUNTIME[sdk=macosx*]: YES
            targets:
              App:
                type: application
                supportedDestinations: [iOS, macOS]
                info:
                  path: App/Info.plist
                  properties:
                    UIBackgroundModes: [remote-notification]
                sources:
                  - path: App
                    excludes:
                      - "**/*.md"
                  - README.md
                postBuildScripts:
                  - script: |
                      echo "a: b"
                      exit 0
                    name: Lint
            """.utf8)
        let root = YAMLReader.read(text)
        #expect(root?["name"]?.string == "App")
        #expect(root?["options"]?["deploymentTarget"]?["iOS"]?.string == "15.0")
        let camera = root?["settings"]?["base"]?["INFOPLIST_KEY_NSCameraUsageDescription"]
        #expect(camera?.string == "Scan: receipts")
        #expect(root?["settings"]?["base"]?["ENABLE_HARDENED_RUNTIME[sdk=macosx*]"]?.string == "YES")
        let app = root?["targets"]?["App"]
        #expect(app?["type"]?.string == "application")
        #expect(app?["supportedDestinations"]?.items.compactMap(\.string) == ["iOS", "macOS"])
        #expect(app?["info"]?["properties"]?["UIBackgroundModes"]?.items.first?.string == "remote-notification")
        #expect(app?["sources"]?.items.count == 2)
        #expect(app?["sources"]?.items.first?["excludes"]?.items.first?.string == "**/*.md")
        #expect(app?["postBuildScripts"]?.items.first?["name"]?.string == "Lint")
        let key = root!["settings"]!["base"]!.pairs[0].key
        #expect(String(decoding: text[key.range], as: UTF8.self) == "INFOPLIST_KEY_NSCameraUsageDescription")
    }
}
