// project-key-deprecated-for-target: a key deprecated before the target's oldest supported system.
import PlistSchema
import PlistSyntax
import XcodeProject

public struct KeyDeprecatedForTargetRule: Rule {
    public let id = "project-key-deprecated-for-target"
    public let title = "A key deprecated before the target's deployment target"
    public let rationale = """
        A key kept beside its successor for older systems matters on none the target supports once it \
        was deprecated in an OS version at or below the deployment target: the successor is what they \
        read, and the old key can go. A deprecated key without its successor beside it is \
        `info-deprecated-key`'s to report (one note per key, not two); keys deprecated later still \
        serve the older systems.
        """
    public let category = RuleCategory.project
    public let defaultSeverity = Finding.Severity.information
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓NSBluetoothPeripheralUsageDescription</key>
            	<string>Find nearby sensors.</string>
            	<key>NSBluetoothAlwaysUsageDescription</key>
            	<string>Find nearby sensors.</string>
            </dict>
            </plist>

            """, project: ExampleProject(settings: "SDKROOT = iphoneos\nIPHONEOS_DEPLOYMENT_TARGET = 15.0\n")),
        .nonTriggering(
            ExampleText.dict(
                "\t<key>NSBluetoothPeripheralUsageDescription</key>\n\t<string>Find nearby sensors.</string>\n\t<key>NSBluetoothAlwaysUsageDescription</key>\n\t<string>Find nearby sensors.</string>\n"
            ),
            project: ExampleProject(settings: "SDKROOT = iphoneos\nIPHONEOS_DEPLOYMENT_TARGET = 12.0\n")),
    ]
    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard case let (project, target)? = DeploymentTarget.ofInfoPlist(context) else { return }
        for info in context.keys where info.parent.isEmpty {
            guard let definition = info.definition, definition.status.kind == .deprecated, let since = definition.status.since,
                let (platform, version) = DeploymentTarget.parse(since), platform == target.platform,
                DeploymentTarget.compare(version, target.version) <= 0,
                let successor = definition.status.successor, info.dictionary.keys.contains(successor)
            else { continue }
            out.append(
                diagnostic(
                    "'\(info.key.text)' is deprecated since \(since), and \(project.targetNames) supports \(target.platform.rawValue) \(target.version) and later: no supported system needs it ('\(successor)' replaces it)",
                    info.key.textRange, tags: [.deprecated]))
        }
    }
}
