// Checkouts as people have them (issue #38), made at test time from ../shared/projects in a
// temporary folder (never copied into the repository): a git-ignored .xcconfig that is not there,
// an entitlements file the project names but the checkout lacks. Used by the `check` and the
// server tests of what the cross-file rules say about them.
import Foundation

public enum Checkouts {
    /// A copy of the shared project `name` (a folder of ../shared/projects) in a new temporary
    /// folder, with a `.git` folder at its top as a clone has; the caller removes it.
    public static func copy(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-checkout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: SharedData.projectsDirectory.appendingPathComponent(name), to: copy)
        try FileManager.default.createDirectory(at: copy.appendingPathComponent(".git"), withIntermediateDirectories: true)
        return copy
    }

    /// NetNewsWire as Loop is set up: the iOS app's CODE_SIGN_ENTITLEMENTS is `$(NNW_ENTITLEMENTS)`,
    /// defined in `xcconfig/Local.xcconfig`, which the target's .xcconfig includes; with `present`
    /// false the file is not in the checkout (git-ignored). The entitlements it names grant push
    /// (`aps-environment`), which the app's Info.plist needs for its remote-notification mode.
    public static func netNewsWireWithLocalEntitlements(present: Bool) throws -> URL {
        let copy = try Self.copy("Ranchero-Software__NetNewsWire")
        let target = copy.appendingPathComponent("xcconfig/NetNewsWire_iOSapp_target.xcconfig")
        var text = try String(contentsOf: target, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "CODE_SIGN_ENTITLEMENTS = iOS/Resources/NetNewsWire$(DEVELOPER_ENTITLEMENTS).entitlements",
            with: "CODE_SIGN_ENTITLEMENTS = $(NNW_ENTITLEMENTS)")
        text = "#include \"Local.xcconfig\"\n" + text
        try text.write(to: target, atomically: true, encoding: .utf8)
        if present {
            try "NNW_ENTITLEMENTS = iOS/Resources/NetNewsWire.entitlements\n"
                .write(to: copy.appendingPathComponent("xcconfig/Local.xcconfig"), atomically: true, encoding: .utf8)
        }
        return copy
    }

    /// IceCubesApp's layout, on a small project written here: the project's Debug configuration is
    /// based on the git-ignored `IceCubesApp.xcconfig` (absent), its Release one on
    /// `IceCubesApp-release.xcconfig`, the only file defining BUNDLE_ID_PREFIX, which the app's
    /// Info.plist and entitlements use; the entitlements grant push, which the Info.plist needs.
    public static func iceCubes() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-checkout-\(UUID().uuidString)/IceCubesApp")
        let files: [String: String] = [
            "IceCubesApp.xcodeproj/project.pbxproj": """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56;
            \tobjects = {
            \t\tG0 = {isa = PBXGroup; children = (F1, F2); sourceTree = "<group>"; };
            \t\tF1 /* IceCubesApp.xcconfig */ = {isa = PBXFileReference; path = IceCubesApp.xcconfig; sourceTree = "<group>"; };
            \t\tF2 /* IceCubesApp-release.xcconfig */ = {isa = PBXFileReference; path = "IceCubesApp-release.xcconfig"; sourceTree = "<group>"; };
            \t\tP0 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; projectDirPath = ""; targets = (T1); };
            \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0D, C0R); };
            \t\tC0D /* Debug */ = {isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = { SDKROOT = iphoneos; }; name = Debug; };
            \t\tC0R /* Release */ = {isa = XCBuildConfiguration; baseConfigurationReference = F2; buildSettings = { SDKROOT = iphoneos; }; name = Release; };
            \t\tT1 /* IceCubesApp */ = {isa = PBXNativeTarget; buildConfigurationList = L1; name = IceCubesApp; productType = "com.apple.product-type.application"; };
            \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1D, C1R); };
            \t\tC1D /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {
            \t\t\tCODE_SIGN_ENTITLEMENTS = IceCubesApp/IceCubesApp.entitlements;
            \t\t\tINFOPLIST_FILE = IceCubesApp/Info.plist;
            \t\t\tPRODUCT_BUNDLE_IDENTIFIER = "$(BUNDLE_ID_PREFIX).IceCubesApp";
            \t\t}; name = Debug; };
            \t\tC1R /* Release */ = {isa = XCBuildConfiguration; buildSettings = {
            \t\t\tCODE_SIGN_ENTITLEMENTS = IceCubesApp/IceCubesApp.entitlements;
            \t\t\tINFOPLIST_FILE = IceCubesApp/Info.plist;
            \t\t\tPRODUCT_BUNDLE_IDENTIFIER = "$(BUNDLE_ID_PREFIX).IceCubesApp";
            \t\t}; name = Release; };
            \t};
            \trootObject = P0;
            }

            """,
            "IceCubesApp-release.xcconfig": "DEVELOPMENT_TEAM = ABCDE12345\nBUNDLE_ID_PREFIX = com.example\n",
            "IceCubesApp/Info.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleIdentifier</key>
            \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            \t<key>AppGroup</key>
            \t<string>group.$(BUNDLE_ID_PREFIX).IceCubesApp</string>
            \t<key>UIBackgroundModes</key>
            \t<array>
            \t\t<string>remote-notification</string>
            \t</array>
            </dict>
            </plist>

            """,
            "IceCubesApp/IceCubesApp.entitlements": """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>aps-environment</key>
            \t<string>development</string>
            \t<key>com.apple.security.application-groups</key>
            \t<array>
            \t\t<string>group.$(BUNDLE_ID_PREFIX).IceCubesApp</string>
            \t</array>
            </dict>
            </plist>

            """,
        ]
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        return folder
    }

    /// Removes a checkout made here (its temporary parent folder).
    public static func remove(_ checkout: URL) {
        try? FileManager.default.removeItem(at: checkout.deletingLastPathComponent())
    }
}
