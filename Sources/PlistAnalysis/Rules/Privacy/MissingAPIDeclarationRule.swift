// privacy-missing-api-declaration (ITMS-91053): the project's code uses a required-reason API whose
// category the privacy manifest does not declare.
import PlistSyntax

public struct MissingAPIDeclarationRule: Rule {
    public let id = "privacy-missing-api-declaration"
    public let title = "The code uses a required-reason API the privacy manifest does not declare (ITMS-91053)"
    public let rationale = """
        Apple lists APIs that can be misused to fingerprint a device (file timestamps, system boot \
        time, disk space, active keyboards, user defaults) and requires every app and SDK that calls \
        them to declare the API's category, with an approved reason, under \
        `NSPrivacyAccessedAPITypes` in its `PrivacyInfo.xcprivacy`; App Store Connect refuses an \
        upload whose code uses one undeclared (ITMS-91053). This rule reads the project's Swift, \
        Objective-C, C and C++ sources (see [source-evidence.md](source-evidence.md)) and reports \
        each category the code uses that the manifest does not declare, with every call site (at \
        most 20) as related information. When only third-party code uses it (`Pods/`, `Carthage/`, \
        `.build/`, `SourcePackages/`, `DerivedData/`, `node_modules/`), the finding is a note: the \
        SDK's own privacy manifest should declare it, and yours must only when the SDK ships none. \
        The quick fix (offered, never applied for you) adds the category with an empty \
        `NSPrivacyAccessedAPITypeReasons` array, creating `NSPrivacyAccessedAPITypes` if needed: \
        choose the reason that is true for your app, as completion offers them.
        """
    public let category = RuleCategory.privacy
    public let defaultSeverity = Finding.Severity.warning
    public let fileKinds: Set<FileKind> = [.privacyManifest]
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            ↓<dict>
            	<key>NSPrivacyTracking</key>
            	<false/>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSPrivacyTracking</key>
                	<false/>
                	<key>NSPrivacyAccessedAPITypes</key>
                	<array>
                		<dict>
                			<key>NSPrivacyAccessedAPIType</key>
                			<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
                			<key>NSPrivacyAccessedAPITypeReasons</key>
                			<array>
                			</array>
                		</dict>
                	</array>
                </dict>
                </plist>

