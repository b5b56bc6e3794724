// privacy-invalid-value: an API category, collected data type or purpose that is not one of Apple's.

extension InvalidValueRule {
    static let privacyManifest = InvalidValueRule(RuleIdentity(
        id: "privacy-invalid-value", title: "A category, data type or purpose Apple does not define",
        rationale: """
            `NSPrivacyAccessedAPIType`, `NSPrivacyCollectedDataType` and `NSPrivacyCollectedDataTypePurposes` \
            take only Apple's identifiers. App Store Connect refuses a manifest with any other value \
            (ITMS-91056), and Xcode's privacy report leaves invented data types and purposes out. The fix \
            replaces a misspelled identifier with the nearest valid one (`…CategoryUserDefault` → \
            `…CategoryUserDefaults`); it is offered, never applied by fix-all. Reason codes are checked \
            against their category by `privacy-invalid-reason`.
            """,
        category: .privacyManifest, fileKinds: [.privacyManifest],
        examples: [
            .triggering(PrivacyExample.api("NSPrivacyAccessedAPICategoryUserDefault", reasons: ["CA92.1"]),
                        fixed: PrivacyExample.api("NSPrivacyAccessedAPICategoryUserDefaults", reasons: ["CA92.1"]), path: PrivacyExample.path),
            .triggering(PrivacyExample.data(PrivacyExample.dataEntry("NSPrivacyCollectedDataTypePhotosOrVideos")),
                        fixed: PrivacyExample.data(PrivacyExample.dataEntry("NSPrivacyCollectedDataTypePhotosorVideos")), path: PrivacyExample.path),
            .triggering(PrivacyExample.data(PrivacyExample.dataEntry("App Version")), path: PrivacyExample.path),
            .triggering(PrivacyExample.data(PrivacyExample.dataEntry("NSPrivacyCollectedDataTypeCrashData", purposes: ["NSPrivacyCollectedDataTypePurposeAnalytic"])),
                        fixed: PrivacyExample.data(PrivacyExample.dataEntry("NSPrivacyCollectedDataTypeCrashData", purposes: ["NSPrivacyCollectedDataTypePurposeAnalytics"])),
                        path: PrivacyExample.path),
            .nonTriggering(PrivacyExample.data(PrivacyExample.dataEntry("NSPrivacyCollectedDataTypeCrashData", purposes: ["NSPrivacyCollectedDataTypePurposeAnalytics"])),
                           path: PrivacyExample.path),
        ]))
}
