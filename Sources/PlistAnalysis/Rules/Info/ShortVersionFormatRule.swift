// info-short-version-format: CFBundleShortVersionString is not a version number.

extension ValueFormatRule {
    static let shortVersionFormat = ValueFormatRule(
        id: "info-short-version-format", title: "CFBundleShortVersionString is not a version number",
        rationale: "The marketing version is up to three period-separated integers (`1.4.2`); App Store Connect rejects other text.",
        examples: [.triggering("""
            <plist version="1.0">
            <dict>
            	<key>CFBundleShortVersionString</key>
            	↓<string>v1.2</string>
            </dict>
            </plist>

            """), .nonTriggering(d("CFBundleShortVersionString", "1.2")),
                   .nonTriggering(d("CFBundleShortVersionString", "$(MARKETING_VERSION)"))],
        keys: ["CFBundleShortVersionString"], referenceStandIn: "1", problem: { versionProblem($0, maxParts: 3) })
}
