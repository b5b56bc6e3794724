// privacy-missing-key: an API or data-type entry without a key every such entry needs, or with an
// empty list of reasons or purposes.
import PlistSchema
import PlistSyntax

public struct MissingEntryKeyRule: Rule {
    public let id = "privacy-missing-key"
    public let title = "An entry lacks a key it needs, or lists no reason or purpose"
    public let rationale = """
        Every entry of `NSPrivacyAccessedAPITypes` names its category (`NSPrivacyAccessedAPIType`) and \
        at least one reason (`NSPrivacyAccessedAPITypeReasons`); every entry of \
        `NSPrivacyCollectedDataTypes` names its type and says whether the data is linked to the user, \
        whether it is used for tracking, and at least one purpose. App Store Connect refuses a manifest \
        whose entries lack one (ITMS-91056). There is no fix to offer: the missing facts are the \
        developer's; completion offers the keys and their values.
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
            		↓<dict>
            			<key>NSPrivacyAccessedAPIType</key>
            			<string>NSPrivacyAccessedAPICategoryDiskSpace</string>
            		</dict>
            	</array>
            </dict>
            </plist>

            """, path: PrivacyExample.path),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSPrivacyAccessedAPITypes</key>
            	<array>
            		<dict>
            			<key>NSPrivacyAccessedAPIType</key>
            			<string>NSPrivacyAccessedAPICategoryDiskSpace</string>
            			<key>NSPrivacyAccessedAPITypeReasons</key>
            			↓<array/>
            		</dict>
            	</array>
            </dict>
            </plist>

            """, path: PrivacyExample.path),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSPrivacyCollectedDataTypes</key>
            	<array>
            		↓<dict>
            			<key>NSPrivacyCollectedDataType</key>
            			<string>NSPrivacyCollectedDataTypeCrashData</string>
            		</dict>
            	</array>
            </dict>
            </plist>

            """, path: PrivacyExample.path),
        .nonTriggering(PrivacyExample.api("NSPrivacyAccessedAPICategoryDiskSpace", reasons: ["E174.1"]), path: PrivacyExample.path),
        .nonTriggering(PrivacyExample.data(PrivacyExample.dataEntry("NSPrivacyCollectedDataTypeCrashData")), path: PrivacyExample.path),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        for info in context.dictionariesWithPaths {
            guard let path = info.path, !path.isEmpty else { continue }
            let required = context.schema.keys(at: path, domain: .privacyManifest).filter { $0.requiredFor.contains(.entry) }
            guard !required.isEmpty else { continue }
            let present = ExactNames(info.node.keys)
            let missing = required.map(\.name).filter { !present.contains($0) }
            if !missing.isEmpty {
                out.append(diagnostic("This entry lacks \(missing.joinedAsList)", info.node.element.startTagRange))
            }
            for definition in required where definition.valueTypes == [.array] {
                guard let value = info.node.value(forKey: definition.name), value.kind == .array,
                    !value.items.contains(where: { !($0.text ?? "").trimmedForRules.isEmpty || $0.kind != .string })
                else { continue }
                let what = definition.name == PrivacyManifest.accessedAPIReasons ? "reason" : "purpose"
                out.append(diagnostic("\(definition.name) lists no \(what): declare at least one", value.element.range))
            }
        }
    }
}
