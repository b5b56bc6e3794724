// project-key-newer-than-target: a key the target's oldest supported system does not read.
import PlistSchema
import PlistSyntax
import XcodeProject

public struct KeyNewerThanTargetRule: Rule {
    public let id = "project-key-newer-than-target"
    public let title = "A key introduced after the target's deployment target"
    public let rationale = """
        The key database records the OS version that introduced each key (per platform). When the \
        target's deployment target (`IPHONEOS_DEPLOYMENT_TARGET`, `MACOSX_DEPLOYMENT_TARGET`…) is \
        older, the systems in between ignore the key: make sure the app behaves without it there \
        (or that an older key covers them).
        """
    public let category = RuleCategory.project
    public let defaultSeverity = Finding.Severity.information
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓NSUserTrackingUsageDescription</key>
            	<string>Measure ads.</string>
            </dict>
            </plist>

            """, project: ExampleProject(settings: "SDKROOT = iphoneos\nIPHONEOS_DEPLOYMENT_TARGET = 13.0\n")),
        .nonTriggering(
            ExampleText.dict("\t<key>NSUserTrackingUsageDescription</key>\n\t<string>Measure ads.</string>\n"),
            project: ExampleProject(settings: "SDKROOT = iphoneos\nIPHONEOS_DEPLOYMENT_TARGET = 15.0\n")),
    ]
    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard case let (project, target)? = DeploymentTarget.ofInfoPlist(context) else { return }
        for info in context.keys where info.parent.isEmpty {
            guard let definition = info.definition,
                let introduced = definition.platforms.first(where: { $0.platform == target.platform })?.introduced,
                DeploymentTarget.compare(introduced, target.version) > 0
            else { continue }
            out.append(
                diagnostic(
                    "'\(info.key.text)' is read from \(target.platform.rawValue) \(introduced) on; \(project.targetNames) supports \(target.platform.rawValue) \(target.version) (\(target.setting)), where it is ignored",
                    info.key.textRange))
        }
    }
}
