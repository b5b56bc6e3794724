// privacy-empty-usage-description: a purpose string that is empty or a placeholder.
import PlistSchema
import PlistSyntax

public struct EmptyUsageDescriptionRule: Rule {
    public let id = "privacy-empty-usage-description"
    public let title = "An empty or placeholder usage description"
    public let rationale = """
        The system shows the usage description (purpose string) when it asks the user for access. An \
        empty one makes the request fail or the app crash, and App Review rejects empty or placeholder \
        text ("TODO", "description", the key's own name). A build-setting reference is accepted; so is \
        an empty value in a file that localizes it in `InfoPlist.strings` — but the base value should \
        still say something. The `TODO:` text inserted by the missing-description fix is reported here \
        on purpose.
        """
    public let category = RuleCategory.privacy
    public let defaultSeverity = Finding.Severity.warning
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSCameraUsageDescription</key>
            	↓<string></string>
            </dict>
            </plist>

            """),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSMicrophoneUsageDescription</key>
            	↓<string>TODO: explain why the app uses the microphone</string>
            </dict>
            </plist>

            """),
        .nonTriggering(
            ExampleText.dict(
                "\t<key>NSCameraUsageDescription</key>\n\t<string>Scan the QR code on your ticket.</string>\n\t<key>NSMicrophoneUsageDescription</key>\n\t<string>$(MIC_USAGE)</string>\n"
            )),
    ]

    static let placeholders: Set<String> = [
        "todo", "tbd", "fixme", "placeholder", "description", "usage description", "lorem ipsum", "xxx", "x", "...", "…", "-",
        "n/a", "na", "none", "test", "string", "reason", "your reason here", "add description", "purpose",
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        for info in context.keys where info.parent.isEmpty {
            let name = info.definition?.name ?? info.key.text
            guard name.hasSuffix("UsageDescription"), let value = info.value, value.kind == .string else { continue }
            let text = value.trimmedText
            if BuildSettingReference.occurs(in: text) { continue }
            let folded = text.lowercased()
            if text.isEmpty {
                out.append(diagnostic("'\(name)' is empty: write why the app needs this access", value.element.range))
            } else if Self.placeholders.contains(folded) || folded.hasPrefix("todo") || folded.hasPrefix("fixme") || folded.hasPrefix("tbd")
                || folded.contains("lorem ipsum") || text == name
            {
                out.append(diagnostic("'\(name)' is a placeholder: write why the app needs this access", value.element.range))
            }
        }
    }
}
