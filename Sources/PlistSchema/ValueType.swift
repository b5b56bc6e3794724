// The types a plist value can have, as the key database names them.

/// A property-list value type, named as in the XML plist format.
public enum ValueType: String, Sendable, Hashable, CaseIterable, Codable {
    case string, boolean, integer, real, date, data, array, dictionary

    /// The XML element name that carries a value of this type (`<true/>`/`<false/>` for booleans).
    public var xmlElement: String {
        switch self {
        case .boolean: return "true/false"
        case .dictionary: return "dict"
        default: return rawValue
        }
    }
}
