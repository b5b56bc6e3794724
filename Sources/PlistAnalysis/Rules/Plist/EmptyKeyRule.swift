// plist-empty-key: `<key></key>`.
import PlistSyntax

public struct EmptyKeyRule: Rule {
    public let id = "plist-empty-key"
    public let title = "An empty key"
    public let rationale =
        "An empty `<key></key>` is legal XML but almost always a half-finished edit: nothing reads a value stored under the empty string."
    public let category = RuleCategory.structure
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { FileKind.allKinds }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	↓<key></key>
            	<string>x</string>
            </dict>
            </plist>

            """),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	↓<key/>
            	<string>x</string>
            </dict>
            </plist>

            """),
        .nonTriggering(ExampleText.validInfoPlist),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        out += context.findingsPerDictionary(of: self, where: .blank) { dictionary in
            let isBlank = KeyNameIndex.isBlank
            // The names alone first: making the entries costs more, and almost no dictionary has one
            // (for a large dictionary, from counts updated by the runs an edit replaced).
            if dictionary.isStoredInRuns {
                guard context.keyNameFacts(of: dictionary).hasBlank else { return [] }
            } else {
                guard dictionary.keys.contains(where: isBlank) else { return [] }
            }
            var found: [Finding] = []
            for e in dictionary.entries {
                guard let key = e.key, isBlank(key.text) else { continue }
                found.append(diagnostic("Empty key", key.element.range))
            }
            return found
        }
    }
}
