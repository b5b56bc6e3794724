// profile-unknown-key: a key the payload's schema does not describe, with the likely one when it is a typo.
import PlistSchema
import PlistSyntax

public struct ProfileUnknownKeyRule: Rule {
    public let id = "profile-unknown-key"
    public let title = "A key the payload's schema does not describe"
    public let rationale = """
        The system reads the keys Apple's schema lists for a payload type and ignores any other, \
        without a word: `AllowCamra` in a restrictions payload restricts nothing. A key close to a \
        known one is reported with it (and a fix that renames it); another unknown key is reported \
        as information, since Apple's schemas lag behind the newest systems and a key may be newer \
        than them. Payloads of a type the schemas do not know (an app's preferences) and \
        dictionaries open to any key are not checked, nor is `PayloadEnabled`, which profile \
        tools (Profile Manager, iMazing Profile Editor) write in every payload.
        """
    public let category = RuleCategory.profiles
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.configurationProfile] }
    public var facts: RuleFacts { .profileSchemas }
    public let examples: [RuleExample] = [
        ProfileExample.triggering(
            ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.applicationaccess", "\t\t\t<key>↓allowCamra</key>\n\t\t\t<false/>\n")),
            fixed: ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.applicationaccess", "\t\t\t<key>allowCamera</key>\n\t\t\t<false/>\n"))),
        ProfileExample.nonTriggering(
            ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.applicationaccess", "\t\t\t<key>allowCamera</key>\n\t\t\t<false/>\n"))),
        ProfileExample.nonTriggering(
            ProfileExample.profile(payload: ProfileExample.payload("com.example.app", "\t\t\t<key>AnyKey</key>\n\t\t\t<true/>\n"))),
    ]

    /// Keys profile tools write in every payload that the schemas do not list: `PayloadEnabled`
    /// (Profile Manager, iMazing Profile Editor and others).
    static let toolKeys: Set<String> = ["PayloadEnabled"]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        for dictionary in context.profile.dictionaries where !dictionary.scope.isOpen {
            for case let key? in dictionary.keys {
                guard dictionary.scope.key(key.text) == nil, !key.text.isEmpty,
                    !Self.toolKeys.contains(key.text)
                else { continue }
                let place =
                    dictionary.scope.role == .topLevel
                    ? "the profile's top level"
                    : dictionary.scope.payload.map { "a \(ProfileWords.payloadName($0)) payload" } ?? "this dictionary"
                // The schema's names are listed only here, for a key it does not know (rare).
                let present = dictionary.keys.compactMap { $0?.text }
                let names = dictionary.scope.keys.map(\.name).filter { !present.contains($0) }
                if let match = Nearest.match(key.text, in: names) {
                    let fix = Fix(title: "Rename to \(match)", edits: [edits.renaming(key, to: match)], isPreferred: true)
                    out.append(
                        diagnostic(
                            "'\(key.text)' is not a key of \(place): did you mean \(match)? The system ignores keys it does not know",
                            key.textRange, fixes: [fix]))
                } else {
                    var finding = diagnostic(
                        "'\(key.text)' is not in Apple's schema for \(place): the system ignores it unless it is newer than the schemas",
                        key.textRange)
                    finding.severity = .information
                    out.append(finding)
                }
            }
        }
    }
}
