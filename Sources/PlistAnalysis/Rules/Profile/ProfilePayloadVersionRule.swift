// profile-payload-version: PayloadVersion present and 1, in the profile and in each payload.
import PlistSchema
import PlistSyntax

public struct ProfilePayloadVersionRule: Rule {
    public let id = "profile-payload-version"
    public let title = "PayloadVersion is missing or not 1"
    public let rationale = """
        Apple's schema requires `PayloadVersion` in the profile and in every payload, and its only \
        value is the integer 1. macOS installs some profiles without it, but device-management \
        servers and Apple Business Manager check the schema and refuse the upload. The fix inserts \
        (or rewrites) `<integer>1</integer>`; it only adds the version the schema demands, so fix-all \
        applies it.
        """
    public let category = RuleCategory.profiles
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.configurationProfile] }
    public var facts: RuleFacts { .profileSchemas }
    public let examples: [RuleExample] = [
        ProfileExample.triggering(
            ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock")).swapping(
                "\t\t\t<key>PayloadVersion</key>\n\t\t\t<integer>1</integer>\n", ""
            )
            .swapping("\t\t<dict>\n", "\t\t↓<dict>\n"),
            fixed: ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.dock").swapping(
                    "\t\t\t<key>PayloadVersion</key>\n\t\t\t<integer>1</integer>\n", "")
                    + "\t\t\t<key>PayloadVersion</key>\n\t\t\t<integer>1</integer>\n")),
        ProfileExample.triggering(
            ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock")).swapping(
                "\t<integer>1</integer>\n</dict>", "\t↓<integer>2</integer>\n</dict>"),
            fixed: ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock"))),
        ProfileExample.nonTriggering(ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock"))),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.rootDictionary else { return }
        let walk = context.profile
        let edits = EditBuilder(context.text)
        for dictionary in [root] + walk.payloads.map(\.node) {
            let what = dictionary.isSameValue(as: root) ? "The profile" : "This payload"
            guard let version = dictionary.value(forKey: "PayloadVersion") else {
                let fix = edits.appendingEntry(key: "PayloadVersion", valueXML: "<integer>1</integer>", to: dictionary)
                    .map { Fix(title: "Add PayloadVersion 1", edits: [$0], isPreferred: true, isSafe: true) }
                out.append(
                    diagnostic(
                        "\(what) has no PayloadVersion: the schema requires it, with the value 1", dictionary.element.startTagRange,
                        fixes: fix.map { [$0] } ?? []))
                continue
            }
            if version.kind == .integer && version.trimmedText == "1" { continue }
            let shown = version.kind == .integer || version.kind == .string ? "'\(version.trimmedText)'" : "a \(version.kind.rawValue)"
            out.append(
                diagnostic(
                    "\(what)'s PayloadVersion must be the integer 1, not \(shown)", version.element.range,
                    fixes: [
                        Fix(
                            title: "Write <integer>1</integer>", edits: [edits.replacing(version, with: "<integer>1</integer>")],
                            isPreferred: true, isSafe: true)
                    ]))
        }
    }
}
