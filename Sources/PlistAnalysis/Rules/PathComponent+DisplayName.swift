// How a key path reads in a message: in words, not in the data file's `A › [] › *` notation.
import PlistSchema
import PlistSyntax

extension Array where Element == PathComponent {
    /// The dictionary at this path in words, innermost first: "NSAppTransportSecurity",
    /// "NSExceptionDomains in NSAppTransportSecurity", "item 0 of CFBundleDocumentTypes", or
    /// "the top level".
    public var displayName: String {
        guard !isEmpty else { return "the top level" }
        var out = ""
        for (n, component) in reversed().enumerated() {
            let outermost = n == count - 1
            switch component {
            case .key(let key): out += outermost ? key : key + " in "
            case .index(let index): out += outermost ? "item \(index) of the top level" : "item \(index) of "
            }
        }
        return out
    }

    /// Where the dictionary at this path is, after a verb: "at the top level", "in item 0 of
    /// CFBundleDocumentTypes".
    public var place: String { isEmpty ? "at the top level" : "in " + displayName }
}

extension KeyPathPattern {
    /// The dictionaries this pattern stands for in words, innermost first: "the top level",
    /// "NSAppTransportSecurity", "each item of CFBundleDocumentTypes", "each entry of
    /// NSExceptionDomains in NSAppTransportSecurity".
    public var displayName: String {
        guard !components.isEmpty else { return "the top level" }
        var out = ""
        for (n, component) in components.reversed().enumerated() {
            let outermost = n == components.count - 1
            switch component {
            case .key(let key): out += outermost ? key : key + " in "
            case .item: out += outermost ? "each item of the top level" : "each item of "
            case .anyKey: out += outermost ? "each entry of the top level" : "each entry of "
            }
        }
        return out
    }

    /// Where a key of this pattern goes, after a verb: "at the top level", "in each item of
    /// CFBundleDocumentTypes".
    public var place: String { components.isEmpty ? "at the top level" : "in " + displayName }

    /// Several places joined for a sentence, at most `limit` of them: "at the top level or in
    /// NSAppTransportSecurity", "in A, in B or in C (and 2 more)".
    public static func places(_ patterns: [KeyPathPattern], limit: Int = 3) -> String {
        let all = Array(Set(patterns.map(\.place))).sorted { a, b in
            // The top level first, then by name.
            (a.hasPrefix("at ") ? 0 : 1, a) < (b.hasPrefix("at ") ? 0 : 1, b)
        }
        let shown = Array(all.prefix(limit))
        let more = all.count - shown.count
        let list = shown.count <= 1 ? shown.joined() : shown.dropLast().joined(separator: ", ") + " or " + shown.last!
        return more > 0 ? "\(list) (and \(more) more)" : list
    }
}
