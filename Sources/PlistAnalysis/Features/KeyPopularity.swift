// Key popularity for completion order: keys ranked by how many files of ../shared/corpus use them
// (computed once offline: distinct <key> names per file, known keys used in two or more files).
// Regenerate by counting again when the corpus grows; order only, no other meaning.

enum KeyPopularity {
    /// Most used first.
    static let ranked: [String] = [
        "CFBundleIdentifier", "CFBundleShortVersionString", "CFBundleVersion", "CFBundleExecutable",
        "CFBundleName", "CFBundlePackageType", "CFBundleDevelopmentRegion", "CFBundleInfoDictionaryVersion",
        "CFBundleTypeRole", "CFBundleURLSchemes", "CFBundleDisplayName", "CFBundleURLTypes",
        "CFBundleDocumentTypes", "LSItemContentTypes", "CFBundleURLName", "UIRequiredDeviceCapabilities",
        "UISupportedInterfaceOrientations", "UTTypeIdentifier", "UTTypeConformsTo", "CFBundleTypeName",
        "UTTypeDescription", "NSAppTransportSecurity", "LSHandlerRank", "UTTypeTagSpecification",
        "public.filename-extension", "CFBundleSignature", "ITSAppUsesNonExemptEncryption",
        "NSHumanReadableCopyright", "LSRequiresIPhoneOS", "NSAllowsArbitraryLoads", "UILaunchStoryboardName",
        "LSApplicationCategoryType", "NSPrincipalClass", "UIBackgroundModes", "LSMinimumSystemVersion",
        "UTExportedTypeDeclarations", "CFBundleIconFile", "NSCameraUsageDescription",
        "UIViewControllerBasedStatusBarAppearance", "LSApplicationQueriesSchemes",
        "UTImportedTypeDeclarations", "public.mime-type", "NSPhotoLibraryUsageDescription",
        "UISceneConfigurationName", "NSPhotoLibraryAddUsageDescription", "UISceneConfigurations",
        "NSUserActivityTypes", "UTTypeIconFiles", "UISceneDelegateClassName",
        "UIWindowSceneSessionRoleApplication", "UIApplicationSceneManifest", "NSExtensionPointIdentifier",
        "UIFileSharingEnabled", "NSMicrophoneUsageDescription", "UIStatusBarHidden",
        "UIApplicationSupportsMultipleScenes", "LSSupportsOpeningDocumentsInPlace", "NSExtension",
        "CFBundleTypeExtensions", "NSFaceIDUsageDescription", "NSPrivacyAccessedAPITypes",
        "NSPrivacyAccessedAPIType", "NSPrivacyAccessedAPITypeReasons", "CFBundleIconName",
        "NSLocationWhenInUseUsageDescription", "NSMainStoryboardFile", "CFBundleLocalizations", "UIAppFonts",
        "UIDeviceFamily", "MinimumOSVersion", "UIPrerenderedIcon", "NSLocalNetworkUsageDescription",
        "CFBundleTypeIconFiles", "UTTypeReferenceURL", "com.apple.security.application-groups",
        "NSPrivacyCollectedDataTypes", "NSExtensionPrincipalClass", "CFBundleTypeIconFile",
        "LSTypeIsPackage", "com.apple.developer.icloud-container-identifiers",
        "ITSEncryptionExportComplianceCode", "UIMainStoryboardFile", "BGTaskSchedulerPermittedIdentifiers",
        "aps-environment", "NSBonjourServices", "UIStatusBarStyle", "keychain-access-groups",
        "com.apple.developer.icloud-services", "com.apple.security.network.client",
        "com.apple.security.app-sandbox", "NSAppleEventsUsageDescription", "NFCReaderUsageDescription",
        "CADisableMinimumFrameDurationOnPhone", "UINavigationBar", "Translucent",
        "UIStatusBarTintParameters", "Style", "NSExceptionAllowsInsecureHTTPLoads",
        "CFBundleAllowMixedLocalizations", "NSIncludesSubdomains", "NSBluetoothAlwaysUsageDescription",
        "NSExceptionDomains", "CFBundleIconFiles", "UISupportsDocumentBrowser", "com.apple.developer.siri",
        "com.apple.developer.associated-domains", "NSAppleScriptEnabled",
        "NSPrivacyCollectedDataTypePurposes", "NSPrivacyCollectedDataType",
        "NSPrivacyCollectedDataTypeTracking", "NSPrivacyCollectedDataTypeLinked", "UTTypeIconFile",
        "com.apple.developer.ubiquity-kvstore-identifier", "LSUIElement", "UIRequiresFullScreen",
        "NSExtensionAttributes", "NSPrivacyTracking", "CFBundleTypeIconSystemGenerated",
        "com.apple.developer.ubiquity-container-identifiers", "com.apple.ostype", "UISceneStoryboardFile",
        "UILaunchScreen", "NSUbiquitousContainers", "UTTypeIcons", "GCSupportedGameControllers",
        "NSUbiquitousContainerSupportedFolderLevels", "NSLocationUsageDescription", "ProfileName",
        "UIColorName", "NSUbiquitousContainerIsDocumentScopePublic", "NSServices",
        "GCSupportsControllerUserInteraction", "NSExtensionFileProviderSupportsEnumeration",
        "NSUbiquitousContainerName", "com.apple.developer.nfc.readersession.formats", "NSMainNibFile",
        "CFBundleIcons", "INIntentsSupported", "UISceneClassName", "Level",
        "NSSpeechRecognitionUsageDescription", "NSSupportsAutomaticGraphicsSwitching", "NSDocumentClass",
        "com.apple.security.files.user-selected.read-write", "CFBundleGetInfoString",
        "CFPlugInUnloadFunction", "CFPlugInDynamicRegisterFunction", "CFPlugInFactories", "CFPlugInTypes",
        "CFPlugInDynamicRegistration", "NSFileProviderDomainUsageDescription", "CFBundleURLIconFile",
        "UTTypeIconText", "UIImageName", "NSMotionUsageDescription", "NSSupportsPurgeableLocalStorage",
        "com.apple.developer.networking.networkextension", "NSHighResolutionCapable", "NSMessage",
        "NSSendTypes", "OSAScriptingDefinition", "NSMenuItem", "CFBundleHelpBookFolder",
        "CFBundleHelpBookName", "default", "LSBackgroundOnly", "com.apple.developer.in-app-payments",
        "UIUserInterfaceStyle", "NSAppleMusicUsageDescription", "NSContactsUsageDescription",
        "NSExtensionMainStoryboard", "CPTemplateApplicationSceneSessionRoleApplication",
        "com.apple.developer.game-center", "CFBundlePrimaryIcon", "SFSafariWebsiteAccess",
        "com.apple.security.cs.disable-library-validation", "com.apple.security.automation.apple-events",
        "NSPrivacyTrackingDomains", "NSUserTrackingUsageDescription",
        "NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationAlwaysUsageDescription",
        "UTTypeSize64IconFile", "NSSupportsLiveActivities", "NSExtensionActivationRule",
        "NSExtensionActivationSupportsWebPageWithMaxCount",
        "NSExtensionActivationSupportsWebURLWithMaxCount", "NSExtensionActivationSupportsText",
        "NSExportableTypes",
    ]

    /// Rank of a key name (0 is the most used); nil when the corpus does not use it.
    static let rank: [String: Int] = {
        var out: [String: Int] = [:]
        for (i, name) in ranked.enumerated() where out[name] == nil { out[name] = i }
        return out
    }()
}
