// privacy-missing-usage-description: the file's own content shows a protected resource is used,
// but its usage description is missing.
import PlistSchema
import PlistSyntax

public struct MissingUsageDescriptionRule: Rule {
    public let id = "privacy-missing-usage-description"
    public let title = "A usage description the file shows is needed is missing"
    public let rationale = """
        An app that touches a protected resource without its usage description is terminated by the \
        system, and App Review rejects it. This rule reads the evidence in the file itself: required \
        device capabilities (cameras, microphone, GPS and location services, HealthKit, NFC), \
        background modes (location, Bluetooth) and companion keys (on iOS the always-location \
        description needs the when-in-use one; a Mac-only bundle, which asks with \
        NSLocationUsageDescription, is left alone). The fix, titled `Add KEY`, inserts the key with a `TODO:` \
        placeholder into the top-level dictionary beside the other usage descriptions (at its \
        alphabetical place when the keys are sorted, at the end when nothing tells), indented like \
        its neighbours and outside any `#if` branch; in an editor that takes snippets the placeholder \
        is selected, ready to be typed over. What the \
        project's source code shows is read by `privacy-missing-purpose-string`.
        """
    public let category = RuleCategory.privacy
    public let defaultSeverity = Finding.Severity.warning
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>UIRequiredDeviceCapabilities</key>
            	<array>
            		↓<string>still-camera</string>
            	</array>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>UIRequiredDeviceCapabilities</key>
                	<array>
                		<string>still-camera</string>
                	</array>
                	<key>NSCameraUsageDescription</key>
                	<string>TODO: explain why the app uses the camera</string>
                </dict>
                </plist>

                """),
        .triggering(
            """
            <plist version="1.0">\r
            <dict>\r
                <key>UIBackgroundModes</key>\r
                <array>\r
                    ↓<string>location</string>\r
                </array>\r
            </dict>\r
            </plist>\r

            """,
            fixed: """
                <plist version="1.0">\r
                <dict>\r
                    <key>UIBackgroundModes</key>\r
                    <array>\r
                        <string>location</string>\r
                    </array>\r
                    <key>NSLocationWhenInUseUsageDescription</key>\r
                    <string>TODO: explain why the app uses your location</string>\r
                </dict>\r
                </plist>\r

