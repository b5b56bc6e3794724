// A tolerant reader of String Catalogs (`InfoPlist.xcstrings`, JSON): `sourceLanguage`, and
// `strings` → key → `localizations` → locale → `stringUnit` { `state`, `value` } (or `variations`).
// Read with the one positional JSON reader (`JSONText`), which keeps every value's byte range and
// reports every RFC 8259 violation where it is.

public struct StringCatalog: Sendable {
    /// Values nested deeper are skipped whole with one problem (no String Catalog nests so deep).
    public static let maximumDepth = 256
    /// One translation of a string.
    public struct Localization: Sendable, Hashable {
        public let locale: String
        public let localeRange: Range<Int>
        /// `translated`, `new`, `needs_review`, `stale`, `machine_translated`… ("" when absent).
        public let state: String
        public let stateRange: Range<Int>?
        /// The string unit's value (nil when the translation has only variations, or none).
        public let value: String?
        public let valueRange: Range<Int>?
        /// Whether the translation is split into variations (plural, device).
        public let hasVariations: Bool
    }

    /// One key of the catalog.
    public struct Entry: Sendable, Hashable {
        public let key: String
        public let keyRange: Range<Int>
        public let localizations: [Localization]
        /// `extractionState` ("" when absent): `manual`, `extracted_with_value`, `stale`…
        public let extractionState: String
        public let extractionStateRange: Range<Int>?
    }

    public let text: [UInt8]
    public let root: JSONNode?
    public let sourceLanguage: String?
    public let entries: [Entry]
    public let problems: [JSONProblem]

    /// Reads UTF-8 text (a byte order mark is skipped).
    public init(text: [UInt8]) {
        self.text = text
        let json = JSONText(text, maximumDepth: Self.maximumDepth)
        let root = json.root
        self.root = root
        var problems = json.problems.map { p in
            p.message.hasPrefix("arrays and objects nested deeper")
                ? JSONProblem(message: p.message + " (no String Catalog nests so deep)", range: p.range) : p
        }
        if root == nil, text[json.start...].allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            problems = [
                JSONProblem(message: "empty file: a String Catalog is a JSON object with \"sourceLanguage\" and \"strings\"", range: 0..<0)
            ]
        }
        var entries: [Entry] = []
        if let root, root.kind == .object {
            sourceLanguage = root["sourceLanguage"].flatMap { $0.kind == .string ? $0.text : nil }
            if let strings = root["strings"], strings.kind == .object {
                for member in strings.members {
                    var localizations: [Localization] = []
                    for l in member.value["localizations"]?.members ?? [] {
                        let unit = l.value["stringUnit"]
                        let state = unit?["state"]
                        let value = unit?["value"]
                        localizations.append(
                            Localization(
                                locale: l.name, localeRange: l.nameRange, state: state?.text ?? "", stateRange: state?.range,
                                value: value?.kind == .string ? value?.text : nil, valueRange: value?.range,
                                hasVariations: l.value["variations"] != nil))
                    }
                    let extraction = member.value["extractionState"]
                    entries.append(
                        Entry(
                            key: member.name, keyRange: member.nameRange, localizations: localizations,
                            extractionState: extraction?.text ?? "", extractionStateRange: extraction?.range))
                }
            } else if let strings = root["strings"] {
                problems.append(
                    JSONProblem(
                        message:
                            "\"strings\" is \(strings.kind.described), not an object of keys and their translations: Xcode reads no translation from this catalog",
                        range: strings.range))
            } else {
                problems.append(
                    JSONProblem(
                        message: "a String Catalog needs a \"strings\" object", range: root.range.lowerBound..<root.range.lowerBound + 1))
            }
        } else {
            sourceLanguage = nil
            if let root { problems.append(JSONProblem(message: "a String Catalog is a JSON object", range: root.range)) }
        }
        self.entries = entries
        self.problems = problems
    }
}
