// profile-invalid-value: a payload key's value outside the values or range Apple's schema allows.
import PlistSchema
import PlistSyntax

public struct ProfileInvalidValueRule: Rule {
    public let id = "profile-invalid-value"
    public let title = "A payload key's value is not one the schema allows"
    public let rationale = """
        Many payload keys take one of a few values (`PayloadScope` is `System` or `User`; a Wi-Fi \
        payload's `EncryptionType` is `WEP`, `WPA`, `WPA2`, `WPA3`, `Any` or `None`) or a number in a \
        range (the Dock's `tilesize` is 16 to 128). A value outside them is refused with the payload, \
        or ignored. Values are compared as written, letter case included, since the system compares \
        them so. An MDM variable (`$USERNAME`, `%SerialNumber%`) stands for a value the server fills in \
        and is not judged. The fix, when one allowed value differs only in letter case, writes it.
        """
    public let category = RuleCategory.profiles
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.configurationProfile] }
    public var facts: RuleFacts { .profileSchemas }
    public let examples: [RuleExample] = [
        ProfileExample.triggering(
            ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.dock", "\t\t\t<key>tilesize</key>\n\t\t\t↓<integer>256</integer>\n"))),
        ProfileExample.triggering(
            ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.dock"), top: "\t<key>PayloadScope</key>\n\t↓<string>system</string>\n"),
            fixed: ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.dock"), top: "\t<key>PayloadScope</key>\n\t<string>System</string>\n")),
        ProfileExample.nonTriggering(
            ProfileExample.profile(
                payload: ProfileExample.payload("com.apple.dock", "\t\t\t<key>tilesize</key>\n\t\t\t<integer>48</integer>\n"))),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        for v in context.profile.values {
            // The wrapper's and payloads' type and version have rules of their own.
            if v.path.count <= 3, let name = v.key?.text, name == "PayloadType" || name == "PayloadVersion" { continue }
            let d = v.definition
            let node = v.value
            let text = node.trimmedText
            guard node.kind == .string || node.kind == .integer || node.kind == .real else { continue }
            if ProfileValueText.isSubstituted(text) { continue }
            var name: String { v.key?.text ?? "\(d.name) item" }
            if !d.allowedValues.isEmpty, node.kind == .string || node.kind == .integer {
                // Nearly every value is allowed: the list of allowed values is made for the others only.
                if d.allowedValues.contains(where: { ProfileWords.value($0) == text }) { continue }
                let allowed = d.allowedValues.map(ProfileWords.value)
                if node.kind == .integer, let n = Int(text), d.allowedValues.contains(where: { $0.doubleValue == Double(n) }) { continue }
                // Only values of the value's own type: a wrong type is profile-wrong-type's.
                let sameKind = d.allowedValues.contains { node.kind == .string ? $0.stringValue != nil : $0.doubleValue != nil }
                guard sameKind else { continue }
                var fixes: [Fix] = []
                if let match = allowed.first(where: { $0.lowercased() == text.lowercased() }) {
                    fixes.append(Fix(title: "Write \(match)", edits: [edits.replacingContent(of: node, with: match)], isPreferred: true))
                }
                out.append(diagnostic("'\(text)' is not a value \(name) takes: \(Self.list(allowed))", node.element.range, fixes: fixes))
                continue
            }
            guard node.kind != .string, let number = Double(text) else { continue }
            if let min = d.minimum, number < min {
                out.append(diagnostic("\(name) is at least \(SchemaValue.double(min).text), not \(text)", node.element.range))
            } else if let max = d.maximum, number > max {
                out.append(diagnostic("\(name) is at most \(SchemaValue.double(max).text), not \(text)", node.element.range))
            }
        }
    }

    static func list(_ values: [String]) -> String {
        values.count > 12 ? values.prefix(12).joined(separator: ", ") + ", …" : values.joinedAsList
    }
}
