// info-misplaced-key: a known key in a dictionary where the system does not look for it.
import PlistSchema
import PlistSyntax

public struct MisplacedKeyRule: Rule {
    public let id = "info-misplaced-key"
    public let title = "A known key in the wrong place"
    public let rationale = """
        Keys are read only where they belong: an App Transport Security exception key such as \
        `NSExceptionAllowsInsecureHTTPLoads` does nothing at the top level or directly in \
        `NSAppTransportSecurity`; it belongs in a domain dictionary of `NSExceptionDomains`. The message \
        names the right place.
        """
    public let category = RuleCategory.keys
    public let defaultSeverity = Finding.Severity.warning
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>NSAppTransportSecurity</key>
            	<dict>
            		<key>↓NSExceptionAllowsInsecureHTTPLoads</key>
            		<true/>
            	</dict>
            </dict>
            </plist>

            """),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓NSIncludesSubdomains</key>
            	<true/>
            </dict>
            </plist>

            """),
        .nonTriggering(
            ExampleText.dict(
                "\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSExceptionDomains</key>\n\t\t<dict>\n\t\t\t<key>example.com</key>\n\t\t\t<dict>\n\t\t\t\t<key>NSIncludesSubdomains</key>\n\t\t\t\t<true/>\n\t\t\t</dict>\n\t\t</dict>\n\t</dict>\n"
            )),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        for info in context.keys where info.match == nil && !info.parentAllowsCustomKeys {
            // Extension points each define their own keys inside NSExtension; the reference does not
            // list them all, so placement there is not judged.
            if info.parent.first == .key("NSExtension") { continue }
            let base = KeySuffix.split(info.key.text).base
            // Only distinctive Apple-style names: a generic word ("Style", "default") may well be a custom key.
            guard base.count >= 8, base.prefix(2).allSatisfy(\.isUppercase) else { continue }
            let elsewhere = context.schema.definitions(named: base).filter { $0.domain == .infoPlist }
            guard !elsewhere.isEmpty else { continue }
            let places = KeyPathPattern.places(elsewhere.flatMap(\.placements))
            out.append(diagnostic("'\(base)' has no effect \(info.parent.place): it belongs \(places)", info.key.textRange))
        }
    }
}
