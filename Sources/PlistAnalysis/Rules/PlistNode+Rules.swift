// What the rules read from a value node: its schema type and its trimmed text.
import PlistSchema
import PlistSyntax

extension PlistNode {
    /// The schema's name for this node's type, nil for broken nodes.
    var valueType: ValueType? {
        switch kind {
        case .dictionary: return .dictionary
        case .array: return .array
        case .string: return .string
        case .integer: return .integer
        case .real: return .real
        case .boolean: return .boolean
        case .date: return .date
        case .data: return .data
        case .misplacedKey, .unknown: return nil
        }
    }

    /// The decoded text without surrounding white space.
    var trimmedText: String { (text ?? "").trimmedForRules }
}
