// White space at the edges of a key (`<key>NSCameraUsageDescription\n\t</key>`): the system reads
// the key with it, so it is another key than the one it looks like. plist-key-whitespace reports
// it, hover says it, and the rules that match keys against the database leave such a key alone.

/// The white space a key starts or ends with, and the key without it.
public struct KeyWhitespace: Sendable, Hashable {
    /// The white-space characters before the first other character.
    public let leading: [Unicode.Scalar]
    /// The white-space characters after the last other character.
    public let trailing: [Unicode.Scalar]
    /// The key without them (never empty: a key of white space only is `plist-empty-key`'s).
    public let trimmed: String

    /// The white space at the edges of `key`; nil when it has none, or is nothing but white space.
    /// White space is Unicode's (tab, line feed, carriage return, space, no-break space, …).
    public init?(_ key: String) {
        // Most keys start and end with a letter: decided on two bytes.
        guard let first = key.utf8.first, let last = key.utf8.last else { return nil }
        func plain(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
        if plain(first) && plain(last) { return nil }
        let scalars = Array(key.unicodeScalars)
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return nil }
        guard start > 0 || end < scalars.count - 1 else { return nil }
        leading = Array(scalars[..<start])
        trailing = Array(scalars[(end + 1)...])
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start...end])
        trimmed = String(text)
    }

    /// "starts with a space", "ends with a line break and a tab", "starts with 2 spaces and ends
    /// with a tab": which blanks, where, in words (they cannot be seen in the key).
    public var description: String {
        var parts: [String] = []
        if !leading.isEmpty { parts.append("starts with " + Self.words(leading)) }
        if !trailing.isEmpty { parts.append("ends with " + Self.words(trailing)) }
        return parts.joined(separator: " and ")
    }

    /// The key as written, with its invisible characters spelled out (`NSCameraUsageDescription\n\t`).
    public static func visible(_ key: String) -> String {
        var out = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case " ": out += " "
            default:
                if scalar.properties.isWhitespace || scalar.value < 0x20 {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    private static func words(_ scalars: [Unicode.Scalar]) -> String {
        // Runs of the same character: "2 spaces", "a line break".
        var runs: [(Unicode.Scalar, Int)] = []
        for scalar in scalars {
            if let last = runs.last, last.0 == scalar { runs[runs.count - 1].1 += 1 } else { runs.append((scalar, 1)) }
        }
        let named = runs.map { scalar, count -> String in
            let (one, many): (String, String)
            switch scalar {
            case " ": (one, many) = ("a space", "spaces")
            case "\t": (one, many) = ("a tab", "tabs")
            case "\n": (one, many) = ("a line break", "line breaks")
            case "\r": (one, many) = ("a carriage return", "carriage returns")
            case "\u{A0}": (one, many) = ("a no-break space", "no-break spaces")
            default:
                let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
                (one, many) = ("a blank \(code)", "blanks \(code)")
            }
            return count == 1 ? one : "\(count) \(many)"
        }
        return named.count <= 1 ? named.joined() : named.dropLast().joined(separator: ", ") + " and " + named.last!
    }
}
