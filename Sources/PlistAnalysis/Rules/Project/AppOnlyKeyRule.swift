// project-app-only-key: usage descriptions and launch-screen keys in a framework's Info.plist.
import PlistSchema
import PlistSyntax
import XcodeProject

public struct AppOnlyKeyRule: Rule {
    public let id = "project-app-only-key"
    public let title = "A key only an app's Info.plist is read for, in a framework's"
    public let rationale = """
        The system reads usage descriptions (`NS…UsageDescription`) and launch-screen keys \
        (`UILaunchScreen`, `UILaunchStoryboardName`, `UIApplicationSceneManifest`) from the app's \
        Info.plist only: in a framework's or library's they do nothing, and the app that embeds it \
        still needs its own. The project says the file belongs to a framework target.
        """
    public let category = RuleCategory.project
    public let defaultSeverity = Finding.Severity.warning
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓NSCameraUsageDescription</key>
            	<string>Scan receipts.</string>
            </dict>
            </plist>

            """, project: ExampleProject("framework")),
        .nonTriggering(
            ExampleText.dict("\t<key>NSCameraUsageDescription</key>\n\t<string>Scan receipts.</string>\n"),
            project: ExampleProject("application")),
    ]
    static let launchKeys: Set<String> = [
        "UILaunchScreen", "UILaunchScreens", "UILaunchStoryboardName", "UILaunchImages", "UIApplicationSceneManifest",
        "UIMainStoryboardFile",
    ]
    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let project = context.project, project.role == .infoPlist, project.productType.isFramework, let root = context.rootDictionary
        else { return }
        for entry in root.entries {
            guard let key = entry.key else { continue }
            let base = KeySuffix.split(key.text).base
            if base.hasSuffix("UsageDescription") {
                out.append(
                    diagnostic(
                        "'\(base)' in the Info.plist of the framework \(project.targetNames) is not read: usage descriptions belong in the app's Info.plist",
                        key.textRange))
            } else if Self.launchKeys.contains(base) {
                out.append(
                    diagnostic(
                        "'\(base)' in the Info.plist of the framework \(project.targetNames) is not read: launch-screen and scene keys belong in the app's Info.plist",
                        key.textRange))
            }
        }
    }
}
