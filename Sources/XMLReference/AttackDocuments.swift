// Hostile XML documents shared by the security tests of both parsers (libxml2 and ours).

/// Classic XML attacks shaped as property lists. Each returns UTF-8 bytes.
public enum AttackDocuments {
    /// "Billion laughs": `depth` levels of entities, each referencing the previous one ten times,
    /// the last referenced in a `<string>`. Fully expanded it is 3 × 10^depth bytes.
    public static func billionLaughs(depth: Int = 9) -> [UInt8] {
        var declarations = "<!ENTITY lol0 \"lol\">\n"
        for level in 1...depth {
            let reference = "&lol\(level - 1);"
            declarations += "<!ENTITY lol\(level) \"\(String(repeating: reference, count: 10))\">\n"
        }
        return bytes(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist [
            \(declarations)]>
            <plist version="1.0">
            <string>&lol\(depth);</string>
            </plist>

            """)
    }

    /// An external entity (XXE) pointing at `systemID`, referenced in a `<string>` as `&xxe;`.
    public static func externalEntity(systemID: String) -> [UInt8] {
        bytes(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist [<!ENTITY xxe SYSTEM "\(systemID)">]>
            <plist version="1.0">
            <string>&xxe;</string>
            </plist>

            """)
    }

    /// An external parameter entity pointing at `systemID`, referenced inside the internal subset.
    public static func externalParameterEntity(systemID: String) -> [UInt8] {
        bytes(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist [<!ENTITY % remote SYSTEM "\(systemID)"> %remote;]>
            <plist version="1.0">
            <string>x</string>
            </plist>

            """)
    }

    /// A document whose DOCTYPE names an external DTD at `systemID`.
    public static func externalDTD(systemID: String) -> [UInt8] {
        bytes(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist SYSTEM "\(systemID)">
            <plist version="1.0">
            <string>x</string>
            </plist>

            """)
    }

    /// The URL of Apple's property list DTD, named by every plist Xcode writes.
    public static let appleDTDURL = "http://www.apple.com/DTDs/PropertyList-1.0.dtd"

    /// An ordinary plist with Apple's standard DOCTYPE.
    public static func appleDoctype() -> [UInt8] {
        bytes(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "\(appleDTDURL)">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleName</key>
            \t<string>Demo</string>
            </dict>
            </plist>

            """)
    }

    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
