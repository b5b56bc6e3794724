// Recognises what a file's bytes are before parsing: XML (UTF-8, or UTF-16 transcoded), or a
// property-list format we do not edit (binary, OpenStep/JSON), or nothing at all.

/// Why a file's bytes cannot be read as an XML property list. The raw value is the id of the
/// rule that reports it (`PlistAnalysis`, `Rules/File`).
public enum SourceDecodingError: String, Error, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// `bplist00…`: Apple's binary property list.
    case binaryPropertyList = "file-binary-plist"
    /// `{ … }` or `( … )`: an OpenStep (old-style ASCII) or JSON property list.
    case openStepOrJSON = "file-openstep-or-json"
    /// No bytes, or only white space.
    case empty = "file-empty"
    /// UTF-16 that does not decode.
    case invalidUTF16 = "file-invalid-encoding"

    public var description: String {
        switch self {
        case .binaryPropertyList:
            return
                "binary property list (bplist) as raw bytes: open it with plist-lsp's editor support, which shows it as XML, or convert it: plist-lsp convert --to xml1 FILE"
        case .openStepOrJSON:
            return "JSON property list; plist-lsp reads XML and OpenStep property lists: plist-lsp convert --to xml1 FILE"
        case .empty:
            return "empty file: a property list needs at least <plist><dict/></plist>"
        case .invalidUTF16:
            return "the file is UTF-16 (by its byte order mark, or `<?` in UTF-16) but does not decode as UTF-16"
        }
    }

    /// A stable identifier for reports: the rule id.
    public var code: String { rawValue }
}

public enum SourceDecoding {
    /// The UTF-8 text to parse, or why there is none. UTF-16 (`isUTF16`) is transcoded
    /// to UTF-8 (positions then refer to the UTF-8 text; lines are unchanged). UTF-8 with invalid
    /// bytes is passed through: the parser reports each bad byte where it is.
    public static func decode(_ raw: [UInt8]) -> Result<[UInt8], SourceDecodingError> {
        if raw.count >= 6 && raw[0..<6].elementsEqual("bplist".utf8) { return .failure(.binaryPropertyList) }
        switch unicodeText(raw) {
        case .success(let text): return classify(text)
        case .failure(let error): return .failure(error)
        }
    }

    /// Whether `raw` is UTF-16: it starts with a byte order mark (either byte order), or, without
    /// one, with `<?` in UTF-16 (3C 00 3F 00 little-endian, 00 3C 00 3F big-endian), as the XML
    /// specification's appendix F tells the encoding of an entity without a mark (libxml2 and
    /// expat, which plistlib uses, read such a file by its declaration).
    public static func isUTF16(_ raw: [UInt8]) -> Bool { utf16Layout(raw) != nil }

    /// The byte order of UTF-16 `raw` and whether it has a byte order mark; nil when it is not UTF-16.
    public static func utf16Layout(_ raw: [UInt8]) -> (bigEndian: Bool, hasMark: Bool)? {
        guard raw.count >= 2 else { return nil }
        if raw[0] == 0xFE && raw[1] == 0xFF { return (true, true) }
        if raw[0] == 0xFF && raw[1] == 0xFE { return (false, true) }
        guard raw.count >= 4 else { return nil }
        if raw[0] == 0x3C && raw[1] == 0 && raw[2] == 0x3F && raw[3] == 0 { return (false, false) }
        if raw[0] == 0 && raw[1] == 0x3C && raw[2] == 0 && raw[3] == 0x3F { return (true, false) }
        return nil
    }

