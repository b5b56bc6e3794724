// profile-missing-key: a key Apple's schema marks required is missing from the profile or a payload.
import PlistSchema
import PlistSyntax

public struct ProfileMissingKeyRule: Rule {
    public let id = "profile-missing-key"
    public let title = "A required key is missing"
    public let rationale = """
        Apple's schema marks some keys required: the profile's `PayloadIdentifier`, `PayloadUUID`, \
        `PayloadType` and `PayloadContent`, every payload's `PayloadIdentifier`, `PayloadType` and \
        `PayloadUUID`, and keys of particular payloads (a certificate payload's content). Without them \
        the system refuses the profile or the payload. (`PayloadVersion` is \
        `profile-payload-version`'s.) The fix inserts the key with the schema's default value, a \
        fresh UUID or an identifier derived from the profile's, or an empty value of its type to fill \
        in; it is offered, never applied by fix-all.
        """
    public let category = RuleCategory.profiles
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.configurationProfile] }
    public var facts: RuleFacts { .profileSchemas }
    public let examples: [RuleExample] = [
        ProfileExample.triggering(
            ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.dock").swapping(
                    "\t\t\t<key>PayloadIdentifier</key>\n\t\t\t<string>com.example.profile.payload</string>\n", "")
            )
            .swapping("\t\t<dict>\n", "\t\t↓<dict>\n"),
            fixed: ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.dock").swapping(
                    "\t\t\t<key>PayloadIdentifier</key>\n\t\t\t<string>com.example.profile.payload</string>\n", "")
                    + "\t\t\t<key>PayloadIdentifier</key>\n\t\t\t<string>com.example.profile.dock</string>\n")),
        ProfileExample.nonTriggering(ProfileExample.profile(payload: ProfileExample.payload("com.apple.dock"))),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.rootDictionary else { return }
        let edits = EditBuilder(context.text)
        let encrypted = root.value(forKey: "IsEncrypted")?.boolValue == true || root.value(forKey: "EncryptedPayloadContent") != nil
        let profileIdentifier = root.value(forKey: "PayloadIdentifier")?.trimmedText
        for dictionary in context.profile.dictionaries where dictionary.scope.role != .nested || !dictionary.scope.isOpen {
            let present = Set(dictionary.keys.compactMap { $0?.text })
            for key in dictionary.scope.keys where key.isRequired && key.name != "ANY" && !present.contains(key.name) {
                if key.name == "PayloadVersion" { continue }
                if let others = Self.alternatives[key.name], others.contains(where: present.contains) { continue }
                if dictionary.scope.role == .topLevel && key.name == "PayloadContent" && encrypted { continue }
                let place =
                    dictionary.scope.role == .topLevel
                    ? "The profile"
                    : dictionary.scope.role == .nested
                        ? Self.nestedName(dictionary.path)
                        : dictionary.scope.payload.map { "This \($0.title) payload" } ?? "This payload"
                var fixes: [Fix] = []
                let type = dictionary.node.value(forKey: "PayloadType")?.trimmedText
                if let xml = Self.value(for: key, profileIdentifier: profileIdentifier, payloadType: type),
                    let edit = edits.appendingEntry(key: key.name, valueXML: xml, to: dictionary.node)
                {
                    fixes.append(Fix(title: "Add \(key.name)", edits: [edit], isPreferred: true))
                }
                out.append(
                    diagnostic(
                        "\(place) has no \(key.name), which the schema requires", dictionary.node.element.startTagRange, fixes: fixes))
            }
        }
    }

    /// Required keys that another key can stand in for, as the schema's descriptions say (a
    /// privacy-policy entry holds `Allowed` or, from macOS 11, `Authorization`).
    static let alternatives: [String: [String]] = ["Allowed": ["Authorization"]]

    /// "The ConsentText dictionary", "An item of Services".
    static func nestedName(_ path: [PathComponent]) -> String {
        switch path.last {
        case .key(let k)?: return "The \(k) dictionary"
        case .index?:
            if path.count >= 2, case .key(let k) = path[path.count - 2] { return "An item of \(k)" }
            return "This item"
        case nil: return "This dictionary"
        }
    }

    /// The value the fix inserts.
    static func value(for key: ProfileKey, profileIdentifier: String?, payloadType: String?) -> String? {
        switch key.name {
        case "PayloadUUID": return "<string>\(ProfileValueText.freshUUID())</string>"
        case "PayloadIdentifier":
            guard let profileIdentifier, !profileIdentifier.isEmpty else { return "<string></string>" }
            return "<string>\(EditBuilder.escape(profileIdentifier + "." + ProfileDuplicateIdentifierRule.suffix(payloadType)))</string>"
        default: break
        }
        if let d = key.defaultValue {
            switch d {
            case .bool(let b): return b ? "<true/>" : "<false/>"
            case .int(let i): return key.type == .real ? "<real>\(i)</real>" : "<integer>\(i)</integer>"
            case .double(let x): return "<real>\(x)</real>"
            case .string(let s): return "<string>\(EditBuilder.escape(s))</string>"
            default: break
            }
        }
        switch key.type {
        case .string?: return "<string></string>"
        case .array?: return "<array/>"
        case .dictionary?: return "<dict/>"
        case .data?: return "<data></data>"
        default: return nil
        }
    }
}
