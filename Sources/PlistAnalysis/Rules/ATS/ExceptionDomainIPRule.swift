// ats-exception-domain-ip: an exception domain written as an IP address.
import PlistSchema
import PlistSyntax

public struct ExceptionDomainIPRule: Rule {
    public let id = "ats-exception-domain-ip"
    public let title = "An exception domain that is an IP address"
    public let rationale = """
        Since iOS 17, iPadOS 17 and macOS 14, `NSExceptionDomains` keys may be IP addresses and \
        ranges of IP addresses as well as host names (Apple's NSExceptionDomains page: "Use a DNS \
        domain name, IP address, or range of IP addresses"). Written bare (`192.168.1.10`, \
        `10.0.0.0/8`), such an exception is reported only for a target that also supports older \
        systems, as a note: they match exception domains against host names only and ignore it \
        (`NSAllowsLocalNetworking` covers local addresses there). An address written with a scheme, \
        port or path (`10.0.0.1:8080`) matches nothing on any system: a warning.
        Source: https://developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity/nsexceptiondomains
        """
    public let category = RuleCategory.appTransportSecurity
    public let defaultSeverity = Finding.Severity.warning
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSAppTransportSecurity</key>
            	<dict>
            		<key>NSExceptionDomains</key>
            		<dict>
            			<key>↓10.0.0.1:8080</key>
            			<dict>
            				<key>NSIncludesSubdomains</key>
            				<true/>
            			</dict>
            		</dict>
            	</dict>
            </dict>
            </plist>

            """),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSAppTransportSecurity</key>
            	<dict>
            		<key>NSExceptionDomains</key>
            		<dict>
            			<key>↓http://192.168.1.10/</key>
            			<dict>
            				<key>NSExceptionAllowsInsecureHTTPLoads</key>
            				<true/>
            			</dict>
            		</dict>
            	</dict>
            </dict>
            </plist>

            """),
        .nonTriggering(ATS.domain("192.168.1.10", "\t\t\t\t<key>NSExceptionAllowsInsecureHTTPLoads</key>\n\t\t\t\t<true/>\n")),
        .nonTriggering(ATS.domain("10.0.0.0/8", "\t\t\t\t<key>NSExceptionAllowsInsecureHTTPLoads</key>\n\t\t\t\t<true/>\n")),
        .nonTriggering(ATS.domain("printer.local", "\t\t\t\t<key>NSExceptionAllowsInsecureHTTPLoads</key>\n\t\t\t\t<true/>\n")),
    ]

    /// The first systems that read IP addresses and ranges in exception domains.
    static let firstVersions: [Platform: String] = [.iOS: "17.0", .macOS: "14.0"]

    public init() {}

    /// Whether the exception domain names an IP address, written bare or with a scheme, port or path
    /// (`http://10.0.0.1:8080/`): every such spelling gets this rule's one message, not the format rule's.
    static func isIPAddress(_ s: String) -> Bool {
        var t = s.trimmedForRules
        if let r = t.firstRange(of: "://") { t = String(t[r.upperBound...]) }
        if let slash = t.firstIndex(of: "/") { t = String(t[..<slash]) }
        if t.hasPrefix("["), let close = t.firstIndex(of: "]") {
            t = String(t[t.index(after: t.startIndex)..<close])
        } else if t.filter({ $0 == ":" }).count == 1, let colon = t.firstIndex(of: ":") {
            t = String(t[..<colon])
        }
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) }) { return true }
        let colons = t.filter { $0 == ":" }.count
        return colons >= 2 && t.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." || $0 == "[" || $0 == "]" }
    }

    /// An IP address or range written bare: `10.0.0.1`, `10.0.0.0/8`, `fe80::1`, `[fe80::1]`.
    static func isBareAddress(_ s: String) -> Bool {
        var t = s.trimmedForRules
        if let slash = t.firstIndex(of: "/") {
            let prefix = t[t.index(after: slash)...]
            guard !prefix.isEmpty, prefix.count <= 3, prefix.allSatisfy(\.isASCIIDigit) else { return false }
            t = String(t[..<slash])
        }
        if t.hasPrefix("[") && t.hasSuffix("]") { t = String(t.dropFirst().dropLast()) }
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) }) { return true }
        return t.filter { $0 == ":" }.count >= 2 && t.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let target = context.project.flatMap(DeploymentTarget.init)
        for entry in ATS.domains(context) {
            guard let key = entry.key, Self.isIPAddress(key.text) else { continue }
            guard Self.isBareAddress(key.text) else {
                out.append(
                    diagnostic(
                        "Exception domain '\(key.text)' is an IP address with a scheme, port or path, which matches nothing: write the address or range alone",
                        key.textRange))
                continue
            }
            // Read by current systems; older ones a target still supports ignore it.
            guard let target, let first = Self.firstVersions[target.platform],
                DeploymentTarget.compare(target.version, first) < 0
            else { continue }
            var note = diagnostic(
                "Exception domain '\(key.text)' is an IP address, which \(target.platform.rawValue) before \(first.split(separator: ".").first.map(String.init) ?? first) ignores; this target supports \(target.platform.rawValue) \(target.version) (\(target.setting))",
                key.textRange)
            note.severity = .information
            out.append(note)
        }
    }
}
