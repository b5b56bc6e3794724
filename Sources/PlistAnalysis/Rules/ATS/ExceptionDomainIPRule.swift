// ats-exception-domain-ip: ATS exceptions name hosts, never IP addresses.
import PlistSyntax

public struct ExceptionDomainIPRule: Rule {
    public let id = "ats-exception-domain-ip"
    public let title = "An exception domain that is an IP address"
    public let rationale = """
        `NSExceptionDomains` keys must be host names, not numeric IP addresses: an exception for \
        `192.168.1.10` is never matched. For connections to local addresses use `NSAllowsLocalNetworking`.
        """
    public let category = RuleCategory.appTransportSecurity
    public let defaultSeverity = Finding.Severity.warning
    public let examples: [RuleExample] = [
        .triggering(ATS.domain("192.168.1.10", "\t\t\t\t<key>NSExceptionAllowsInsecureHTTPLoads</key>\n\t\t\t\t<true/>\n")),
        .triggering(ATS.domain("10.0.0.1:8080", "\t\t\t\t<key>NSIncludesSubdomains</key>\n\t\t\t\t<true/>\n")),
        .nonTriggering(ATS.domain("printer.local", "\t\t\t\t<key>NSExceptionAllowsInsecureHTTPLoads</key>\n\t\t\t\t<true/>\n")),
    ]

    public init() {}

    /// Whether the exception domain names an IP address, written bare or with a scheme, port or path
    /// (`http://10.0.0.1:8080/`): every such spelling gets this rule's one message, not the format rule's.
    static func isIPAddress(_ s: String) -> Bool {
        var t = s.trimmedForRules
        if let r = t.firstRange(of: "://") { t = String(t[r.upperBound...]) }
        if let slash = t.firstIndex(of: "/") { t = String(t[..<slash]) }
        if t.hasPrefix("["), let close = t.firstIndex(of: "]") { t = String(t[t.index(after: t.startIndex)..<close]) }
        else if t.filter({ $0 == ":" }).count == 1, let colon = t.firstIndex(of: ":") { t = String(t[..<colon]) }
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) }) { return true }
        let colons = t.filter { $0 == ":" }.count
        return colons >= 2 && t.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." || $0 == "[" || $0 == "]" }
    }

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        for entry in ATS.domains(context) {
            guard let key = entry.key, Self.isIPAddress(key.text) else { continue }
            out.append(diagnostic("Exception domain '\(key.text)' is an IP address: ATS exceptions apply to host names only", key.textRange))
        }
    }
}
