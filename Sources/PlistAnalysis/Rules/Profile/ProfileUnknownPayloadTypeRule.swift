// profile-unknown-payload-type: a payload's PayloadType close to a known one, or in Apple's namespace
// and unknown.
import PlistSchema
import PlistSyntax

public struct ProfileUnknownPayloadTypeRule: Rule {
    public let id = "profile-unknown-payload-type"
    public let title = "A payload's PayloadType is misspelt or unknown"
    public let rationale = """
        The `PayloadType` of each payload decides what the system does with it. A misspelt type \
        (`com.apple.wifi.manged`) is not an error to macOS: it installs the payload as the managed \
        preferences of an app with that name, which nothing reads, so the setting silently does \
        nothing. A type close to one of Apple's payload types is reported with the likely one; a \
        `com.apple.` type no schema describes is noted as information (it may be a preference \
        domain of Apple's, set as custom settings). Any other type (`com.google.Chrome`, `com.example.app`) \
        is an app's preference domain, which is how custom settings are delivered on macOS, and is \
        not reported.
        """
    public let category = RuleCategory.profiles
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.configurationProfile] }
    public var facts: RuleFacts { .profileSchemas }
    public let examples: [RuleExample] = [
        ProfileExample.triggering(
            ProfileExample.profile(payload: ProfileExample.payload("com.apple.wifi.manged")).swapping(
                "<string>com.apple.wifi.manged", "<string>↓com.apple.wifi.manged"),
            fixed: ProfileExample.profile(payload: ProfileExample.payload("com.apple.wifi.managed"))),
        ProfileExample.nonTriggering(ProfileExample.profile(payload: ProfileExample.payload("com.google.Chrome"))),
        ProfileExample.nonTriggering(ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock"))),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let schema = ProfileSchema.shared
        let known = schema.payloadTypes
        for payload in context.profile.payloads {
            guard let node = payload.node.value(forKey: "PayloadType"), node.kind == .string else { continue }
            let type = node.trimmedText
            if schema.payloads[type] != nil && type != "TopLevel" && type != "CommonPayloadKeys" { continue }
            if ProfileValueText.isSubstituted(type) { continue }
            if type == "Configuration" {
                out.append(
                    diagnostic("Configuration is the type of the profile itself, not of a payload inside it", node.element.contentRange))
                continue
            }
            if let match = Nearest.match(type, in: known, maximum: max(1, min(3, type.count / 8))) {
                let fix = Fix(
                    title: "Write \(match)", edits: [EditBuilder(context.text).replacingContent(of: node, with: match)], isPreferred: true)
                out.append(
                    diagnostic(
                        "'\(type)' is not a payload type: did you mean \(match) (\(schema.payloads[match]?.title ?? match))? The system would treat it as an app's preferences and apply nothing",
                        node.element.contentRange, fixes: [fix]))
            } else if type.hasPrefix("com.apple.") && !Self.preferenceDomain(type) {
                var finding = diagnostic(
                    "'\(type)' is not in Apple's payload schemas: macOS installs it as the managed preferences of that domain, other systems ignore it",
                    node.element.contentRange)
                finding.severity = .information
                out.append(finding)
            }
        }
    }

    /// Apple apps' preference domains that profiles set as custom settings (not payload types).
    static func preferenceDomain(_ type: String) -> Bool {
        let last = type.dropFirst("com.apple.".count)
        return last.first?.isUppercase == true || last.contains(".") == false && !last.contains("managed")
    }
}
