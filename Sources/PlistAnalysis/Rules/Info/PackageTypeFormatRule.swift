// info-package-type-format: CFBundlePackageType is not a four-character code.

extension ValueFormatRule {
    static let packageTypeFormat = ValueFormatRule(
        id: "info-package-type-format", title: "CFBundlePackageType is not a four-character code",
        rationale:
            "The package type is a four-character code: `APPL` for apps, `FMWK` for frameworks, `BNDL` for loadable bundles, `XPC!` for XPC services.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>CFBundlePackageType</key>
                	↓<string>APP</string>
                </dict>
                </plist>

                """), .nonTriggering(d("CFBundlePackageType", "XPC!")),
            .nonTriggering(d("CFBundlePackageType", "$(PRODUCT_BUNDLE_PACKAGE_TYPE)")),
        ],
        keys: ["CFBundlePackageType"], referenceStandIn: "APPL",
        problem: { s in
            s.unicodeScalars.count == 4 && s.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 })
                ? nil : "use a four-character code such as APPL"
        })
}
