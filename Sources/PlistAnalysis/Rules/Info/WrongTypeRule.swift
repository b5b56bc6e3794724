// info-wrong-type: a known key whose value (or array item) has the wrong type. The same check runs
// on entitlements and privacy manifests under their own ids (Entitlement/, Privacy/).
import PlistSchema
import PlistSyntax

public struct WrongTypeRule: IdentifiedRule {
    public let identity: RuleIdentity
    public let defaultSeverity = Finding.Severity.warning
    /// Whether a Boolean, integer or real where another of the three belongs is reported. Info.plist
    /// readers take any number (Foundation's `boolValue`); entitlements and privacy manifests are
    /// checked by code signing and App Store Connect, which expect the documented type.
    let strictNumbers: Bool

    /// The Info.plist rule.
    public init() {
        self.init(
            RuleIdentity(
                id: "info-wrong-type", title: "A known key has a value of the wrong type",
                rationale: """
                    The system reads each key as one type. `<string>YES</string>` where a Boolean belongs, or a \
                    single `<string>` where an array belongs, is read as absent or misread. Array items are checked \
                    against the key's item type, at every depth the key reference describes. A string made only of \
                    build-setting references (`$(VAR)`) is left alone: its type is the build system's business. The \
                    fix converts the value (`YES`/`NO`/`true`/`false`/`1`/`0` to `<true/>`/`<false/>`, digits to \
                    `<integer>`, a single value to a one-item array); it is offered, never applied by fix-all, since it \
                    changes the value Foundation hands the app. Booleans, integers and reals are all numbers to \
                    Foundation and are not reported for one another.
                    """, category: .types, fileKinds: [.infoPlist],
                examples: [
                    .triggering(
                        """
                        <plist version="1.0">
                        <dict>
                        	<key>UIRequiresFullScreen</key>
                        	↓<string>YES</string>
                        </dict>
                        </plist>

                        """,
                        fixed: """
                            <plist version="1.0">
                            <dict>
                            	<key>UIRequiresFullScreen</key>
                            	<true/>
                            </dict>
                            </plist>

                            """),
                    .triggering(
                        """
                        <plist version="1.0">
                        <dict>
                        	<key>UIBackgroundModes</key>
                        	↓<string>audio</string>
                        </dict>
                        </plist>

                        """,
                        fixed: """
                            <plist version="1.0">
                            <dict>
                            	<key>UIBackgroundModes</key>
                            	<array>
                            		<string>audio</string>
                            	</array>
                            </dict>
                            </plist>

                            """),
                    .triggering(
                        """
                        <plist version="1.0">
                        <dict>
                        	<key>UIBackgroundModes</key>
                        	<array>
                        		↓<true/>
                        	</array>
                        </dict>
                        </plist>

                        """,
                        fixed: """
                            <plist version="1.0">
                            <dict>
                            	<key>UIBackgroundModes</key>
                            	<array>
                            		<string>YES</string>
                            	</array>
                            </dict>
                            </plist>

                            """),
                    .triggering(
                        """
                        <plist version="1.0">
                        <dict>
                        	<key>NSAppTransportSecurity</key>
                        	<dict>
                        		<key>NSAllowsArbitraryLoads</key>
                        		↓<string>NO</string>
                        	</dict>
                        </dict>
                        </plist>

                        """,
                        fixed: """
                            <plist version="1.0">
                            <dict>
                            	<key>NSAppTransportSecurity</key>
                            	<dict>
                            		<key>NSAllowsArbitraryLoads</key>
                            		<false/>
                            	</dict>
                            </dict>
                            </plist>

                            """),
                    .nonTriggering(
                        ExampleText.dict(
                            "\t<key>UIRequiresFullScreen</key>\n\t<true/>\n\t<key>UIStatusBarHidden</key>\n\t<string>$(HIDE_STATUS_BAR)</string>\n"
                        )),
                    .nonTriggering(
                        ExampleText.dict("\t<key>UIRequiresFullScreen</key>\n\t<string>YES</string>\n"), path: "App.entitlements"),
                ]), strictNumbers: false)
    }

