// ats-app-review: ATS settings that App Review asks you to justify.
import PlistSyntax

public struct AppReviewRule: Rule {
    public let id = "ats-app-review"
    public let title = "An ATS exception that triggers App Store review"
    public let rationale = """
        Turning off ATS globally (`NSAllowsArbitraryLoads`, `…ForMedia`, `…InWebContent` set to YES), \
        allowing insecure HTTP for a domain (`NSExceptionAllowsInsecureHTTPLoads`) or lowering its TLS \
        version below 1.2 (`NSExceptionMinimumTLSVersion`) makes App Review ask for a justification. \
        Information only: be ready to explain why.
        """
    public let category = RuleCategory.appTransportSecurity
    public let defaultSeverity = Finding.Severity.information
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSAppTransportSecurity</key>
            	<dict>
            		<key>↓NSAllowsArbitraryLoads</key>
            		<true/>
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
            			<key>example.com</key>
            			<dict>
            				<key>↓NSExceptionMinimumTLSVersion</key>
            				<string>TLSv1.0</string>
            			</dict>
            		</dict>
            	</dict>
            </dict>
            </plist>

            """),
        .nonTriggering(ATS.wrap("\t\t<key>NSAllowsArbitraryLoads</key>\n\t\t<false/>\n")),
        .nonTriggering(ATS.domain("example.com", "\t\t\t\t<key>NSExceptionMinimumTLSVersion</key>\n\t\t\t\t<string>TLSv1.2</string>\n")),
    ]

    static let globals = ["NSAllowsArbitraryLoads", "NSAllowsArbitraryLoadsForMedia", "NSAllowsArbitraryLoadsInWebContent"]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let ats = ATS.dictionary(context) else { return }
        for e in ats.entries {
            guard let k = e.key, Self.globals.contains(k.text), e.value?.boolValue == true else { continue }
            out.append(diagnostic("\(k.text) = YES triggers App Store review: be ready to justify it", k.textRange))
        }
        for domain in ATS.domains(context) {
            // An IP address gets no exception at all (ats-exception-domain-ip says so): nothing to review.
            guard let d = domain.value, d.kind == .dictionary, !ExceptionDomainIPRule.isIPAddress(domain.key?.text ?? "") else { continue }
            for e in d.entries {
                guard let k = e.key, let v = e.value else { continue }
                if k.text == "NSExceptionAllowsInsecureHTTPLoads" && v.boolValue == true {
                    out.append(
                        diagnostic(
                            "Insecure HTTP for '\(domain.key?.text ?? "")' triggers App Store review: be ready to justify it", k.textRange))
                } else if k.text == "NSExceptionMinimumTLSVersion", ["TLSv1.0", "TLSv1.1"].contains(v.trimmedText) {
                    out.append(
                        diagnostic(
                            "\(v.trimmedText) for '\(domain.key?.text ?? "")' triggers App Store review: be ready to justify it",
                            k.textRange))
                }
            }
        }
    }
}
