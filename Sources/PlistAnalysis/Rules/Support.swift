// Helpers shared by the Info.plist rules: build-setting references, value kinds, near matches.
import PlistSchema
import PlistSyntax

/// Build-setting references Xcode (and CMake, autoconf) replace when they process an Info.plist.
public enum BuildSettingReference {
    /// Whether `s` contains `$(VAR)`, `${VAR}`, `@VAR@` or a preprocessor macro (`BUILD_STRING`).
    public static func occurs(in s: String) -> Bool {
        s.contains("$(") || s.contains("${") || replacing(in: s, with: "") != s
    }

    /// Whether the whole of `s` (trimmed) is one reference.
    public static func isWhole(_ s: String) -> Bool {
        let t = s.trimmedForRules
        return !t.isEmpty && replacing(in: t, with: "").isEmpty
    }

    /// `s` with every reference replaced by `replacement`.
    public static func replacing(in s: String, with replacement: String) -> String {
        // Every form needs '$', '@' or '_' (macros are upper-case words with an underscore).
        guard s.utf8.contains(where: { $0 == 0x24 || $0 == 0x40 || $0 == 0x5F }) else { return s }
        var out = ""
        var chars = Substring(s)
        while let c = chars.first {
            if c == "$", let next = chars.dropFirst().first, next == "(" || next == "{" {
                let close: Character = next == "(" ? ")" : "}"
                if let end = chars.firstIndex(of: close) {
                    out += replacement
                    chars = chars[chars.index(after: end)...]
                    continue
                }
            }
            if c == "@" {
                let rest = chars.dropFirst()
                if let end = rest.firstIndex(of: "@") {
                    let name = rest[..<end]
                    if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                        out += replacement
                        chars = rest[rest.index(after: end)...]
                        continue
                    }
                }
            }
            if c.isUppercase, c.isASCII, out.last.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true {
                // A C preprocessor macro (INFOPLIST_PREPROCESS): an upper-case word with an underscore.
                let word = chars.prefix { $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }
                let after = chars.dropFirst(word.count).first
                if word.count >= 4, word.contains("_"), after.map({ !($0.isLetter || $0.isNumber) }) ?? true {
                    out += replacement
                    chars = chars.dropFirst(word.count)
                    continue
                }
            }
            out.append(c)
            chars = chars.dropFirst()
        }
        return out
    }
}

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

extension String {
    /// Without leading and trailing XML white space.
    var trimmedForRules: String {
        // On UTF-8 bytes: XML white space is ASCII, and this runs for every value a rule reads.
        let u = utf8
        func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        guard let first = u.firstIndex(where: { !blank($0) }) else { return "" }
        let last = u.lastIndex(where: { !blank($0) })!
        if first == u.startIndex && last == u.index(before: u.endIndex) { return self }
        return String(self[first...last])
    }
}

/// Edit distance and nearest-value search for suggestions.
enum Nearest {
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased().utf8), y = Array(b.lowercased().utf8)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var prev = Array(0...y.count), cur = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            cur[0] = i
            for j in 1...y.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[y.count]
    }

    /// Levenshtein distance of byte strings, or `limit + 1` as soon as it must exceed `limit`.
    static func distance(_ x: [UInt8], _ y: [UInt8], limit: Int) -> Int {
        if abs(x.count - y.count) > limit { return limit + 1 }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        var prev = Array(0...y.count), cur = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            cur[0] = i
            var rowMin = i
            for j in 1...y.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                rowMin = min(rowMin, cur[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&prev, &cur)
        }
        return prev[y.count]
    }

    /// The candidate closest to `value` (case-insensitive equality first), if close enough to be a typo.
    static func match(_ value: String, in candidates: [String], maximum: Int? = nil) -> String? {
        if let same = candidates.first(where: { $0.lowercased() == value.lowercased() }) { return same }
        let limit = maximum ?? max(1, min(3, value.count / 4))
        var best: (String, Int)? = nil
        for c in candidates {
            let d = distance(value, c)
            if d <= limit && d < (best?.1 ?? .max) { best = (c, d) }
        }
        return best?.0
    }
}
