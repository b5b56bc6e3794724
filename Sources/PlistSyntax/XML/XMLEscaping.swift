// The one escaping of text written into element content, for every writer of plist text:
// `convert` (PlistFormats' XMLPlistWriter), the formatter, the quick fixes (`EditBuilder.escape`)
// and the XML rendering of OpenStep plists. The parser's side of the same policy is in
// SyntaxErrors (`xml-forbidden-character-reference`); docs/xml-conformance.md states it.

/// Text escaped for an element's content so that every reader that reads it at all reads back
/// exactly the text.
///
/// The policy for characters XML 1.0 cannot hold (its `Char` production excludes the C0 controls
/// but tab, LF and CR, and the noncharacters U+FFFE and U+FFFF): a string may hold them (a binary
/// plist does, an ESC key equivalent in a nib), so they are written as character references
/// (`&#1;`, `&#xFFFE;`). Core Foundation reads such a reference back as the character, so
/// binary → XML → binary keeps every string; libxml2 and Python's plistlib refuse the file, which
/// `check` says with a warning naming the character. Writing the character raw would be refused
/// by the same readers and be an error for Foundation's stricter neighbours too; dropping it
/// would lose data.
public enum XMLEscaping {
    /// `&`, `<` and `>` as Core Foundation writes them (`&amp;`, `&lt;`, `&gt;`); a carriage
    /// return as `&#13;` (written raw, a CR, alone or before a LF, is read as a LF by every XML
    /// reader's end-of-line handling, XML 1.0 §2.11, so the value would change); the other
    /// characters XML 1.0 forbids as references (`&#1;`, `&#xFFFE;`). Tabs and line feeds are
    /// content as they are (only attribute values normalise them, and a writer here writes none).
    /// Every other character is written as it is, a U+FEFF too (it is a byte order mark only at
    /// the very start of a file). `]]>` is written `]]&gt;`, as every `>` is.
    public static func content(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        append(s, to: &out)
        return out
    }

    /// The policy, one character at a time, for every writer (this file's loop over UTF-8 and
    /// `convert`'s loop over a binary plist's UTF-16): what is written in place of the scalar
    /// `value`, or nil when it is written as its UTF-8 bytes.
    @inlinable
    public static func replacement(_ value: UInt32) -> StaticString? {
        switch value {
        case 0x26: return "&amp;"
        case 0x3C: return "&lt;"
        case 0x3E: return "&gt;"
        case 0x09, 0x0A: return nil
        case 0x00..<0x20: return controlReferences[Int(value)]  // a CR too: `&#13;`
        case 0xFFFE: return "&#xFFFE;"
        case 0xFFFF: return "&#xFFFF;"
        default: return nil
        }
    }

    /// Whether a UTF-8 byte may start something `replacement` replaces (`&`, `<`, `>`, a control
    /// but tab and LF, or 0xEF, the first byte of U+FFFE and U+FFFF): text without any is written
    /// as it is, in one copy.
    @inlinable
    public static func mayNeedEscaping(_ byte: UInt8) -> Bool {
        byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0xEF || (byte < 0x20 && byte != 0x09 && byte != 0x0A)
    }

    /// `&#0;` … `&#31;`: the references `replacement` writes for the C0 controls.
    @usableFromInline
    static let controlReferences: [StaticString] = [
        "&#0;", "&#1;", "&#2;", "&#3;", "&#4;", "&#5;", "&#6;", "&#7;", "&#8;", "&#9;", "&#10;", "&#11;", "&#12;", "&#13;",
        "&#14;", "&#15;", "&#16;", "&#17;", "&#18;", "&#19;", "&#20;", "&#21;", "&#22;", "&#23;", "&#24;", "&#25;", "&#26;",
        "&#27;", "&#28;", "&#29;", "&#30;", "&#31;",
    ]

    /// `content(s)` appended to `out`.
    public static func append(_ s: String, to out: inout [UInt8]) {
        func add(_ r: StaticString) { r.withUTF8Buffer { out.append(contentsOf: $0) } }
        var utf8 = s.utf8.makeIterator()
        while let b = utf8.next() {
            if b < 0x80 {
                if let r = replacement(UInt32(b)) { add(r) } else { out.append(b) }
            } else if b == 0xEF {
                // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
                guard let b1 = utf8.next() else { out.append(b); continue }
                guard b1 == 0xBF, let b2 = utf8.next() else { out += [b, b1]; continue }
                if let r = replacement(0xFFC0 | UInt32(b2 & 0x3F)) { add(r) } else { out += [b, b1, b2] }
            } else {
                out.append(b)
            }
        }
    }

    /// Whether XML 1.0 forbids `scalar` in a document, written raw or as a reference: the C0
    /// controls but tab, LF and CR, and U+FFFE and U+FFFF. (Surrogates are no scalars.)
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        !XMLChar.isChar(Int(scalar.value))
    }

    /// `U+0001 (START OF HEADING)`: a character as messages name one, by its code point and,
    /// for a control or noncharacter, what it is.
    public static func characterName(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if value < 0x20 { return "\(code) (\(controlNames[Int(value)]))" }
        if value == 0x7F { return "\(code) (DELETE)" }
        if (0x80...0x9F).contains(value) { return "\(code) (a C1 control)" }
        if value == 0xFEFF { return "\(code) (ZERO WIDTH NO-BREAK SPACE, the byte order mark)" }
        if value & 0xFFFE == 0xFFFE || (0xFDD0...0xFDEF).contains(value) { return "\(code) (a noncharacter)" }
        return code
    }

    /// The names of the C0 controls (Unicode's name aliases).
    static let controlNames = [
        "NULL", "START OF HEADING", "START OF TEXT", "END OF TEXT", "END OF TRANSMISSION", "ENQUIRY",
        "ACKNOWLEDGE", "ALERT", "BACKSPACE", "CHARACTER TABULATION", "LINE FEED", "LINE TABULATION",
        "FORM FEED", "CARRIAGE RETURN", "SHIFT OUT", "SHIFT IN", "DATA LINK ESCAPE", "DEVICE CONTROL ONE",
        "DEVICE CONTROL TWO", "DEVICE CONTROL THREE", "DEVICE CONTROL FOUR", "NEGATIVE ACKNOWLEDGE",
        "SYNCHRONOUS IDLE", "END OF TRANSMISSION BLOCK", "CANCEL", "END OF MEDIUM", "SUBSTITUTE", "ESCAPE",
        "INFORMATION SEPARATOR FOUR", "INFORMATION SEPARATOR THREE", "INFORMATION SEPARATOR TWO",
        "INFORMATION SEPARATOR ONE",
    ]
}
