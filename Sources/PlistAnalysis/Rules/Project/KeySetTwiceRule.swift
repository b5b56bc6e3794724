// project-key-set-twice: a key the Info.plist file holds that the build settings also set.
import PlistSchema
import PlistSyntax
import XcodeProject

public struct KeySetTwiceRule: Rule {
    public let id = "project-key-set-twice"
    public let title = "A key is set both in the Info.plist and by a build setting"
    public let rationale = """
        With GENERATE_INFOPLIST_FILE, Xcode adds each `INFOPLIST_KEY_*` build setting to the Info.plist \
        it builds; XcodeGen writes its `info.properties` into the file. When the file has the key too, \
        the file's value wins and the build setting is dead weight that someone will edit in vain. \
        The note names the setting and where it is written.
        """
    public let category = RuleCategory.project
    public let defaultSeverity = Finding.Severity.information
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓NSCameraUsageDescription</key>
            	<string>Scan receipts.</string>
            </dict>
            </plist>

            """,
            project: ExampleProject(settings: "GENERATE_INFOPLIST_FILE = YES\nINFOPLIST_KEY_NSCameraUsageDescription = Scan receipts\n")),
        .nonTriggering(
            ExampleText.dict("\t<key>NSCameraUsageDescription</key>\n\t<string>Scan receipts.</string>\n"),
            project: ExampleProject(settings: "INFOPLIST_KEY_NSCameraUsageDescription = Scan receipts\n")),
    ]
    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let project = context.project, !project.externalKeys.isEmpty, let root = context.rootDictionary else { return }
        // By exact scalars: the build's key and a key canonically equal to it are two keys (issue #39).
        let external = Dictionary(project.externalKeys.map { (ExactText($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
        for entry in root.entries {
            guard let key = entry.key, let external = external[ExactText(key.text)] else { continue }
            out.append(diagnostic("'\(key.text)' is also set by \(external.display); the Info.plist file's value wins", key.textRange))
        }
    }
}
