// profile-wrong-type: a payload key's value of another type than Apple's schema gives.
import PlistSchema
import PlistSyntax

public struct ProfileWrongTypeRule: Rule {
    public let id = "profile-wrong-type"
    public let title = "A payload key's value has the wrong type"
    public let rationale = """
        Each key of a payload has one type in Apple's schema. The system does not convert: an \
        `<integer>1</integer>` or `<string>true</string>` where a Boolean belongs is ignored (or the \
        whole payload refused), and device-management services such as Apple Business Manager reject \
        the upload even when a Mac accepted it. An `<integer>` where a `<real>` belongs is a number all \
        the same and is not reported. The fix converts the value when the conversion is plain \
        (`1`/`0`, `true`/`false`, `YES`/`NO` to `<true/>`/`<false/>`; digits in a string to an \
        `<integer>`); it is offered, never applied by fix-all, since it changes what the profile says.
        """
    public let category = RuleCategory.profiles
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.configurationProfile] }
    public var facts: RuleFacts { .profileSchemas }
    public let examples: [RuleExample] = [
        ProfileExample.triggering(
            ProfileExample.profile(
                payload: ProfileExample.payload(
                    "com.apple.applicationaccess", "\t\t\t<key>allowCamera</key>\n\t\t\t↓<integer>0</integer>\n")),
            fixed: ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.applicationaccess", "\t\t\t<key>allowCamera</key>\n\t\t\t<false/>\n"))),
        ProfileExample.triggering(
            ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.dock", "\t\t\t<key>tilesize</key>\n\t\t\t↓<string>48</string>\n")),
            fixed: ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.dock", "\t\t\t<key>tilesize</key>\n\t\t\t<integer>48</integer>\n"))),
        ProfileExample.nonTriggering(
            ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.applicationaccess", "\t\t\t<key>allowCamera</key>\n\t\t\t<false/>\n"))),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        for v in context.profile.values {
            guard let expected = v.definition.type, let actual = v.value.valueType, actual != expected else { continue }
            if expected == .real && actual == .integer { continue }
            if actual == .string && ProfileValueText.isSubstituted(v.value.trimmedText) { continue }
            let name = v.key?.text ?? "\(v.definition.name) item"
            var fixes: [Fix] = []
            if let xml = Self.converted(v.value, to: expected) {
                fixes.append(Fix(title: "Write \(xml)", edits: [edits.replacing(v.value, with: xml)], isPreferred: true))
            }
            out.append(
                diagnostic(
                    "\(name) takes \(ProfileWords.typeName(expected)), not \(ProfileWords.typeName(actual))", v.value.element.range,
                    fixes: fixes))
        }
    }

    static func converted(_ node: PlistNode, to type: ValueType) -> String? {
        let text = node.trimmedText
        switch (type, node.kind) {
        case (.boolean, .integer), (.boolean, .string):
            switch text.lowercased() {
            case "1", "true", "yes": return "<true/>"
            case "0", "false", "no": return "<false/>"
            default: return nil
            }
        case (.integer, .string), (.integer, .real):
            guard let n = Int(text) else { return nil }
            return "<integer>\(n)</integer>"
        case (.real, .string):
            guard Double(text) != nil else { return nil }
            return "<real>\(text)</real>"
        case (.string, .integer), (.string, .real):
            return "<string>\(text)</string>"
        default:
            return nil
        }
    }
}
