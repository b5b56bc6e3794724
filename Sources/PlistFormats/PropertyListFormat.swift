// Reading a property list in whichever format its bytes are, and writing it in any: what
// `plist-lsp convert` does, and how `check` reads a binary plist (as its XML text).
import PlistSyntax

/// The formats, by `plutil`'s names.
public enum PropertyListFormat: String, CaseIterable, Sendable {
    case xml1, binary1, json

    /// What the bytes of a file are: `bplist…` binary; JSON when its text (UTF-8, or UTF-16 with a
    /// byte order mark) starts with `{`, `[`, `"`, a digit or `-`, or is only `true`, `false` or
    /// `null` (a JSON text may be a scalar, and so may a plist's root); anything else XML.
    public static func detect(_ raw: [UInt8]) -> PropertyListFormat {
        if BinaryPlistReader.isBinaryPropertyList(raw) { return .binary1 }
        // UTF-16 with a byte order mark (XML or JSON) is told by its text.
        guard case .success(let bytes) = SourceDecoding.unicodeText(raw) else { return .xml1 }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        guard i < bytes.count else { return .xml1 }
        switch bytes[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .json
        default:
            var end = bytes.count
            while end > i, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
            let word = bytes[i..<end]
            if ["true", "false", "null"].contains(where: { word.elementsEqual($0.utf8) }) { return .json }
            return .xml1
        }
    }

    /// The most bytes one file is written as (`convert`'s output), and what a binary plist may
    /// expand to as XML: objects a binary plist shares expand every time they are referenced, so
    /// that a 60 KB file can stand for 60 GB of XML (issue #39, point 1).
    public static let maximumOutputSize = 256 << 20
    /// The most bytes of XML a binary plist is read as by `check` and the language server: the
    /// server's own limit on a file it reads for a report.
    public static let maximumCheckedSize = 64 << 20

    /// `256 MB`, `64 KB`, `100 bytes`.
    public static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }

    /// The value of a file in this format; a binary plist whose XML form would exceed
    /// `maximumSize` bytes is refused.
    public func read(
        _ bytes: [UInt8], maximumSize: Int = PropertyListFormat.maximumOutputSize
    ) throws(PropertyListFormatError) -> PropertyListObject {
        switch self {
        case .binary1: return try BinaryPlistReader.read(bytes, maximumXMLSize: maximumSize)
        case .json:
            guard case .success(let bytes) = SourceDecoding.unicodeText(bytes) else {
                throw PropertyListFormatError(SourceDecodingError.invalidUTF16.description)
            }
            do { return try JSONPlistReader.read(bytes) } catch {
                if bytes.contains(UInt8(ascii: "=")) || bytes.contains(UInt8(ascii: ";")) {
                    throw PropertyListFormatError("\(error.message) (an OpenStep plist? convert reads XML, binary and JSON plists)")
                }
                throw error
            }
        case .xml1:
            return try Self.xmlObject(SourceText(Self.decodedXML(bytes)))
        }
    }

    /// The UTF-8 text of an XML property list's bytes (UTF-16 transcoded), refused when it is no
    /// XML plist or declares an encoding it is not in.
    static func decodedXML(_ bytes: [UInt8]) throws(PropertyListFormatError) -> [UInt8] {
        let text: [UInt8]
        switch SourceDecoding.decode(bytes) {
        case .success(let decoded): text = decoded
        case .failure(.openStepOrJSON): throw PropertyListFormatError("an OpenStep plist; convert reads XML, binary and JSON plists")
        case .failure(let problem): throw PropertyListFormatError(problem.description)
        }
        if let mismatch = SourceDecoding.encodingMismatch(raw: bytes, text: text) {
            throw PropertyListFormatError("the declaration says '\(mismatch.declared)' but \(mismatch.reason)")
        }
        return text
    }

    /// The value of an XML plist's text; the document (its syntax tree and typed view) is gone
    /// when this returns.
    static func xmlObject(_ text: SourceText) throws(PropertyListFormatError) -> PropertyListObject {
        try PropertyListObject.from(PlistDocument(SyntaxTree.parse(text)))
    }

    /// The bytes of `value` in this format, failing past `maximumSize` bytes of XML or JSON.
    public func write(
        _ value: PropertyListObject, maximumSize: Int = PropertyListFormat.maximumOutputSize
    ) throws(PropertyListFormatError) -> [UInt8] {
        switch self {
        case .xml1: return try XMLPlistWriter.write(value, maximumSize: maximumSize)
        case .binary1: return BinaryPlistWriter.write(value)
        case .json: return try JSONPlistWriter.write(value, maximumSize: maximumSize)
        }
    }
}

extension PropertyListFormat {
    /// The XML text of a binary property list, as `plutil -convert xml1` writes it: how `check`
    /// and the editors read one; refused when it would exceed `maximumSize` bytes.
    public static func xmlText(
        ofBinary bytes: [UInt8], maximumSize: Int = PropertyListFormat.maximumOutputSize
    ) throws(PropertyListFormatError) -> [UInt8] {
        try BinaryPlistReader.xmlText(bytes, maximumSize: maximumSize)
    }

    /// `bytes`, a property list in `format`, written in `self`: what `plist-lsp convert` does.
    /// `bytes` is emptied once it has been read (its memory freed when the caller holds no other
    /// copy): the value and its output need not share the process with the input (issue #39,
    /// point 11: peak memory against plistutil's).
    public func converting(_ bytes: inout [UInt8], from format: PropertyListFormat) throws(PropertyListFormatError) -> [UInt8] {
        let value: PropertyListObject
        switch format {
        case .binary1:
            if self == .xml1 {
                let xml = try BinaryPlistReader.xmlText(bytes, maximumSize: PropertyListFormat.maximumOutputSize)
                bytes = []
                return xml
            }
            value = try BinaryPlistReader.read(bytes)
            bytes = []
        case .xml1:
            let text = try SourceText(Self.decodedXML(bytes))
            bytes = []
            value = try Self.xmlObject(consume text)
        case .json:
            value = try format.read(bytes)
            bytes = []
        }
        return try write(value)
    }
}
