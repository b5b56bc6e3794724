// The one escaping of text written into element content, for every writer of plist text: the
// formatter, the quick fixes (`EditBuilder.escape`) and the XML rendering of OpenStep plists.

/// Text escaped for an element's content so that every XML reader reads back exactly the text.
public enum XMLEscaping {
    /// `&`, `<` and `>` as Core Foundation writes them (`&amp;`, `&lt;`, `&gt;`), and a carriage
    /// return as `&#13;`: written raw, a CR (alone or before a LF) is read as a LF by every XML
    /// reader's end-of-line handling (XML 1.0 §2.11), so the value would change. Tabs and line
    /// feeds are content as they are (only attribute values normalise them, and a writer here
    /// writes none). Every other character is written as it is.
    public static func content(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for b in s.utf8 {
            switch b {
            case 0x26: out += Array("&amp;".utf8)
            case 0x3C: out += Array("&lt;".utf8)
            case 0x3E: out += Array("&gt;".utf8)
            case 0x0D: out += Array("&#13;".utf8)
            default: out.append(b)
            }
        }
        return out
    }
}