    /// The same check under another identity, for the keys of other kinds of file.
    init(_ identity: RuleIdentity, strictNumbers: Bool) {
        self.identity = identity
        self.strictNumbers = strictNumbers
    }

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        for info in context.keys {
            guard let def = info.match?.definition, info.match?.kind == .exact, let value = info.value, let type = value.valueType else {
                continue
            }
            if def.valueTypes.contains(type) || !strictNumbers && Self.numericallyCompatible(type, def.valueTypes) {
                if type == .array, let element = def.arrayElementType {
                    for item in value.items {
                        guard let itemType = item.valueType, itemType != element,
                            strictNumbers || !Self.numericallyCompatible(itemType, [element])
                        else { continue }
                        if itemType == .string && BuildSettingReference.isWhole(item.text ?? "") { continue }
                        out.append(
                            diagnostic(
                                "Items of '\(info.key.text)' are \(Self.name(element)), not \(Self.name(itemType))", item.element.range,
                                fixes: Self.conversions(item, to: element, edits: edits)))
                    }
                }
                continue
            }
            if type == .string && BuildSettingReference.isWhole(value.text ?? "") { continue }
            let expected = def.valueTypes.map { t -> String in
                t == .array && def.arrayElementType != nil ? "an array of \(Self.name(def.arrayElementType!))s" : Self.withArticle(t)
            }.joined(separator: " or ")
            var fixes: [Fix] = []
            for t in def.valueTypes {
                fixes += Self.conversions(value, to: t, element: def.arrayElementType, edits: edits)
                if !fixes.isEmpty { break }
            }
            out.append(
                diagnostic("'\(info.key.text)' expects \(expected), not \(Self.withArticle(type))", value.element.range, fixes: fixes))
        }
    }

    /// Booleans, integers and reals are all numbers to Foundation (`NSNumber`), and the system reads
    /// one where another is documented (`<integer>1</integer>` for a Boolean), so they are not reported.
    static func numericallyCompatible(_ type: ValueType, _ allowed: [ValueType]) -> Bool {
        let numbers: Set<ValueType> = [.boolean, .integer, .real]
        return numbers.contains(type) && allowed.contains(where: numbers.contains)
    }

    /// "a string", "an integer", "an array".
    static func withArticle(_ t: ValueType) -> String {
        let n = name(t)
        return ("aeiouAEIOU".contains(n.first ?? "x") ? "an " : "a ") + n
    }

    static func name(_ t: ValueType) -> String {
        switch t {
        case .boolean: return "Boolean"
        case .dictionary: return "dictionary"
        default: return t.rawValue
        }
    }

    /// Ways to rewrite `node` as a `type` value.
    static func conversions(_ node: PlistNode, to type: ValueType, element: ValueType? = nil, edits: EditBuilder) -> [Fix] {
        let text = node.trimmedText
        // Offered, never applied by fix-all: a new type is a new value for the app (docs/safe-fixes.md).
        func fix(_ title: String, _ xml: String) -> [Fix] {
            [Fix(title: title, edits: [edits.replacing(node, with: xml)], isPreferred: true)]
        }
        switch (node.kind, type) {
        case (.string, .boolean), (.integer, .boolean):
            switch text.lowercased() {
            case "yes", "true", "1": return fix("Change to <true/>", "<true/>")
            case "no", "false", "0": return fix("Change to <false/>", "<false/>")
            default: return []
            }
        case (.string, .integer):
            guard !text.isEmpty, Int64(text) != nil || UInt64(text) != nil else { return [] }
            return fix("Change to <integer>\(text)</integer>", "<integer>\(text)</integer>")
        case (.string, .real):
            guard !text.isEmpty, Double(text) != nil, text.allSatisfy({ $0.isNumber || "+-.eE".contains($0) }) else { return [] }
            return fix("Change to <real>\(text)</real>", "<real>\(text)</real>")
        case (.integer, .string), (.real, .string):
            return fix("Change to <string>\(text)</string>", "<string>\(EditBuilder.escape(text))</string>")
        case (.integer, .real):
            return fix("Change to <real>\(text)</real>", "<real>\(text)</real>")
        case (.boolean, .string):
            let word = node.boolValue == true ? "YES" : "NO"
            return fix("Change to <string>\(word)</string>", "<string>\(word)</string>")
        case (_, .array):
            guard node.kind != .dictionary, node.kind != .array else { return [] }
            if let element, element != node.valueType { return [] }
            let start = node.element.start
            let indent = edits.indentation(ofLineAt: start)
            let unit = edits.startsLine(start) ? indentUnitGuess(edits, indent) : ""
            let nl = edits.lineEnding
            let original = String(decoding: edits.text[node.element.range], as: UTF8.self)
            let lineIndent = edits.startsLine(start) ? indent : ""
            let xml = "<array>\(nl)\(lineIndent)\(unit)\(original)\(nl)\(lineIndent)</array>"
            return fix("Wrap in an <array>", xml)
        default:
            return []
        }
    }

    static func indentUnitGuess(_ edits: EditBuilder, _ indent: String) -> String {
        if indent.hasPrefix("\t") || indent.isEmpty && edits.text.contains(0x09) { return "\t" }
        if indent.hasPrefix(" ") {
            let n = indent.count
            for u in [4, 2, 3, 8] where n % u == 0 { return String(repeating: " ", count: u) }
        }
        return "\t"
    }
}
