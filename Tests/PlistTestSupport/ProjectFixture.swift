// A small Xcode project written for the project-awareness tests (LSP and CLI): an app target whose
// settings come from a pbxproj and an .xcconfig chain, a widget extension, an entitlements file.
import Foundation

/// The files of the test project, by path below its folder.
public enum ProjectFixture {
    public static let pbxproj = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\tG0 /* main group */ = {isa = PBXGroup; children = (G1, W0); sourceTree = "<group>"; };
        \t\tG1 /* Config */ = {isa = PBXGroup; children = (F1, F2); path = Config; sourceTree = "<group>"; };
        \t\tF1 = {isa = PBXFileReference; path = App.xcconfig; sourceTree = "<group>"; };
        \t\tF2 = {isa = PBXFileReference; path = Project.xcconfig; sourceTree = "<group>"; };
        \t\tW0 = {isa = PBXFileReference; path = Widget; sourceTree = "<group>"; };
        \t\tP0 /* Project object */ = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; projectDirPath = ""; targets = (T1, T2); };
        \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0D, C0R); };
        \t\tC0D /* Debug */ = {isa = XCBuildConfiguration; baseConfigurationReference = F2; buildSettings = {
        \t\t\tIPHONEOS_DEPLOYMENT_TARGET = 15.0;
        \t\t\tSDKROOT = iphoneos;
        \t\t}; name = Debug; };
        \t\tC0R /* Release */ = {isa = XCBuildConfiguration; baseConfigurationReference = F2; buildSettings = {
        \t\t\tIPHONEOS_DEPLOYMENT_TARGET = 15.0;
        \t\t\tSDKROOT = iphoneos;
        \t\t}; name = Release; };
        \t\tT1 /* App */ = {isa = PBXNativeTarget; buildConfigurationList = L1; name = App; productType = "com.apple.product-type.application"; };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1D, C1R); };
        \t\tC1D /* Debug */ = {isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = {
        \t\t\tCODE_SIGN_ENTITLEMENTS = App/App.entitlements;
        \t\t\tGENERATE_INFOPLIST_FILE = YES;
        \t\t\tINFOPLIST_FILE = App/Info.plist;
        \t\t\tINFOPLIST_KEY_NSCameraUsageDescription = "Scan receipts";
        \t\t\tINFOPLIST_PREPROCESS = YES;
        \t\t\tINFOPLIST_PREPROCESSOR_DEFINITIONS = "BETA=1";
        \t\t}; name = Debug; };
        \t\tC1R /* Release */ = {isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = {
        \t\t\tCODE_SIGN_ENTITLEMENTS = App/App.entitlements;
        \t\t\tGENERATE_INFOPLIST_FILE = YES;
        \t\t\tINFOPLIST_FILE = App/Info.plist;
        \t\t\tINFOPLIST_KEY_NSCameraUsageDescription = "Scan receipts";
        \t\t}; name = Release; };
        \t\tT2 /* Widget */ = {isa = PBXNativeTarget; buildConfigurationList = L2; name = Widget; productType = "com.apple.product-type.app-extension"; };
        \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2D); };
        \t\tC2D /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {
        \t\t\tINFOPLIST_FILE = "$(SRCROOT)/Widget/Info.plist";
        \t\t}; name = Debug; };
        \t};
        \trootObject = P0;
        }

        """

    /// The app's .xcconfig (line 1: the include; APP_VERSION is set in Version.xcconfig).
    public static let appConfig =
        "#include \"Version.xcconfig\"\n#include? \"Local.xcconfig\"\nPRODUCT_BUNDLE_IDENTIFIER = com.example.app\n"
    /// APP_VERSION on line 1 (Debug and every other configuration) and line 2 (Release).
    public static let versionConfig = "APP_VERSION = 1.2\nAPP_VERSION[config=Release] = 2.0\n"
    public static let projectConfig = "// Project-wide settings\nSWIFT_VERSION = 5.0\n"

    /// The app's Info.plist: $(APP_VERSION) on line 4, $(BUILD_NUMBER) (undefined) on line 6, the
    /// still-camera capability whose usage description only a build setting gives, push in the
    /// background without the entitlement, and a preprocessed branch.
    public static let appInfoPlist = PlistText.dictionary(
        """
        \t<key>CFBundleShortVersionString</key>
        \t<string>$(APP_VERSION)</string>
        \t<key>CFBundleVersion</key>
        \t<string>$(BUILD_NUMBER)</string>
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>UIRequiredDeviceCapabilities</key>
        \t<array>
        \t\t<string>still-camera</string>
        \t</array>
        \t<key>UIBackgroundModes</key>
        \t<array>
        \t\t<string>remote-notification</string>
        \t</array>
        #ifdef BETA
        \t<key>CFBundleDisplayName</key>
        \t<string>App Beta</string>
        #else
        \t<key>NSLocationAlwaysAndWhenInUseUsageDescription</key>
        \t<string>Track runs.</string>
        #endif
        """)

    public static let widgetInfoPlist = PlistText.dictionary(
        """
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        """)

    public static let entitlements = PlistText.dictionary(
        """
        \t<key>com.apple.developer.healthkit</key>
        \t<true/>
        """)

    /// Every file, by path below the project folder.
    public static let files: [String: String] = [
        "App.xcodeproj/project.pbxproj": pbxproj,
        "Config/App.xcconfig": appConfig,
        "Config/Version.xcconfig": versionConfig,
        "Config/Project.xcconfig": projectConfig,
        "App/Info.plist": appInfoPlist,
        "App/App.entitlements": entitlements,
        "Widget/Info.plist": widgetInfoPlist,
    ]

    /// Writes the project into a new temporary folder and returns it.
    /// Makes the fixture's App.xcconfig include h0 … h39, each including the next twice and once
    /// with `#include?` and setting `W<i> = $(W<i+1>)$(W<i+1>)` (issue #29: settings that explode).
    public static func writeDoublingXcconfigs(in folder: URL) throws {
        let config = folder.appendingPathComponent("Config")
        try "#include \"h0.xcconfig\"\n".write(to: config.appendingPathComponent("App.xcconfig"), atomically: true, encoding: .utf8)
        for i in 0..<40 {
            let next = "h\(i + 1).xcconfig"
            let text =
                i == 39
                ? "W39 = xy\n" : "#include \"\(next)\"\n#include \"\(next)\"\n#include? \"\(next)\"\nW\(i) = $(W\(i + 1))$(W\(i + 1))\n"
            try text.write(to: config.appendingPathComponent("h\(i).xcconfig"), atomically: true, encoding: .utf8)
        }
    }

    public static func write(
        to folder: URL = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-project-\(UUID().uuidString)")
    ) throws -> URL {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }
}
