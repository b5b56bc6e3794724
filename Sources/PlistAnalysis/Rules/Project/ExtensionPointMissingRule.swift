// project-extension-point-missing: an app extension's Info.plist without NSExtension.
import PlistSchema
import PlistSyntax
import XcodeProject

public struct ExtensionPointMissingRule: Rule {
    public let id = "project-extension-point-missing"
    public let title = "An app extension's Info.plist does not name its extension point"
    public let rationale = """
        The system loads an app extension by the extension point its Info.plist names: `NSExtension` \
        with `NSExtensionPointIdentifier` (or, for ExtensionKit extensions, `EXAppExtensionAttributes`). \
        Without it the extension is never offered, and App Store Connect rejects the upload. The \
        project says the file belongs to an app-extension target.
        """
    public let category = RuleCategory.project
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

            """, project: ExampleProject("app-extension")),
        .nonTriggering(
            ExampleText.dict(
                "\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>NSExtensionPointIdentifier</key>\n\t\t<string>com.apple.widgetkit-extension</string>\n\t</dict>\n"
            ),
            project: ExampleProject("app-extension")),
        .nonTriggering(ExampleText.validInfoPlist, project: ExampleProject("application")),
    ]
    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let project = context.project, project.role == .infoPlist, project.productType.isAppExtension,
            !project.productType.identifier.hasSuffix("watchkit2-extension"), let root = context.rootDictionary
        else { return }
        let present = context.presentKeys
        guard !present.contains("NSExtension"), !present.contains("EXAppExtensionAttributes") else { return }
        out.append(
            diagnostic(
                "\(project.targetNames) is an app extension, but its Info.plist has no 'NSExtension' (or 'EXAppExtensionAttributes') naming its extension point",
                root.element.startTagRange))
    }
}
