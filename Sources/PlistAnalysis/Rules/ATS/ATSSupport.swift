// Where App Transport Security settings live in an Info.plist.
import PlistSyntax

enum ATS {
    static func dictionary(_ context: RuleContext) -> PlistNode? {
        guard let ats = context.rootDictionary?.value(forKey: "NSAppTransportSecurity"), ats.kind == .dictionary else { return nil }
        return ats
    }

    /// The domain entries of `NSExceptionDomains`.
    static func domains(_ context: RuleContext) -> [PlistEntry] {
        guard let d = dictionary(context)?.value(forKey: "NSExceptionDomains"), d.kind == .dictionary else { return [] }
        return d.entries.filter { $0.key != nil }
    }

    static func wrap(_ body: String) -> String {
        ExampleText.dict("\t<key>NSAppTransportSecurity</key>\n\t<dict>\n" + body + "\t</dict>\n")
    }

    static func domain(_ name: String, _ body: String) -> String {
        wrap(
            "\t\t<key>NSExceptionDomains</key>\n\t\t<dict>\n\t\t\t<key>\(name)</key>\n\t\t\t<dict>\n" + body
                + "\t\t\t</dict>\n\t\t</dict>\n")
    }
}
