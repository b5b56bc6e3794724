// privacy-duplicate-entry: the same API category or collected data type declared twice.
import PlistSchema
import PlistSyntax

public struct DuplicateEntryRule: Rule {
    public let id = "privacy-duplicate-entry"
    public let title = "An API category or data type declared in two entries"
    public let rationale = """
        Each required-reason API category and each collected data type gets one entry, holding all its \
        reasons or purposes; a second entry for the same one is a duplicate that App Store Connect can \
        refuse as an invalid manifest, and that readers of the file take for the whole story. The later \
        entry is reported, pointing at the first. For API categories the fix merges the later entry's \
        reasons into the first and removes it; for data types it removes a later entry that adds \
        nothing (same linking and tracking, purposes already listed). Both keep every declaration and \
        are offered, never applied by fix-all.
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
            			</array>
            		</dict>
            		<dict>
            			<key>NSPrivacyAccessedAPIType</key>
            			↓<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
            			<key>NSPrivacyAccessedAPITypeReasons</key>
            			<array>
            				<string>1C8F.1</string>
            				<string>CA92.1</string>
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
                				<string>1C8F.1</string>
                			</array>
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
            		<dict>
            			<key>NSPrivacyCollectedDataType</key>
            			<string>NSPrivacyCollectedDataTypeCrashData</string>
            			<key>NSPrivacyCollectedDataTypeLinked</key>
            			<false/>
            			<key>NSPrivacyCollectedDataTypeTracking</key>
            			<false/>
            			<key>NSPrivacyCollectedDataTypePurposes</key>
            			<array>
            				<string>NSPrivacyCollectedDataTypePurposeAppFunctionality</string>
            			</array>
            		</dict>
            		<dict>
            			<key>NSPrivacyCollectedDataType</key>
            			↓<string>NSPrivacyCollectedDataTypeCrashData</string>
            			<key>NSPrivacyCollectedDataTypeLinked</key>
            			<false/>
            			<key>NSPrivacyCollectedDataTypeTracking</key>
            			<false/>
            			<key>NSPrivacyCollectedDataTypePurposes</key>
            			<array>
            				<string>NSPrivacyCollectedDataTypePurposeAppFunctionality</string>
            			</array>
            		</dict>
            	</array>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSPrivacyCollectedDataTypes</key>
                	<array>
                		<dict>
                			<key>NSPrivacyCollectedDataType</key>
                			<string>NSPrivacyCollectedDataTypeCrashData</string>
                			<key>NSPrivacyCollectedDataTypeLinked</key>
                			<false/>
                			<key>NSPrivacyCollectedDataTypeTracking</key>
                			<false/>
                			<key>NSPrivacyCollectedDataTypePurposes</key>
                			<array>
                				<string>NSPrivacyCollectedDataTypePurposeAppFunctionality</string>
                			</array>
                		</dict>
                	</array>
                </dict>
                </plist>

                """, path: PrivacyExample.path),
        .nonTriggering(
            PrivacyExample.manifest(
                "\t<key>NSPrivacyAccessedAPITypes</key>\n\t<array>\n"
                    + PrivacyExample.entry("NSPrivacyAccessedAPICategoryUserDefaults", reasons: ["CA92.1"])
                    + PrivacyExample.entry("NSPrivacyAccessedAPICategoryFileTimestamp", reasons: ["C617.1"]) + "\t</array>\n"),
            path: PrivacyExample.path),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        check(
            PrivacyManifest.accessedAPITypes, by: PrivacyManifest.accessedAPIType, listKey: PrivacyManifest.accessedAPIReasons,
            what: "API category", context, edits, &out)
        check(
            PrivacyManifest.collectedDataTypes, by: PrivacyManifest.collectedDataType, listKey: PrivacyManifest.collectedDataPurposes,
            what: "data type", context, edits, &out)
    }

    /// Entries of the top-level array `arrayKey` with the same `nameKey`; `listKey` is the array
    /// the fix merges (reasons) or compares (purposes).
    private func check(
        _ arrayKey: String, by nameKey: String, listKey: String, what: String,
        _ context: RuleContext, _ edits: EditBuilder, _ out: inout [Finding]
    ) {
        var first: [String: PlistNode] = [:]
        for (_, entry) in PrivacyManifest.entries(of: arrayKey, in: context) {
            guard let name = PrivacyManifest.string(nameKey, in: entry), !name.isEmpty, let value = entry.value(forKey: nameKey) else {
                continue
            }
            guard let earlier = first[name] else { first[name] = entry; continue }
            let mine = Self.strings(entry.value(forKey: listKey))
            let theirs = Self.strings(earlier.value(forKey: listKey))
            var fixes: [Fix] = []
            let missing = mine.filter { !theirs.contains($0) }
            if nameKey == PrivacyManifest.accessedAPIType {
                if missing.isEmpty {
                    fixes.append(Fix(title: "Remove the duplicate entry", edits: [edits.removing(item: entry)], isPreferred: true))
                } else if let list = earlier.value(forKey: listKey), list.kind == .array,
                    let merge = edits.appendingItems(missing.map { "<string>\(EditBuilder.escape($0))</string>" }, to: list)
                {
                    fixes.append(
                        Fix(
                            title: "Merge its reasons into the first \(name) entry", edits: [merge, edits.removing(item: entry)],
                            isPreferred: true))
                }
            } else if missing.isEmpty, Self.sameFlags(entry, earlier) {
                fixes.append(Fix(title: "Remove the duplicate entry", edits: [edits.removing(item: entry)], isPreferred: true))
            }
            out.append(
                diagnostic(
                    "\(name) is declared in an earlier entry too: declare each \(what) once", value.element.range,
                    related: [
                        (message: "first declared here", range: earlier.value(forKey: nameKey)?.element.range ?? earlier.element.range)
                    ],
                    fixes: fixes))
        }
    }

    /// The trimmed strings of an array value.
    static func strings(_ node: PlistNode?) -> [String] {
        guard let node, node.kind == .array else { return [] }
        return node.items.filter { $0.kind == .string }.map(\.trimmedText)
    }

    /// Whether two data-type entries say the same about linking and tracking.
    static func sameFlags(_ a: PlistNode, _ b: PlistNode) -> Bool {
        ["NSPrivacyCollectedDataTypeLinked", "NSPrivacyCollectedDataTypeTracking"].allSatisfy {
            a.value(forKey: $0)?.boolValue == b.value(forKey: $0)?.boolValue
        }
    }
}
