// Build-setting references (`$(VAR)`, `${VAR}`, `@VAR@`, preprocessor macros): accepted wherever a
// rule checks a value's format.

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
