// info-bundle-identifier-format: CFBundleIdentifier has characters a bundle identifier cannot hold.

extension ValueFormatRule {
    static let bundleIdentifierFormat = ValueFormatRule(
        id: "info-bundle-identifier-format", title: "CFBundleIdentifier has characters a bundle identifier cannot hold",
        rationale:
            "A bundle identifier is reverse-DNS text of letters, digits, hyphens and periods (`com.example.my-app`). Underscores, spaces and empty components are refused by code signing and the App Store.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>CFBundleIdentifier</key>
                	↓<string>com.example.my_app</string>
                </dict>
                </plist>

                """),
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>CFBundleIdentifier</key>
                	↓<string>com.example..app</string>
                </dict>
                </plist>

                """),
            .nonTriggering(d("CFBundleIdentifier", "com.example.my-app")),
            .nonTriggering(d("CFBundleIdentifier", "$(PRODUCT_BUNDLE_IDENTIFIER).widget")),
            .nonTriggering(d("CFBundleIdentifier", "org.example.$(PRODUCT_NAME:rfc1034identifier)")),
        ],
        keys: ["CFBundleIdentifier"], referenceStandIn: "a",
        problem: { s in
            if s.isEmpty { return "it is empty" }
            if s.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) { return "a component is empty" }
            if let bad = s.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".")) }) {
                return "'\(bad)' is not allowed (letters, digits, '-' and '.' only)"
            }
            return nil
        })
}
