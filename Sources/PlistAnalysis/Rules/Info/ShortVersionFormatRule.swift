// info-short-version-format: CFBundleShortVersionString is not a version number.

extension ValueFormatRule {
    static let shortVersionFormat = ValueFormatRule(
        id: "info-short-version-format", title: "CFBundleShortVersionString is not a version number",
        rationale: """
            The marketing version is one to three period-separated integers (`1.4.2`): Apple's key \
            page and its glossary entry for the version number allow only digits and periods, and the \
            version must match the one you enter in App Store Connect. Apple publishes no list of the \
            upload checks; developers report that an upload with other text (`1.0 beta`, `v1.2`) is \
            refused as an invalid bundle ("must be a period-separated list of at most three \
            non-negative integers").
            """,
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>CFBundleShortVersionString</key>
                	↓<string>v1.2</string>
                </dict>
                </plist>

                """), .nonTriggering(d("CFBundleShortVersionString", "1.2")),
            .nonTriggering(d("CFBundleShortVersionString", "$(MARKETING_VERSION)")),
        ],
        keys: ["CFBundleShortVersionString"], referenceStandIn: "1", problem: { versionProblem($0, maxParts: 3) })
}
