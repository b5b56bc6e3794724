// `$(VAR)`, `${VAR}` and `$(VAR:modifier)` in a value: found with their byte offsets, and the
// modifiers Xcode applies (`lower`, `upper`, `rfc1034identifier`, `c99extidentifier`, `identifier`,
// `base`, `dir`, `file`, `suffix`, `standardizepath`, `quote`, `default=…`).

/// A reference to a build setting in a text.
public struct SettingReference: Sendable, Hashable {
    /// The setting's name (may itself contain references).
    public let name: String
    /// The modifiers after the name, in order.
    public let modifiers: [String]
    /// The whole reference's bytes in the text, `$(` to `)`.
    public let range: Range<Int>
    /// The name's bytes.
    public let nameRange: Range<Int>
}

/// Finds and applies build-setting references.
public enum BuildSettingReferences {
    public enum Piece: Sendable, Hashable {
        case text(String)
        case reference(SettingReference)
    }

    /// The references in `text` (UTF-8 offsets from its start), outermost only.
    public static func references(in text: String) -> [SettingReference] {
        split(text).compactMap {
            if case .reference(let r) = $0 { return r }; return nil
        }
    }

    /// `text` cut into plain text and references. An unclosed `$(` is text.
    public static func split(_ text: String) -> [Piece] {
        let bytes = Array(text.utf8)
        var pieces: [Piece] = []
        var plainStart = 0
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "(") || bytes[i + 1] == UInt8(ascii: "{")
            else {
                i += 1
                continue
            }
            let open = bytes[i + 1], close: UInt8 = open == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
            var depth = 1
            var j = i + 2
            while j < bytes.count {
                if bytes[j] == open { depth += 1 } else if bytes[j] == close { depth -= 1; if depth == 0 { break } }
                j += 1
            }
            guard j < bytes.count else { break }
            if plainStart < i { pieces.append(.text(String(decoding: bytes[plainStart..<i], as: UTF8.self))) }
            // The name ends at the first ':' outside nested references.
            var k = i + 2
            var nested = 0
            while k < j {
                if bytes[k] == open {
                    nested += 1
                } else if bytes[k] == close {
                    nested -= 1
                } else if bytes[k] == UInt8(ascii: ":") && nested == 0 {
                    break
                }
                k += 1
            }
            let name = String(decoding: bytes[(i + 2)..<k], as: UTF8.self)
            var modifiers: [String] = []
            if k < j {
                let rest = String(decoding: bytes[(k + 1)..<j], as: UTF8.self)
                modifiers = rest.split(whereSeparator: { $0 == ":" || $0 == "," }).map(String.init)
            }
            pieces.append(.reference(SettingReference(name: name, modifiers: modifiers, range: i..<(j + 1), nameRange: (i + 2)..<k)))
            i = j + 1
            plainStart = i
        }
        if plainStart < bytes.count { pieces.append(.text(String(decoding: bytes[plainStart...], as: UTF8.self))) }
        return pieces
    }

    /// `value` with `modifiers` applied in order (unknown ones leave it as it is).
    public static func apply(_ modifiers: [String], to value: String) -> String {
        var v = value
        for m in modifiers {
            if m.hasPrefix("default=") {
                if v.isEmpty { v = String(m.dropFirst("default=".count)) }
                continue
            }
            switch m {
            case "lower": v = v.lowercased()
            case "upper": v = v.uppercased()
            case "rfc1034identifier":
                v = String(v.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
            case "c99extidentifier", "identifier":
                var s = String(v.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
                if let f = s.first, f.isNumber { s = "_" + s }
                v = s
            case "base":
                let file = v.split(separator: "/").last.map(String.init) ?? v
                if let dot = file.lastIndex(of: "."), dot != file.startIndex { v = String(file[..<dot]) } else { v = file }
            case "file": v = v.split(separator: "/").last.map(String.init) ?? v
            case "dir":
                if let slash = v.lastIndex(of: "/") { v = String(v[...slash]) } else { v = "./" }
            case "suffix":
                let file = v.split(separator: "/").last.map(String.init) ?? v
                if let dot = file.lastIndex(of: ".") { v = String(file[dot...]) } else { v = "" }
            case "quote": v = v.contains(" ") ? "\"\(v)\"" : v
            default: break
            }
        }
        return v
    }
}