    /// The bytes as UTF-8 text, whatever they hold: UTF-16 (with a byte order mark, or an XML
    /// declaration without one) transcoded (the mark dropped), anything else as it is. Fails only
    /// on UTF-16 that does not decode. For readers of other formats (strings tables, JSON) that
    /// need the text before knowing its kind.
    public static func unicodeText(_ raw: [UInt8]) -> Result<[UInt8], SourceDecodingError> {
        guard let layout = utf16Layout(raw) else { return .success(raw) }
        let bigEndian = layout.bigEndian
        var units: [UInt16] = []
        units.reserveCapacity(raw.count / 2)
        var i = layout.hasMark ? 2 : 0
        while i + 1 < raw.count {
            units.append(bigEndian ? UInt16(raw[i]) << 8 | UInt16(raw[i + 1]) : UInt16(raw[i + 1]) << 8 | UInt16(raw[i]))
            i += 2
        }
        var out: [UInt8] = []
        out.reserveCapacity(units.count)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): out.append(contentsOf: String(Character(s)).utf8)
            case .emptyInput: break loop
            case .error: return .failure(.invalidUTF16)
            }
        }
        return .success(out)
    }

    /// Why the encoding an XML declaration names contradicts the bytes of `raw` (its text as
    /// UTF-8: `text`), as plistlib (expat) and libxml2 refuse it; nil when they agree. UTF-8 bytes
    /// declared UTF-16 (any byte order); UTF-16 declared `UTF-16LE` in big-endian bytes or
    /// `UTF-16BE` in little-endian ones; UTF-16 without a byte order mark whose declaration names
    /// no UTF-16 (only the declaration can say what such bytes are).
    public static func encodingMismatch(raw: [UInt8], text: [UInt8]) -> (declared: String, reason: String)? {
        let declared = declaredEncoding(text)
        let lower = declared?.lowercased()
        let names16 = lower.map { ["utf-16", "utf16", "utf-16le", "utf-16be", "utf16le", "utf16be"].contains($0) } ?? false
        guard let layout = utf16Layout(raw) else {
            guard let declared, names16 else { return nil }
            return (
                declared,
                "the file has no UTF-16 byte order mark: it is UTF-8, which Foundation would decode as UTF-16 and refuse; declare encoding=\"UTF-8\""
            )
        }
        let order = layout.bigEndian ? "big-endian" : "little-endian"
        if let lower, lower.hasSuffix("le") && layout.bigEndian || lower.hasSuffix("be") && !layout.bigEndian, names16 {
            return (declared!, "the file is \(order) UTF-16 (plistlib and libxml2 refuse it); declare encoding=\"UTF-16\"")
        }
        if !layout.hasMark && !names16 {
            return (
                declared ?? "no encoding",
                "the file is \(order) UTF-16 without a byte order mark, which only its declaration can name (plistlib refuses it); declare encoding=\"UTF-16\""
            )
        }
        return nil
    }

    /// The encoding an XML declaration at the start of `text` (UTF-8) names, if any.
    public static func declaredEncoding(_ text: [UInt8]) -> String? {
        let start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard text[start...].starts(with: "<?xml".utf8) else { return nil }
        let declaration = Array(
            text[start..<(text[start...].prefix(400).firstIndex(of: UInt8(ascii: ">")) ?? min(text.count, start + 400))])
        let word = Array("encoding".utf8)
        guard
            let at = (0..<max(0, declaration.count - word.count)).first(where: { declaration[$0..<($0 + word.count)].elementsEqual(word) })
        else { return nil }
        var i = at + word.count
        while i < declaration.count, XMLChar.isSpace(declaration[i]) || declaration[i] == UInt8(ascii: "=") { i += 1 }
        guard i < declaration.count, declaration[i] == 0x22 || declaration[i] == 0x27 else { return nil }
        let quote = declaration[i]
        guard let close = declaration[(i + 1)...].firstIndex(of: quote) else { return nil }
        return String(decoding: declaration[(i + 1)..<close], as: UTF8.self)
    }

    private static func classify(_ bytes: [UInt8]) -> Result<[UInt8], SourceDecodingError> {
        var i = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        while i < bytes.count && XMLChar.isSpace(bytes[i]) { i += 1 }
        if i == bytes.count { return .failure(.empty) }
        switch bytes[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "("): return .failure(.openStepOrJSON)
        case UInt8(ascii: "/"):
            // `// !$*UTF8*$!` heads a project.pbxproj: an OpenStep plist after its comments.
            var reader = OpenStepReader(text: bytes)
            reader.position = i
            reader.skipTrivia()
            if reader.position < bytes.count, bytes[reader.position] == UInt8(ascii: "{") || bytes[reader.position] == UInt8(ascii: "(") {
                return .failure(.openStepOrJSON)
            }
            return .success(bytes)
        default: return .success(bytes)
        }
    }
}
