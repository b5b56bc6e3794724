// privacy-missing-purpose-string (ITMS-90683): the project's code uses a protected resource whose
// purpose string the Info.plist lacks.
import PlistSchema
import PlistSyntax
import SourceEvidence

public struct MissingPurposeStringRule: Rule {
    public let id = "privacy-missing-purpose-string"
    public let title = "The code uses a protected resource whose purpose string is missing (ITMS-90683)"
    public let rationale = """
        An app whose code asks for a protected resource (camera, microphone, photo library, location, \
        contacts, calendars, Bluetooth, the local network, tracking, Face ID, motion, speech, …) must \
        say why in the resource's `…UsageDescription` key: without it the system terminates the app \
        when it asks, and App Store Connect rejects the upload (ITMS-90683), even when only an SDK's \
        code references the API. This rule reads the project's Swift, Objective-C, C and C++ sources \
        (see [source-evidence.md](source-evidence.md)) and reports each purpose string the code shows \
        is needed and the Info.plist lacks, with every call site (at most 20) as related information. \
        When only third-party code references the API, the finding is a note: the key is still the \
        app's to add, but the SDK may never make the call. The newer calendar and reminder keys \
        satisfy the older requests, and a Mac-only bundle may answer location requests with \
        `NSLocationUsageDescription`. It complements `privacy-missing-usage-description`, which reads \
        the evidence in the file itself; the fix is the same: `Add KEY` with a `TODO:` placeholder.
        """
    public let category = RuleCategory.privacy
    public let defaultSeverity = Finding.Severity.warning
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            ↓<dict>
            	<key>CFBundleIdentifier</key>
            	<string>com.example.app</string>
            	<key>CFBundleName</key>
            	<string>Demo</string>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>CFBundleIdentifier</key>
                	<string>com.example.app</string>
                	<key>CFBundleName</key>
                	<string>Demo</string>
                	<key>NSCameraUsageDescription</key>
                	<string>TODO: explain why the app uses the camera</string>
                </dict>
                </plist>

                """,
            sources: [
                ExampleSource(
                    "App/Scanner.swift", "AVCaptureDevice.requestAccess(for: .video) { granted in\n    if granted { startScanning() }\n}\n")
            ]),
        .triggering(
            """
            <plist version="1.0">
            ↓<dict>
            	<key>CFBundleIdentifier</key>
            	<string>com.example.app</string>
            	<key>CFBundleName</key>
            	<string>Demo</string>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>CFBundleIdentifier</key>
                	<string>com.example.app</string>
                	<key>CFBundleName</key>
                	<string>Demo</string>
                	<key>NSLocationWhenInUseUsageDescription</key>
                	<string>TODO: explain why the app uses your location</string>
                </dict>
                </plist>

                """,
            sources: [
                ExampleSource(
                    "App/MapViewController.m",
                    "- (void)viewDidLoad {\n    [super viewDidLoad];\n    [self.locationManager requestWhenInUseAuthorization];\n}\n")
            ]),
        .nonTriggering(
            ExampleText.dict(
                "\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app</string>\n\t<key>NSCameraUsageDescription</key>\n\t<string>Scan the QR code on your ticket.</string>\n"
            ),
            sources: [
                ExampleSource(
                    "App/Scanner.swift", "AVCaptureDevice.requestAccess(for: .video) { granted in\n    if granted { startScanning() }\n}\n")
            ]),
        .nonTriggering(
            ExampleText.validInfoPlist,
            sources: [
                ExampleSource(
                    "App/Status.swift",
                    "// Ask with requestWhenInUseAuthorization() later.\nlet status = AVCaptureDevice.authorizationStatus(for: .video)\nlet canUseBiometrics = LAContext().canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)\n"
                )
            ]),
    ]

    /// Location keys a Mac-only bundle may answer with `NSLocationUsageDescription`.
    static let macLocationKeys: Set<String> = ["NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription"]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let evidence = context.evidence, let root = context.rootDictionary else { return }
        // Keys the project's build settings put in the Info.plist count as present.
        let present = context.presentKeys
        let edits = EditBuilder(context.text)
        for need in evidence.needs {
            guard case .purposeString(let key) = need, !present.contains(key) else { continue }
            if (PrivacySymbols.satisfiedAlsoBy[key] ?? []).contains(where: present.contains) { continue }
            if Self.macLocationKeys.contains(key) && present.contains("NSLocationUsageDescription") && context.showsMacOSOnlyBundle {
                continue
            }
            out.append(
                SourceEvidenceReport.finding(
                    self, root.element.startTagRange, sites: evidence.sites(for: need),
                    fix: UsageDescriptionFix.adding(key, to: root, edits, conditionals: context.document.conditionals),
                    message: { summary, inAppCode in
                        inAppCode
                            ? "ITMS-90683: the app's code uses \(need.subject) (\(summary)), but '\(key)' is missing"
                            : "ITMS-90683: third-party code uses \(need.subject) (\(summary)); the app needs '\(key)' if that code can run, and App Store Connect may ask for it either way"
                    },
                    siteMessage: { "\($0.symbol): needs '\(key)'\($0.isThirdParty ? " (third-party code)" : "")" }))
        }
    }
}
