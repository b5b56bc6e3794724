// Path strings as NSString's path helpers and Foundation's percent-encoding treat them, rebuilt on
// the standard library (FoundationEssentials has neither).

public enum PathName {
    /// The directory part, as `NSString.deletingLastPathComponent`: `"a/b"` → `"a"`, `"/b"` → `"/"`,
    /// `"b"` → `""`; trailing slashes are ignored.
    public static func directory(of path: String) -> String {
        let slash = UInt8(ascii: "/")
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        guard var end = bytes.lastIndex(of: slash) else { return "" }
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        if end == 0 { return "/" }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The last component, as `NSString.lastPathComponent`: `"a/b/"` → `"b"`, `"/"` → `"/"`.
    public static func lastComponent(of path: String) -> String {
        let slash = UInt8(ascii: "/")
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        if bytes == [slash] { return "/" }
        guard let last = bytes.lastIndex(of: slash) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[(last + 1)...], as: UTF8.self)
    }

    /// `component` appended to `base` with a slash between unless `base` ends with one, as
    /// `NSString.appendingPathComponent` does on Linux (`"a//"` + `"b"` → `"a//b"`).
    public static func joining(_ base: String, _ component: String) -> String {
        if base.isEmpty { return component }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// `path` with every byte outside Foundation's `CharacterSet.urlPathAllowed` written as `%XX`.
    public static func percentEncoded(_ path: String) -> String {
        let allowedPunctuation = Array("!$&'()*+,-./=@_~".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            case _ where allowedPunctuation.contains(byte):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
