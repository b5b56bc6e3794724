// ats-exception-domain-format: exception domain names must be bare lowercase host names.
import PlistSyntax

public struct ExceptionDomainFormatRule: Rule {
    public let id = "ats-exception-domain-format"
    public let title = "An exception domain that is not a bare lowercase host name"
    public let rationale = """
        ATS matches the keys of `NSExceptionDomains` against host names literally: a key must be \
        lowercase, without a scheme (`https://`), port (`:8080`) or path, and without a trailing dot \
        (`example.com.` only matches the host written with the dot). Otherwise the exception silently \
        applies to nothing. The fix cleans the name. It is offered, never applied by fix-all: a clean \
        name makes the exception take effect, and when the exception relaxes a security setting \
        (insecure HTTP, an older TLS version, no forward secrecy) that is the developer's decision, so \
        there it is not even the preferred fix.
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
            			<key>↓Example.com</key>
            			<dict>
            				<key>NSIncludesSubdomains</key>
            				<true/>
            			</dict>
            		</dict>
            	</dict>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSAppTransportSecurity</key>
                	<dict>
                		<key>NSExceptionDomains</key>
                		<dict>
                			<key>example.com</key>
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
            			<key>↓https://api.example.com:8443/</key>
            			<dict>
            				<key>NSIncludesSubdomains</key>
            				<true/>
            			</dict>
            		</dict>
            	</dict>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSAppTransportSecurity</key>
                	<dict>
                		<key>NSExceptionDomains</key>
                		<dict>
                			<key>api.example.com</key>
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
            			<key>↓example.com.</key>
            			<dict>
            				<key>NSIncludesSubdomains</key>
            				<true/>
            			</dict>
            		</dict>
            	</dict>
            </dict>
            </plist>

            """,
            fixed: """
                <plist version="1.0">
                <dict>
                	<key>NSAppTransportSecurity</key>
                	<dict>
                		<key>NSExceptionDomains</key>
                		<dict>
                			<key>example.com</key>
                			<dict>
                				<key>NSIncludesSubdomains</key>
                				<true/>
                			</dict>
                		</dict>
                	</dict>
                </dict>
                </plist>

                """),
        .nonTriggering(ATS.domain("api.example.com", "\t\t\t\t<key>NSIncludesSubdomains</key>\n\t\t\t\t<true/>\n")),
        .nonTriggering(ATS.domain("$(API_HOST)", "\t\t\t\t<key>NSIncludesSubdomains</key>\n\t\t\t\t<true/>\n")),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        let securityKeys = Set(context.schema.definitions.filter { $0.securitySensitive && $0.domain == .infoPlist }.map(\.name))
        for entry in ATS.domains(context) {
            guard let key = entry.key else { continue }
            let name = key.text
            if BuildSettingReference.occurs(in: name) || ExceptionDomainIPRule.isIPAddress(name) { continue }
            let bare = BareHost(name, lowercase: true)
            let clean = bare.host
            guard !bare.problems.isEmpty else { continue }
            // A malformed domain's exception applies to nothing; once cleaned, an exception that
            // relaxes a security setting takes effect. That choice is the developer's: offered only.
            let relaxes = entry.value?.keys.contains(where: securityKeys.contains) ?? false
            var fixes: [Fix] = []
            if !clean.isEmpty, clean != name {
                fixes.append(Fix(title: "Change to '\(clean)'", edits: [edits.renaming(key, to: clean)], isPreferred: !relaxes))
            }
            out.append(
                diagnostic(
                    "Exception domain '\(name)' has \(bare.problemList): ATS matches bare lowercase host names such as '\(clean.isEmpty ? "example.com" : clean)'",
                    key.textRange, fixes: fixes))
        }
    }
}
