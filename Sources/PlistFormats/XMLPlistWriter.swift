// Writes a value as the XML property list `plutil -convert xml1` writes: Apple's declaration and
// DOCTYPE, one element per line indented by tabs, `<true/>`, `<dict/>`, text escaped as
// Core Foundation escapes it (and a CR as `&#13;`), `<data>` in base64 lines as CF wraps them, UIDs as
// `<dict><key>CF$UID</key><integer>N</integer></dict>`. Dictionary entries keep their order.
import PlistSyntax

public enum XMLPlistWriter {
    /// The XML text of `value`; fails on what XML cannot hold (null, sets), naming its key path.
    public static func write(_ value: PropertyListObject) throws(PropertyListFormatError) -> [UInt8] {
        var out: [UInt8] = []
        out += Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """.utf8)
        var path: [String] = []
        try append(value, level: 0, path: &path, to: &out)
        out += Array("</plist>\n".utf8)
        return out
    }

    static func indent(_ level: Int, _ out: inout [UInt8]) {
        for _ in 0..<level { out.append(0x09) }
    }

    static func element(_ name: String, _ content: [UInt8], level: Int, _ out: inout [UInt8]) {
        indent(level, &out)
        out += Array("<\(name)>".utf8)
        out += content
        out += Array("</\(name)>\n".utf8)
    }

    static func append(_ value: PropertyListObject, level: Int, path: inout [String], to out: inout [UInt8]) throws(PropertyListFormatError) {
        switch value {
        case .string(let s): element("string", escaped(s), level: level, &out)
        case .integer(let i): element("integer", Array(i.description.utf8), level: level, &out)
        case .real(let r): element("real", Array(realText(r).utf8), level: level, &out)
        case .bool(let b): indent(level, &out); out += Array((b ? "<true/>\n" : "<false/>\n").utf8)
        case .date(let d): element("date", Array(dateText(d).utf8), level: level, &out)
        case .data(let d):
            indent(level, &out)
            out += Array("<data>".utf8)
            out += base64Lines(d, level: level)
            out += Array("</data>\n".utf8)
        case .uid(let u):
            indent(level, &out); out += Array("<dict>\n".utf8)
            element("key", Array("CF$UID".utf8), level: level + 1, &out)
            element("integer", Array(String(u).utf8), level: level + 1, &out)
            indent(level, &out); out += Array("</dict>\n".utf8)
        case .array(let items):
            indent(level, &out)
            if items.isEmpty { out += Array("<array/>\n".utf8); return }
            out += Array("<array>\n".utf8)
            for (k, item) in items.enumerated() {
                path.append("[\(k)]")
                try append(item, level: level + 1, path: &path, to: &out)
                path.removeLast()
            }
            indent(level, &out); out += Array("</array>\n".utf8)
        case .dictionary(let entries):
            indent(level, &out)
            if entries.isEmpty { out += Array("<dict/>\n".utf8); return }
            out += Array("<dict>\n".utf8)
            for entry in entries {
                element("key", escaped(entry.key), level: level + 1, &out)
                path.append(entry.key)
                try append(entry.value, level: level + 1, path: &path, to: &out)
                path.removeLast()
            }
            indent(level, &out); out += Array("</dict>\n".utf8)
        case .set:
            throw PropertyListFormatError("a set has no XML form", path: path)
        case .null:
            throw PropertyListFormatError("a null value has no XML form", path: path)
        }
    }

    /// Text escaped as every plist writer here escapes it (`XMLEscaping.content`, PlistSyntax):
    /// `&`, `<`, `>` as Core Foundation escapes them, a CR as `&#13;`, and the characters XML 1.0
    /// cannot hold (C0 controls, U+FFFE, U+FFFF) as references, which Core Foundation reads back.
    static func escaped(_ s: String) -> [UInt8] { XMLEscaping.content(s) }

    /// The shortest text that reads back as the same double; `nan`, `+infinity`, `-infinity` as CF writes them.
    static func realText(_ r: Double) -> String {
        if r.isNaN { return "nan" }
        if r.isInfinite { return r < 0 ? "-infinity" : "+infinity" }
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) == "0" && r.sign == .minus ? "-0" : String(Int64(r)) }
        return r.description
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` of seconds since 2001 (fractions of a second are dropped, as XML plists hold whole seconds).
    static func dateText(_ since2001: Double) -> String {
        let seconds = since2001 + PropertyListObject.referenceDateSince1970
        let whole = seconds.isFinite ? Int64(max(min(seconds.rounded(.down), 2.5e11), -2.5e11)) : 0
        var days = whole / 86400
        var rest = whole % 86400
        if rest < 0 { rest += 86400; days -= 1 }
        let (y, m, d) = civil(fromDays: days)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var year = String(y)
        while year.count < 4 { year = "0" + year }
        return "\(year)-\(two(m))-\(two(d))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))Z"
    }

    /// Year, month, day of a day count since 1970-01-01 (proleptic Gregorian).
    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }

    /// Base64 lines as Core Foundation writes them: a line holds 76 characters minus eight per
    /// level of indentation (at most 8 levels), each indented like the `<data>` tag.
    static func base64Lines(_ bytes: [UInt8], level: Int) -> [UInt8] {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let levels = min(level, 8)
        let limit = 76 - 8 * levels
        var out: [UInt8] = [0x0A]
        var line: [UInt8] = []
        func flush() {
            for _ in 0..<levels { out.append(0x09) }
            out += line
            out.append(0x0A)
            line.removeAll(keepingCapacity: true)
        }
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            line.append(table[Int(b0 >> 2)])
            line.append(table[Int((b0 & 0x03) << 4 | b1 >> 4)])
            line.append(i + 1 < bytes.count ? table[Int((b1 & 0x0F) << 2 | b2 >> 6)] : 0x3D)
            line.append(i + 2 < bytes.count ? table[Int(b2 & 0x3F)] : 0x3D)
            i += 3
            if line.count >= limit { flush() }
        }
        if !line.isEmpty { flush() }
        for _ in 0..<levels { out.append(0x09) }
        return out
    }
}