                """),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓NSLocationAlwaysAndWhenInUseUsageDescription</key>
            	<string>Track your runs.</string>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSLocationAlwaysAndWhenInUseUsageDescription</key>
                	<string>Track your runs.</string>
                	<key>NSLocationWhenInUseUsageDescription</key>
                	<string>TODO: explain why the app uses your location</string>
                </dict>
                </plist>

                """),
        .nonTriggering(
            ExampleText.dict(
                "\t<key>UIRequiredDeviceCapabilities</key>\n\t<array>\n\t\t<string>still-camera</string>\n\t</array>\n\t<key>NSCameraUsageDescription</key>\n\t<string>Scan receipts.</string>\n"
            )),
        .nonTriggering(
            ExampleText.dict("\t<key>UIRequiredDeviceCapabilities</key>\n\t<array>\n\t\t<string>still-camera</string>\n\t</array>\n"),
            project: ExampleProject(settings: "GENERATE_INFOPLIST_FILE = YES\nINFOPLIST_KEY_NSCameraUsageDescription = Scan receipts\n")),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓NSBluetoothAlwaysUsageDescription</key>
            	<string>Find nearby sensors.</string>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSBluetoothAlwaysUsageDescription</key>
                	<string>Find nearby sensors.</string>
                	<key>NSBluetoothPeripheralUsageDescription</key>
                	<string>TODO: explain why the app uses this resource</string>
                </dict>
                </plist>

                """, project: ExampleProject(settings: "SDKROOT = iphoneos\nIPHONEOS_DEPLOYMENT_TARGET = 12.0\n")),
        .nonTriggering(
            ExampleText.dict(
                "\t<key>LSMinimumSystemVersion</key>\n\t<string>11.0</string>\n\t<key>NSLocationAlwaysUsageDescription</key>\n\t<string>Show the weather where you are.</string>\n"
            )),
        .nonTriggering(
            ExampleText.dict("\t<key>UIRequiredDeviceCapabilities</key>\n\t<dict>\n\t\t<key>still-camera</key>\n\t\t<false/>\n\t</dict>\n")),
        .nonTriggering(
            ExampleText.dict("\t<key>UIRequiredDeviceCapabilities</key>\n\t<array>\n\t\t<string>still-camera</string>\n\t</array>\n"),
            path: "App.entitlements"),
    ]

    /// Usage description needed for each device capability.
    static let capabilities: [String: String] = [
        "still-camera": "NSCameraUsageDescription", "video-camera": "NSCameraUsageDescription",
        "auto-focus-camera": "NSCameraUsageDescription", "front-facing-camera": "NSCameraUsageDescription",
        "camera-flash": "NSCameraUsageDescription", "microphone": "NSMicrophoneUsageDescription",
        "gps": "NSLocationWhenInUseUsageDescription", "location-services": "NSLocationWhenInUseUsageDescription",
        "healthkit": "NSHealthShareUsageDescription", "nfc": "NFCReaderUsageDescription",
    ]
    /// Usage description needed for each background mode.
    static let backgroundModes: [String: String] = [
        "location": "NSLocationWhenInUseUsageDescription",
        "bluetooth-central": "NSBluetoothAlwaysUsageDescription", "bluetooth-peripheral": "NSBluetoothAlwaysUsageDescription",
    ]
    /// Keys that need another key beside them.
    static let companions: [String: String] = [
        "NSLocationAlwaysAndWhenInUseUsageDescription": "NSLocationWhenInUseUsageDescription",
        "NSLocationAlwaysUsageDescription": "NSLocationWhenInUseUsageDescription",
    ]
    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.rootDictionary else { return }
        // Keys the project's build settings put in the Info.plist count as present.
        let present = ExactNames(root.keys).union(context.project?.externalKeys.keys ?? [:].keys)
        var reported = ExactNames()
        let edits = EditBuilder(context.text)
        func report(_ needed: String, _ range: Range<Int>, because: String) {
            guard !present.contains(needed), reported.insert(needed) else { return }
            let fix = UsageDescriptionFix.adding(needed, to: root, edits, conditionals: context.document.conditionals)
            out.append(diagnostic("\(because) needs '\(needed)', which is missing", range, fixes: fix.map { [$0] } ?? []))
        }
        for entry in root.entries {
            guard let key = entry.key, let value = entry.value else { continue }
            switch KeySuffix.split(key.text).base {
            case "UIRequiredDeviceCapabilities":
                if value.kind == .array {
                    for item in value.items where item.kind == .string {
                        if let needed = Self.capabilities[item.trimmedText] {
                            report(needed, item.element.range, because: "The device capability '\(item.trimmedText)'")
                        }
                    }
                } else if value.kind == .dictionary {
                    for e in value.entries where e.value?.boolValue == true {
                        if let k = e.key, let needed = Self.capabilities[k.text] {
                            report(needed, k.element.range, because: "The device capability '\(k.text)'")
                        }
                    }
                }
            case "UIBackgroundModes" where value.kind == .array:
                for item in value.items where item.kind == .string {
                    if let needed = Self.backgroundModes[item.trimmedText] {
                        report(needed, item.element.range, because: "The background mode '\(item.trimmedText)'")
                    }
                }
            default:
                if let needed = Self.companions[key.text], !context.showsMacOSOnlyBundle {
                    report(needed, key.textRange, because: "'\(key.text)'")
                }
                // Below iOS 13 the system asks with the older Bluetooth key.
                if key.text == "NSBluetoothAlwaysUsageDescription", let project = context.project, let target = DeploymentTarget(project),
                    target.platform == .iOS, DeploymentTarget.compare(target.version, "13.0") < 0
                {
                    report(
                        "NSBluetoothPeripheralUsageDescription", key.textRange,
                        because:
                            "'\(key.text)' with a deployment target of iOS \(target.version) (below 13.0, the system reads the older key)")
                }
            }
        }
    }
}
