// info-minimum-version-format: a minimum system version is not a version number.

extension ValueFormatRule {
    static let minimumVersionFormat = ValueFormatRule(
        id: "info-minimum-version-format", title: "A minimum system version is not a version number",
        rationale:
            "`LSMinimumSystemVersion` and `MinimumOSVersion` are compared as `major.minor.patch` numbers; other text makes the check fail or the app refuse to launch.",
        examples: [
            .triggering(
                """
                <plist version="1.0">
                <dict>
                	<key>LSMinimumSystemVersion</key>
                	↓<string>macOS 11</string>
                </dict>
                </plist>

                """), .nonTriggering(d("LSMinimumSystemVersion", "10.15.4")),
            .nonTriggering(d("LSMinimumSystemVersion", "${MACOSX_DEPLOYMENT_TARGET}")),
        ],
        keys: ["LSMinimumSystemVersion", "MinimumOSVersion"], referenceStandIn: "1", problem: { versionProblem($0, maxParts: 3) })
}
