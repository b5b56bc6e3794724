// Where a project file sets an Info.plist key by build setting (issue #42, references): each
// `INFOPLIST_KEY_<key>` (and `…_iPad`, `…_iPhone`, `…_Generation`) in a project.pbxproj, an
// .xcconfig or a project.yml, found in the file's text. Pure: bytes in, byte ranges out.

public enum InfoPlistKeySettings {
    static let prefix = Array("INFOPLIST_KEY_".utf8)

    /// The names of the settings in `text` that set the Info.plist key `key`, with their bytes.
    public static func occurrences(of key: String, in text: [UInt8]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        let n = text.count
        var i = 0
        while i + prefix.count <= n {
            guard text[i] == prefix[0], (i == 0 || !isNameByte(text[i - 1])), matches(text, i) else { i += 1; continue }
            var end = i + prefix.count
            while end < n, isNameByte(text[end]) { end += 1 }
            let name = String(decoding: text[i..<end], as: UTF8.self)
            if ProjectIndex.infoPlistKey(forSetting: name) == key { out.append(i..<end) }
            i = end
        }
        return out
    }

    static func matches(_ text: [UInt8], _ at: Int) -> Bool {
        for (k, b) in prefix.enumerated() where text[at + k] != b { return false }
        return true
    }

    static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_")
    }
}
