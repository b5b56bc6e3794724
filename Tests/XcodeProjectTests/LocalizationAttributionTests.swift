// Which files translate an Info.plist, read from its target (issue #38): Xcode 16's synchronized
// folders (a folder's `.lproj` folders and catalog are its target's, but its exceptions), a
// target with nothing localized, and a project whose targets do not name the plist.
import Foundation
import Testing
import XcodeProject

struct LocalizationAttributionTests {
    static let project = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 77;
        	objects = {
        		A1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, ); path = App; sourceTree = "<group>"; };
        		A2 = {isa = PBXFileSystemSynchronizedRootGroup; path = Widget; sourceTree = "<group>"; };
        		E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist, Leftover/fr.lproj, ); target = T1; };
        		G0 = {isa = PBXGroup; children = (A1, A2, ); sourceTree = "<group>"; };
        		T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); fileSystemSynchronizedGroups = (A1, ); name = App; productType = "com.apple.product-type.application"; };
        		T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (); fileSystemSynchronizedGroups = (A2, ); name = Widget; productType = "com.apple.product-type.app-extension"; };
        		L0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
        		L1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
        		L2 = {isa = XCConfigurationList; buildConfigurations = (C2, ); };
        		C0 = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
        		C1 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = App/Info.plist; }; name = Debug; };
        		C2 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "$(WIDGET_PLIST)"; }; name = Debug; };
        		P0 = {isa = PBXProject; buildConfigurationList = L0; knownRegions = (en, Base, de, fr, ja, ); mainGroup = G0; targets = (T1, T2, ); };
        	};
        	rootObject = P0;
        }

        """
    static let plist =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleDisplayName</key>\n\t<string>App</string>\n</dict>\n</plist>\n"
    static let catalog =
        "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"CFBundleDisplayName\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"App\"\n          }\n        }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
    static let files = MemoryFileSystem(files: [
        "/p/App.xcodeproj/project.pbxproj": project,
        "/p/App/Info.plist": plist,
        "/p/App/InfoPlist.xcstrings": catalog,
        "/p/App/Leftover/fr.lproj/InfoPlist.strings": "CFBundleDisplayName = \"Appli\";\n",
        "/p/Widget/Info.plist": plist,
        "/p/Widget/de.lproj/InfoPlist.strings": "CFBundleDisplayName = \"Widget\";\n",
        "/p/Stray/Info.plist": plist,
        "/p/Stray/de.lproj/InfoPlist.strings": "CFBundleDisplayName = \"Streuner\";\n",
    ])

    @Test func aSynchronizedFolderGivesItsCatalogButNotItsExceptions() {
        let set = LocalizationFinder.find(infoPlistPath: "/p/App/Info.plist", fileSystem: Self.files)
        #expect(set.attribution == .targets(names: ["App"], project: "/p/App.xcodeproj/project.pbxproj"))
        #expect(set.catalogs.map(\.path) == ["/p/App/InfoPlist.xcstrings"])
        // Leftover/fr.lproj is an exception of the folder: not the target's.
        #expect(set.tables.isEmpty && set.lprojLocales.isEmpty, "\(set.tables.map(\.path))")
        #expect(set.knownRegions == ["en", "de", "fr", "ja"])
        // And back: the catalog finds its Info.plist; the excluded table finds none.
        #expect(
            LocalizationFinder.infoPlist(translatedBy: "/p/App/InfoPlist.xcstrings", fileSystem: Self.files)?.infoPlistPath
                == "/p/App/Info.plist")
        #expect(LocalizationFinder.infoPlist(translatedBy: "/p/App/Leftover/fr.lproj/InfoPlist.strings", fileSystem: Self.files) == nil)
    }

    @Test func aPlistNoTargetIsShownToBuildHasUnknownTranslations() {
        // The widget's INFOPLIST_FILE comes from a setting nothing defines.
        let widget = LocalizationFinder.find(infoPlistPath: "/p/Widget/Info.plist", fileSystem: Self.files)
        guard case .unknown(let reason) = widget.attribution else { Issue.record("\(widget.attribution)"); return }
        #expect(
            reason
                == "no target of App.xcodeproj names this file as its INFOPLIST_FILE; Widget's INFOPLIST_FILE is '$(WIDGET_PLIST)', which no file read defines"
        )
        let stray = LocalizationFinder.find(infoPlistPath: "/p/Stray/Info.plist", fileSystem: Self.files)
        #expect(!stray.attribution.isKnown)
    }

    @Test func withoutAProjectTheFoldersDecide() {
        var files = Self.files.files
        files["/p/App.xcodeproj/project.pbxproj"] = nil
        let set = LocalizationFinder.find(infoPlistPath: "/p/Widget/Info.plist", fileSystem: MemoryFileSystem(files: files))
        #expect(set.attribution == .folders)
        #expect(set.tables.map(\.path) == ["/p/Widget/de.lproj/InfoPlist.strings"])
    }
}
