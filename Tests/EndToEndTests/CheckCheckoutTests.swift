// `check` on checkouts as people have them (issue #38, point 1), made at test time from
// ../shared/projects: every finding about another file (project-* rules) is true, and what
// cannot be read is said to be unknown, naming the setting and the file, never as a fact.
import Foundation
import PlistTestSupport
import Testing

@Suite struct CheckCheckoutTests {
    /// The lines of `check`'s output about another file: the project rules' (warnings and notes).
    static func crossFile(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.contains("[project-") }
    }

    /// Loop's set-up on NetNewsWire: CODE_SIGN_ENTITLEMENTS is `$(NNW_ENTITLEMENTS)`, defined in a
    /// git-ignored Local.xcconfig. With the file, the push entitlement is found and nothing is
    /// said; without it, whether the app has it is unknown (a note naming the setting and the
    /// file), never "NetNewsWire does not have it (CODE_SIGN_ENTITLEMENTS is not set)".
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func aMissingGitIgnoredXcconfigMakesTheEntitlementUnknownNotMissing() async throws {
        let complete = try Checkouts.netNewsWireWithLocalEntitlements(present: true)
        let partial = try Checkouts.netNewsWireWithLocalEntitlements(present: false)
        defer { Checkouts.remove(complete); Checkouts.remove(partial) }
        let (withFile, withoutFile) = try await onOwnThread {
            (
                try Binary.run(["check", "--no-source-evidence", "iOS/Resources/Info.plist"], in: complete),
                try Binary.run(["check", "--no-source-evidence", "iOS/Resources/Info.plist"], in: partial)
            )
        }
        #expect(Self.crossFile(withFile.stdout).isEmpty, "\(withFile.stdout)")
        let lines = Self.crossFile(withoutFile.stdout)
        #expect(!withoutFile.stdout.contains("project-missing-entitlement"), "\(withoutFile.stdout)")
        #expect(
            lines == [
                "iOS/Resources/Info.plist:103:3: note: The background mode 'remote-notification' needs the 'aps-environment' entitlement; whether NetNewsWire-iOS has it is unknown: CODE_SIGN_ENTITLEMENTS is $(NNW_ENTITLEMENTS), and no file that could be read defines $(NNW_ENTITLEMENTS) (Local.xcconfig cannot be read) [project-evidence-unknown]"
            ],
            "\(withoutFile.stdout)")
    }

    /// Mastodon's case on NetNewsWire: the entitlements file CODE_SIGN_ENTITLEMENTS names is not
    /// in the checkout. Not "NetNewsWire does not have it ('NetNewsWire.entitlements')": unknown.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func anEntitlementsFileNotOnDiskMakesTheEntitlementUnknown() async throws {
        let checkout = try Checkouts.copy("Ranchero-Software__NetNewsWire")
        defer { Checkouts.remove(checkout) }
        try FileManager.default.removeItem(at: checkout.appendingPathComponent("iOS/Resources/NetNewsWire.entitlements"))
        let r = try await onOwnThread { try Binary.run(["check", "--no-source-evidence", "iOS/Resources/Info.plist"], in: checkout) }
        #expect(
            Self.crossFile(r.stdout) == [
                "iOS/Resources/Info.plist:103:3: note: The background mode 'remote-notification' needs the 'aps-environment' entitlement; whether NetNewsWire-iOS has it is unknown: CODE_SIGN_ENTITLEMENTS names 'iOS/Resources/NetNewsWire.entitlements', which is not on disk [project-evidence-unknown]"
            ],
            "\(r.stdout)")
    }

    /// IceCubesApp's layout: Debug's base .xcconfig is git-ignored and absent, Release's defines
    /// BUNDLE_ID_PREFIX. A setting some configuration defines is not "defined by no
    /// configuration", and the entitlements the target names are read: nothing false is said, in
    /// the Info.plist or in the entitlements.
    @Test func aSettingOnlyReleaseDefinesIsNotUndefined() async throws {
        let checkout = try Checkouts.iceCubes()
        defer { Checkouts.remove(checkout) }
        let r = try await onOwnThread {
            try Binary.run(
                ["check", "--no-source-evidence", "IceCubesApp/Info.plist", "IceCubesApp/IceCubesApp.entitlements"], in: checkout)
        }
        #expect(Self.crossFile(r.stdout).isEmpty, "\(r.stdout)")
        // Without the Release file too, whether it is defined is unknown (Debug's file is missing).
        try FileManager.default.removeItem(at: checkout.appendingPathComponent("IceCubesApp-release.xcconfig"))
        let without = try await onOwnThread { try Binary.run(["check", "--no-source-evidence", "IceCubesApp/Info.plist"], in: checkout) }
        let lines = Self.crossFile(without.stdout)
        #expect(!lines.contains { $0.contains("warning:") }, "\(without.stdout)")
        #expect(
            lines.contains {
                $0.contains(
                    "note: No configuration of IceCubesApp that could be read defines 'BUNDLE_ID_PREFIX', but IceCubesApp.xcconfig and IceCubesApp-release.xcconfig cannot be read and may"
                ) && $0.hasSuffix("[project-evidence-unknown]")
            },
            "\(without.stdout)")
        // The note at the line of the project naming the file that cannot be read.
        #expect(without.stdout.contains("IceCubesApp.xcodeproj/project.pbxproj:"), "\(without.stdout)")
    }

    /// Flutter's checkout without `flutter pub get`: Debug.xcconfig includes the generated
    /// Generated.xcconfig, which defines FLUTTER_BUILD_NAME: that the Info.plist's
    /// $(FLUTTER_BUILD_NAME) is replaced by nothing is unknown, not a warning.
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func aGeneratedXcconfigThatIsNotThereMakesItsSettingsUnknown() async throws {
        let checkout = try Checkouts.copy("lichess-org__mobile")
        defer { Checkouts.remove(checkout) }
        let r = try await onOwnThread { try Binary.run(["check", "--no-source-evidence", "ios/Runner/Info.plist"], in: checkout) }
        let lines = Self.crossFile(r.stdout)
        #expect(!lines.contains { $0.contains("[project-undefined-variable]") }, "\(r.stdout)")
        #expect(
            lines.contains {
                $0.contains("'FLUTTER_BUILD_NAME'") && $0.contains("Generated.xcconfig cannot be read") && $0.contains("note:")
            }, "\(r.stdout)")
    }
}