                """, path: "PrivacyInfo.xcprivacy",
            sources: [ExampleSource("App/Settings.swift", "let onboarded = UserDefaults.standard.bool(forKey: \"onboarded\")\n")]),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	↓<key>NSPrivacyAccessedAPITypes</key>
            	<array>
            		<dict>
            			<key>NSPrivacyAccessedAPIType</key>
            			<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
            			<key>NSPrivacyAccessedAPITypeReasons</key>
            			<array>
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
                			</array>
                		</dict>
                		<dict>
                			<key>NSPrivacyAccessedAPIType</key>
                			<string>NSPrivacyAccessedAPICategoryFileTimestamp</string>
                			<key>NSPrivacyAccessedAPITypeReasons</key>
                			<array>
                			</array>
                		</dict>
                	</array>
                </dict>
                </plist>

                """, path: "PrivacyInfo.xcprivacy",
            sources: [
                ExampleSource(
                    "App/Cache.m",
                    "NSDictionary *attributes = [NSFileManager.defaultManager attributesOfItemAtPath:path error:nil];\nNSDate *changed = attributes[NSFileModificationDate];\n[NSUserDefaults.standardUserDefaults setObject:changed forKey:@\"cacheDate\"];\n"
                )
            ]),
        .nonTriggering(
            ExampleText.dict(declared("NSPrivacyAccessedAPICategoryUserDefaults", "CA92.1")), path: "PrivacyInfo.xcprivacy",
            sources: [ExampleSource("App/Settings.swift", "let onboarded = UserDefaults.standard.bool(forKey: \"onboarded\")\n")]),
        .nonTriggering(
            ExampleText.dict("\t<key>NSPrivacyTracking</key>\n\t<false/>\n"), path: "PrivacyInfo.xcprivacy",
            sources: [
                ExampleSource(
                    "App/Photos.swift",
                    "// Sorted by creationDate, not by UserDefaults.\nlet newest = photos.max { $0.creationDate < $1.creationDate }\nlet label = \"stat(path) and systemUptime\"\n"
                )
            ]),
    ]

    /// A manifest body declaring `category` with `reason` (and `then`, with no reason yet, as the fix adds it).
    private static func declared(_ category: String, _ reason: String, then added: String? = nil) -> String {
        var body =
            "\t<key>NSPrivacyAccessedAPITypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>\n\t\t\t<string>\(category)</string>\n\t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>\n\t\t\t<array>\n\t\t\t\t<string>\(reason)</string>\n\t\t\t</array>\n\t\t</dict>\n"
        if let added {
            body +=
                "\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>\n\t\t\t<string>\(added)</string>\n\t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>\n\t\t\t<array>\n\t\t\t</array>\n\t\t</dict>\n"
        }
        return body + "\t</array>\n"
    }

    static let typesKey = "NSPrivacyAccessedAPITypes"

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let evidence = context.evidence, let root = context.rootDictionary else { return }
        let types = root.value(forKey: Self.typesKey)
        let declared = Set((types?.items ?? []).compactMap { $0.value(forKey: "NSPrivacyAccessedAPIType")?.trimmedText })
        let anchor =
            root.entries.first { $0.key.map { ExactText.equal($0.text, Self.typesKey) } == true }?.key?.element.range
            ?? root.element.startTagRange
        let edits = EditBuilder(context.text)
        for need in evidence.needs {
            guard case .apiCategory(let category) = need, !declared.contains(category) else { continue }
            out.append(
                SourceEvidenceReport.finding(
                    self, anchor, sites: evidence.sites(for: need),
                    fix: fix(declaring: category, types: types, root: root, edits, conditionals: context.document.conditionals),
                    message: { summary, inAppCode in
                        inAppCode
                            ? "ITMS-91053: the app's code uses \(need.subject) APIs (\(summary)), but \(Self.typesKey) does not declare \(category)"
                            : "ITMS-91053: third-party code uses \(need.subject) APIs (\(summary)); its own privacy manifest should declare \(category), and this one must if that SDK ships none"
                    },
                    siteMessage: { "\($0.symbol): \(need.subject) (required-reason API\($0.isThirdParty ? ", in third-party code" : ""))" })
            )
        }
    }

    /// Adds an entry for `category` with an empty reasons array to `NSPrivacyAccessedAPITypes`,
    /// or the array with that entry when the manifest has none; nothing when the key holds
    /// something other than an array.
    func fix(
        declaring category: String, types: PlistNode?, root: PlistNode, _ edits: EditBuilder, conditionals: ConditionalStructure
    ) -> Fix? {
        let entry: [(depth: Int, text: String)] = [
            (0, "<dict>"),
            (1, "<key>NSPrivacyAccessedAPIType</key>"), (1, "<string>\(EditBuilder.escape(category))</string>"),
            (1, "<key>NSPrivacyAccessedAPITypeReasons</key>"), (1, "<array>"), (1, "</array>"),
            (0, "</dict>"),
        ]
        let edit: SourceEdit?
        if let types {
            guard types.kind == .array else { return nil }
            edit = edits.appendingItem(lines: entry, to: types)
        } else {
            edit = edits.insertingEntry(
                key: Self.typesKey, valueLines: [(0, "<array>")] + entry.map { ($0.depth + 1, $0.text) } + [(0, "</array>")],
                into: root, conditionals: conditionals)
        }
        return edit.map { Fix(title: "Declare \(category) (then choose its reason)", edits: [$0], isPreferred: true) }
    }
}
