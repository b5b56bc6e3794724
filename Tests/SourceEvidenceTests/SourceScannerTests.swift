// The source scan: what counts as a use of a privacy-relevant API and what does not (comments,
// literals, everyday names), in Swift, Objective-C and C, with the offsets and positions of each use.
import Foundation
import SourceEvidence
import PlistSyntax
import PlistTestSupport
import Testing

/// The symbols found in `source` (markers, if any, give the expected starts), with the needs of each.
private func scan(_ source: String, _ language: SourceLanguage = .swift) -> (hits: [SourceHit], starts: [Int]) {
    let (text, starts) = markedText(source)
    return (SourceScanner.shared.scan(Array(text.utf8), language: language), starts)
}

private func symbols(_ source: String, _ language: SourceLanguage = .swift) -> [String] {
    scan(source, language).hits.map(\.symbol)
}

private let timestamp = PrivacyNeed.apiCategory(PrivacySymbols.fileTimestamp)
private let defaults = PrivacyNeed.apiCategory(PrivacySymbols.userDefaults)

@Suite struct SourceScannerTests {
    @Test func swiftUsesAreFoundAtTheirOffsets() {
        let (hits, starts) = scan(
            """
            let on = 1️⃣UserDefaults.standard.bool(forKey: "on")
            let changed = attributes[.2️⃣modificationDate] as? Date
            let up = ProcessInfo.processInfo.3️⃣systemUptime
            var info = stat()
            if 4️⃣stat(path, &info) == 0 { print("ok") }
            """)
        #expect(hits.map(\.symbol) == ["UserDefaults", "modificationDate", "systemUptime", "stat"])
        #expect(hits.map(\.range.lowerBound) == starts)
        #expect(hits[0].needs == [defaults])
        #expect(hits[1].needs == [timestamp])
        #expect(hits[2].needs == [.apiCategory(PrivacySymbols.systemBootTime)])
        #expect(hits[3].start.line == 4 && hits[3].start.utf8Column == 3)
    }