/// Issue #38, point 11: `check FILE` finds the file's project from the file upward and never walks
/// the repository; `--project .` still reads every project below the folder.
@Suite struct CheckBoundedSearchTests {
    static func pbxproj(target: String, infoPlist: String, settings: String) -> String {
        """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tG0 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
        \t\tP0 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; projectDirPath = ""; targets = (T1); };
        \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0); };
        \t\tC0 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Debug; };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = \(target); productType = "com.apple.product-type.application"; };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
        \t\tC1 = {isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = "\(infoPlist)"; \(settings) }; name = Debug; };
        \t};
        \trootObject = P0;
        }

        """
    }

    /// A project four folders down an unrelated tree (which a walk of the repository would list)
    /// is not read for `check App/Info.plist`: the setting only it defines is undefined for App.
    @Test func checkOneFileDoesNotWalkTheRepository() async throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        _ = try dir.write("App.xcodeproj/project.pbxproj", Self.pbxproj(target: "App", infoPlist: "App/Info.plist", settings: ""))
        _ = try dir.write(
            "Tools/a/b/c/Other.xcodeproj/project.pbxproj",
            Self.pbxproj(target: "Other", infoPlist: "../../../../App/Info.plist", settings: "ONLY_DEEP = 1;"))
        _ = try dir.write("App/Info.plist", PlistText.dictionary("\t<key>Deep</key>\n\t<string>$(ONLY_DEEP)</string>\n"))
        let folder = dir.url
        let (file, project) = try await onOwnThread {
            (
                try Binary.run(["check", "--no-source-evidence", "App/Info.plist"], in: folder),
                try Binary.run(["check", "--no-source-evidence", "--project", "."], in: folder)
            )
        }
        #expect(
            file.stdout.contains("App/Info.plist:5:12: warning: 'ONLY_DEEP' is not defined by any configuration of App, so"),
            "\(file.stdout)")
        #expect(!project.stdout.contains("ONLY_DEEP"), "\(project.stdout)")
    }
}
