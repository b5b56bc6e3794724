// privacy-sdk-only-reason: a reason only third-party SDKs may declare, in an app's manifest.
import PlistSchema
import PlistSyntax

public struct SDKOnlyReasonRule: Rule {
    public let id = "privacy-sdk-only-reason"
    public let title = "A reason only third-party SDKs may declare"
    public let rationale = """
        Two reason codes, `0A2A.1` (file timestamps) and `C56D.1` (user defaults), cover an SDK that \
        wraps a required-reason API for the app that links it; Apple allows only third-party SDKs to \
        declare them, so in an app's manifest they are invalid reasons. Whether a manifest is an app's \
        is read from its path: under `Pods/`, `Sources/`, `node_modules/`, a `.framework` or `.bundle`, a \
        Flutter plugin's `ios/Classes` the file is an SDK's and nothing is reported; inside an `.app`, \
        a Flutter `ios/Runner`, an `ios/App` or a .NET MAUI `Platforms/iOS` folder it is an app's and \
        the code is a warning; elsewhere the path does not tell, and the code is reported as \
        information. The fix removes the code (offered, never applied by fix-all); the app then \
        declares the reason that fits its own use, such as `C617.1` or `CA92.1`.
        """
    public let category = RuleCategory.privacyManifest
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.privacyManifest] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSPrivacyAccessedAPITypes</key>
            	<array>
            		<dict>
            			<key>NSPrivacyAccessedAPIType</key>
            			<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
            			<key>NSPrivacyAccessedAPITypeReasons</key>
            			<array>
            				<string>CA92.1</string>
            				↓<string>C56D.1</string>
            			</array>
            		</dict>
            	</array>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSPrivacyAccessedAPITypes</key>
                	<array>
                		<dict>
                			<key>NSPrivacyAccessedAPIType</key>
                			<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
                			<key>NSPrivacyAccessedAPITypeReasons</key>
                			<array>
                				<string>CA92.1</string>
                			</array>
                		</dict>
                	</array>
                </dict>
                </plist>

                """, path: "ios/Runner/PrivacyInfo.xcprivacy"),
        .nonTriggering(
            PrivacyExample.api("NSPrivacyAccessedAPICategoryUserDefaults", reasons: ["CA92.1", "C56D.1"]),
            path: "Sources/MySDK/Resources/PrivacyInfo.xcprivacy"),
        .nonTriggering(
            PrivacyExample.api("NSPrivacyAccessedAPICategoryUserDefaults", reasons: ["CA92.1"]), path: "ios/Runner/PrivacyInfo.xcprivacy"),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let owner = ManifestOwner.detect(path: context.path)
        guard owner != .sdk,
            let reasons = context.schema.definition(
                for: PrivacyManifest.accessedAPIReasons, at: [.key(PrivacyManifest.accessedAPITypes), .index(0)],
                domain: .privacyManifest)
        else { return }
        let sdkOnly = Set(reasons.values.filter(\.sdkOnly).map(\.value))
        let edits = EditBuilder(context.text)
        for (_, entry) in PrivacyManifest.entries(of: PrivacyManifest.accessedAPITypes, in: context) {
            guard let list = entry.value(forKey: PrivacyManifest.accessedAPIReasons), list.kind == .array else { continue }
            for item in list.items where item.kind == .string && sdkOnly.contains(item.trimmedText) {
                let code = item.trimmedText
                let fix = Fix(title: "Remove '\(code)'", edits: [edits.removing(item: item)], isPreferred: true)
                if owner == .app {
                    out.append(
                        diagnostic(
                            "'\(code)' may only be declared by a third-party SDK, not in an app's privacy manifest", item.element.range,
                            fixes: [fix]))
                } else {
                    var note = diagnostic(
                        "'\(code)' may only be declared by a third-party SDK: remove it if this manifest belongs to an app",
                        item.element.range, fixes: [fix])
                    note.severity = .information
                    out.append(note)
                }
            }
        }
    }
}