    @Test func objectiveCUsesAreFound() {
        let (hits, starts) = scan(
            """
            #import <sys/stat.h>
            #pragma mark - UserDefaults
            NSDate *d = attrs[1️⃣NSFileModificationDate];
            [[2️⃣NSUserDefaults standardUserDefaults] setBool:YES forKey:@"UserDefaults"];
            struct statfs fs;
            if (3️⃣statfs("/", &fs) == 0) { NSLog(@"statfs(%s)", "systemUptime"); }
            [self.manager 4️⃣requestWhenInUseAuthorization];
            [AVCaptureDevice 5️⃣requestAccessForMediaType:AVMediaTypeAudio completionHandler:^(BOOL granted) {}];
            """, .objectiveC)
        #expect(
            hits.map(\.symbol) == [
                "NSFileModificationDate", "NSUserDefaults", "statfs", "requestWhenInUseAuthorization", "requestAccessForMediaType",
            ])
        #expect(hits.map(\.range.lowerBound) == starts)
        #expect(hits[2].needs == [.apiCategory(PrivacySymbols.diskSpace)])
        #expect(hits[4].needs == [.purposeString("NSMicrophoneUsageDescription")])
    }

    @Test func commentsAndLiteralsAreSkipped() {
        #expect(
            symbols(
                """
                // UserDefaults in a line comment
                /* block /* nested UserDefaults */ still a comment: systemUptime */
                let a = "UserDefaults"
                let b = \"\"\"
                    stat(path, &s) and activeInputModes
                    \"\"\"
                let c = #"raw "UserDefaults" \\(systemUptime)"#
                let d = "escaped \\" UserDefaults"
                """
            ).isEmpty)
        #expect(
            symbols(
                """
                // UserDefaults
                /* NSUserDefaults */
                const char *s = "stat(p, &b) NSUserDefaults";
                char c = '"'; int n = 1'000;
                auto r = R"x(UserDefaults)x";
                """, .cpp
            ).isEmpty)
    }

    @Test func swiftInterpolationsAreCode() {
        #expect(
            symbols(#"print("on: \(UserDefaults.standard.bool(forKey: "on")) up: \(ProcessInfo.processInfo.systemUptime)")"#) == [
                "UserDefaults", "systemUptime",
            ])
        #expect(symbols(##"let s = #"raw \#(UserDefaults.standard) and \(NotInterpolated)"#"##) == ["UserDefaults"])
    }

    @Test func everydayNamesAreNotUses() {
        #expect(
            symbols(
                """
                let newest = photos.max { $0.creationDate < $1.creationDate }
                struct Item { var creationDate: Date; var systemSize: Int }
                func stat(_ x: Int) -> Int { x }
                var s = stat()
                let fs = statfs()
                item.stat(path, 1)
                let policy = LAContext().canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
                let status = AVCaptureDevice.authorizationStatus(for: .video)
                UNUserNotificationCenter.current().requestAuthorization(options: [.alert]) { _, _ in }
                picker.sourceType = .photoLibrary
                """
            ).isEmpty)
        #expect(symbols("struct stat st; int n = sizeof(struct stat); p->stat(1);", .c).isEmpty)
    }

    @Test func membersOfTheRightTypeAreUses() {
        #expect(
            symbols("let d = attrs[FileAttributeKey.creationDate]; let s = attrs[.systemFreeSize]; let t = Darwin.lstat(p, &s)")
                == ["creationDate", "systemFreeSize", "lstat"])
    }

    @Test func markersDecideWhatACallNeeds() {
        let hits = scan(
            """
            AVCaptureDevice.requestAccess(for: .video) { _ in }
            AVCaptureDevice.requestAccess(
                for: .audio
            ) { _ in }
            store.requestAccess(to: .event) { _, _ in }
            PHPhotoLibrary.requestAuthorization(for: .addOnly) { _ in }
            PHPhotoLibrary.requestAuthorization { _ in }
            library.requestAuthorization { _ in }
            try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
            picker.sourceType = .camera
            """
        ).hits
        #expect(
            hits.map(\.needs) == [
                [.purposeString("NSCameraUsageDescription")], [.purposeString("NSMicrophoneUsageDescription")],
                [.purposeString("NSCalendarsUsageDescription")], [.purposeString("NSPhotoLibraryAddUsageDescription")],
                [.purposeString("NSPhotoLibraryUsageDescription")], [.purposeString("NSFaceIDUsageDescription")],
                [.purposeString("NSCameraUsageDescription")],
            ])
    }

    @Test func aSymbolCanNeedTwoCategories() {
        let hits = scan("getattrlist(path, &list, &buffer, size, 0)", .c).hits
        #expect(hits.first?.needs == [timestamp, .apiCategory(PrivacySymbols.diskSpace)])
    }

    @Test func positionsCountEachEncoding() {
        let hits = scan("let 🔥中é = 1; let v = UserDefaults.standard\nlet x = 1").hits
        let start = try! #require(hits.first).start
        #expect(start.line == 0)
        #expect(start.utf8Column == "let 🔥中é = 1; let v = ".utf8.count)
        #expect(start.utf16Column == "let 🔥中é = 1; let v = ".utf16.count)
        #expect(start.utf32Column == "let 🔥中é = 1; let v = ".unicodeScalars.count)
        #expect(hits[0].end.utf16Column == start.utf16Column + "UserDefaults".count)
    }

    @Test func unterminatedTextEndsTheScanQuietly() {
        #expect(symbols("let s = \"UserDefaults\nlet d = UserDefaults.standard") == ["UserDefaults"])
        #expect(symbols("/* UserDefaults").isEmpty)
        #expect(symbols("print(\"\\(UserDefaults.standard") == ["UserDefaults"])
        #expect(symbols("AVCaptureDevice.requestAccess(for: .video") == ["requestAccess"])
        #expect(symbols("stat(").isEmpty)
    }

    @Test func languagesFollowTheFileExtension() {
        #expect(SourceLanguage(path: "App/Main.swift") == .swift)
        #expect(SourceLanguage(path: "App/View.m") == .objectiveC)
        #expect(SourceLanguage(path: "App/View.mm") == .objectiveC)
        #expect(SourceLanguage(path: "include/a.h") == .objectiveC)
        #expect(SourceLanguage(path: "src/a.c") == .c)
        #expect(SourceLanguage(path: "src/a.cpp") == .cpp)
        #expect(SourceLanguage(path: "Info.plist") == nil)
        #expect(SourceLanguage(path: "Makefile") == nil)
    }
}

