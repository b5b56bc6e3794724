// What the privacy-manifest rules share: the entries of the two top-level arrays, the text of an
// entry's keys, and example files for their documentation.
import PlistSchema
import PlistSyntax

/// Reading a privacy manifest (`PrivacyInfo.xcprivacy`).
enum PrivacyManifest {
    static let accessedAPITypes = "NSPrivacyAccessedAPITypes"
    static let accessedAPIType = "NSPrivacyAccessedAPIType"
    static let accessedAPIReasons = "NSPrivacyAccessedAPITypeReasons"
    static let collectedDataTypes = "NSPrivacyCollectedDataTypes"
    static let collectedDataType = "NSPrivacyCollectedDataType"
    static let collectedDataPurposes = "NSPrivacyCollectedDataTypePurposes"
    static let tracking = "NSPrivacyTracking"
    static let trackingDomains = "NSPrivacyTrackingDomains"

    /// The dictionaries of the top-level array `key` (the entries of `NSPrivacyAccessedAPITypes` or
    /// `NSPrivacyCollectedDataTypes`), with their index.
    static func entries(of key: String, in context: RuleContext) -> [(index: Int, node: PlistNode)] {
        guard let array = context.rootDictionary?.value(forKey: key), array.kind == .array else { return [] }
        return array.items.enumerated().compactMap { $0.element.kind == .dictionary ? ($0.offset, $0.element) : nil }
    }

    /// The trimmed text of the string at `key` in `dictionary`, if it is a string.
    static func string(_ key: String, in dictionary: PlistNode) -> String? {
        guard let value = dictionary.value(forKey: key), value.kind == .string else { return nil }
        return value.trimmedText
    }
}

/// Example manifests for the rules' documentation and tests.
enum PrivacyExample {
    /// The file name examples are analysed under.
    static let path = "PrivacyInfo.xcprivacy"

    /// A manifest whose root dictionary holds `body` (lines indented by one tab).
    static func manifest(_ body: String) -> String { ExampleText.dict(body) }

    /// A manifest declaring one required-reason API entry: `category` with `reasons`.
    static func api(_ category: String, reasons: [String]) -> String {
        api(category, reasonsXML: "<array>\n" + reasons.map { "\t\t\t\t<string>\($0)</string>\n" }.joined() + "\t\t\t</array>")
    }

    /// A manifest declaring one required-reason API entry whose reasons value is `reasonsXML`.
    static func api(_ category: String, reasonsXML: String) -> String {
        manifest("\t<key>NSPrivacyAccessedAPITypes</key>\n\t<array>\n" + entry(category, reasonsXML: reasonsXML) + "\t</array>\n")
    }

    /// One entry of `NSPrivacyAccessedAPITypes`, indented for the top-level array.
    static func entry(_ category: String, reasons: [String]) -> String {
        entry(category, reasonsXML: "<array>\n" + reasons.map { "\t\t\t\t<string>\($0)</string>\n" }.joined() + "\t\t\t</array>")
    }

    static func entry(_ category: String, reasonsXML: String) -> String {
        "\t\t<dict>\n\t\t\t<key>NSPrivacyAccessedAPIType</key>\n\t\t\t<string>\(category)</string>\n"
            + "\t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>\n\t\t\t\(reasonsXML)\n\t\t</dict>\n"
    }

    /// One entry of `NSPrivacyCollectedDataTypes`, indented for the top-level array.
    static func dataEntry(
        _ type: String, linked: Bool = false, tracking: Bool = false,
        purposes: [String] = ["NSPrivacyCollectedDataTypePurposeAppFunctionality"]
    ) -> String {
        "\t\t<dict>\n\t\t\t<key>NSPrivacyCollectedDataType</key>\n\t\t\t<string>\(type)</string>\n"
            + "\t\t\t<key>NSPrivacyCollectedDataTypeLinked</key>\n\t\t\t<\(linked)/>\n"
            + "\t\t\t<key>NSPrivacyCollectedDataTypeTracking</key>\n\t\t\t<\(tracking)/>\n"
            + "\t\t\t<key>NSPrivacyCollectedDataTypePurposes</key>\n\t\t\t<array>\n"
            + purposes.map { "\t\t\t\t<string>\($0)</string>\n" }.joined() + "\t\t\t</array>\n\t\t</dict>\n"
    }

    /// A manifest whose `NSPrivacyCollectedDataTypes` holds `entries`.
    static func data(_ entries: String...) -> String {
        manifest("\t<key>NSPrivacyCollectedDataTypes</key>\n\t<array>\n" + entries.joined() + "\t</array>\n")
    }
}
