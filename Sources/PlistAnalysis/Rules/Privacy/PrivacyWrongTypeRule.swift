// privacy-wrong-type: a privacy-manifest key whose value (or array item) has the wrong type.

extension WrongTypeRule {
    static let privacyManifest = WrongTypeRule(RuleIdentity(
        id: "privacy-wrong-type", title: "A privacy-manifest key has a value of the wrong type",
        rationale: """
            App Store Connect reads every privacy manifest of an upload and refuses one whose keys hold \
            the wrong type of value (ITMS-91056, invalid privacy manifest): `<string>false</string>` for \
            `NSPrivacyTracking`, a lone `<string>` where an array of reasons or purposes belongs. The fix \
            converts the value (`YES`/`NO`/`true`/`false`/`1`/`0` to `<true/>`/`<false/>`, a single string to a \
            one-item array); it is offered, never applied by fix-all, since it changes what the file says.
            """,
        category: .privacyManifest, fileKinds: [.privacyManifest],
        examples: [
            .triggering(PrivacyExample.manifest("\t<key>NSPrivacyTracking</key>\n\t<string>NO</string>\n"),
                        fixed: PrivacyExample.manifest("\t<key>NSPrivacyTracking</key>\n\t<false/>\n"), path: PrivacyExample.path),
            .triggering(PrivacyExample.api("NSPrivacyAccessedAPICategoryUserDefaults", reasonsXML: "<string>CA92.1</string>"),
                        fixed: PrivacyExample.api("NSPrivacyAccessedAPICategoryUserDefaults", reasons: ["CA92.1"]), path: PrivacyExample.path),
            .nonTriggering(PrivacyExample.manifest("\t<key>NSPrivacyTracking</key>\n\t<false/>\n"), path: PrivacyExample.path),
        ]),
        strictNumbers: true)
}