@Suite struct SourceEvidenceTests {
    @Test func thirdPartyAndTestCodeAreToldApart() {
        #expect(SourceOrigin(relativePath: "App/Settings.swift") == .firstParty)
        #expect(SourceOrigin(relativePath: "Pods/Firebase/Core.m") == .thirdParty)
        #expect(SourceOrigin(relativePath: "ios/Pods/X/Y.m") == .thirdParty)
        #expect(SourceOrigin(relativePath: ".build/checkouts/swift-log/Sources/Log.swift") == .thirdParty)
        #expect(SourceOrigin(relativePath: "DerivedData/App/SourcePackages/checkouts/a.swift") == .thirdParty)
        #expect(SourceOrigin(relativePath: "AppTests/SettingsTests.swift") == .test)
        #expect(SourceOrigin(relativePath: "Pods.swift") == .firstParty)
    }

    @Test func sitesAreGroupedByNeedFirstPartyFirst() {
        let evidence = SourceEvidence.scanning(
            root: "/p",
            files: [
                ("Pods/SDK/Store.m", "[NSUserDefaults standardUserDefaults];"),
                ("App/B.swift", "UserDefaults.standard"),
                ("App/A.swift", "let x = 1\nlet d = UserDefaults(suiteName: \"g\")"),
                ("AppTests/T.swift", "UserDefaults.standard"),
            ])
        let sites = evidence.sites(for: defaults)
        #expect(sites.map(\.location.relativePath) == ["App/A.swift", "App/B.swift", "Pods/SDK/Store.m"])
        #expect(sites.map(\.isThirdParty) == [false, false, true])
        #expect(sites[0].location.path == "/p/App/A.swift")
        #expect(sites[0].location.display == "App/A.swift:2:9")
        #expect(evidence.needs == [defaults])
    }

    @Test func aPlistHearsOfTheCodeBesideIt() throws {
        let evidence = SourceEvidence.scanning(
            root: "/p",
            files: [
                ("App/Camera.swift", "AVCaptureDevice.requestAccess(for: .video) { _ in }"),
                ("Widget/Widget.swift", "UserDefaults(suiteName: \"group\")"),
                ("Pods/SDK/Loc.m", "[m requestWhenInUseAuthorization];"),
                ("Shared/Util.swift", "let x = 1"),
            ])
        let app = try #require(evidence.relevant(toPlistAt: "/p/App/Info.plist"))
        #expect(Set(app.needs.map(\.name)) == ["NSCameraUsageDescription", "NSLocationWhenInUseUsageDescription"])
        let nested = try #require(evidence.relevant(toPlistAt: "/p/App/Supporting Files/Info.plist"))
        #expect(nested.needs == app.needs)
        let widget = try #require(evidence.relevant(toPlistAt: "/p/Widget/Info.plist"))
        #expect(Set(widget.needs.map(\.name)) == [PrivacySymbols.userDefaults, "NSLocationWhenInUseUsageDescription"])
        #expect(evidence.relevant(toPlistAt: "/p/Info.plist")?.needs.count == 3)
        #expect(evidence.relevant(toPlistAt: "/p/Resources/Info.plist")?.needs.count == 3)
        #expect(evidence.relevant(toPlistAt: "/p/Pods/SDK/PrivacyInfo.xcprivacy") == nil)
        #expect(evidence.relevant(toPlistAt: "/p/AppTests/Info.plist") == nil)
        #expect(evidence.relevant(toPlistAt: "/elsewhere/Info.plist")?.needs.count == 3)
    }
}

@Suite struct SourceEvidenceDocumentationTests {
    /// The symbol table in docs/source-evidence.md, between its markers, is the one the scan uses.
    @Test func documentationIsCurrent() throws {
        let url = SharedData.repositoryRoot.appendingPathComponent("docs/source-evidence.md")
        let current = try String(contentsOf: url, encoding: .utf8)
        let start = "<!-- symbols:start -->\n", end = "<!-- symbols:end -->"
        let head = try #require(current.range(of: start)), tail = try #require(current.range(of: end))
        let generated = String(current[..<head.upperBound]) + SymbolDocumentation.markdown() + String(current[tail.lowerBound...])
        if ProcessInfo.processInfo.environment["PLIST_LSP_UPDATE_DOCS"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let now = try String(contentsOf: url, encoding: .utf8)
        #expect(
            now == generated, "docs/source-evidence.md is stale: run PLIST_LSP_UPDATE_DOCS=1 swift test --filter documentationIsCurrent")
    }
}
