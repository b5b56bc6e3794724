// info-bundle-version-format: CFBundleVersion is not one to three period-separated numbers.

extension ValueFormatRule {
    static let bundleVersionFormat = ValueFormatRule(
        id: "info-bundle-version-format", title: "CFBundleVersion is not one to three period-separated numbers",
        rationale:
            "The build number is compared numerically by the App Store, TestFlight and Launch Services: one to three non-negative integers separated by periods (`42`, `1.2.3`). Letters, spaces or a fourth component are rejected on upload.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>CFBundleVersion</key>
                	↓<string>1.0b3</string>
                </dict>
                </plist>

                """),
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>CFBundleVersion</key>
                	↓<string>1.2.3.4</string>
                </dict>
                </plist>

                """),
            .nonTriggering(d("CFBundleVersion", "$(CURRENT_PROJECT_VERSION)")), .nonTriggering(d("CFBundleVersion", "2024.11.23")),
            .nonTriggering(d("CFBundleVersion", "1.0.${BUILD_NUMBER}")), .nonTriggering(d("CFBundleVersion", "BUILD_STRING_INFOPLIST")),
        ],
        keys: ["CFBundleVersion"], referenceStandIn: "1", problem: { versionProblem($0, maxParts: 3) })
}
