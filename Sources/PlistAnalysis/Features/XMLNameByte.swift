// Bytes of an XML name, for scanning tag names in text that may not parse.

/// Bytes allowed in an XML name (ASCII subset; enough for plist element names).
enum XMLNameByte {
    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F || b == 0x2E || b == 0x3A
    }
}
