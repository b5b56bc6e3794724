// Format rules for single string values (versions, bundle identifier, package type): one struct,
// five rules that share everything but the key, the pattern and the words.
import PlistSchema
import PlistSyntax

/// A rule checking the text of one or more top-level string keys against a format.
public struct ValueFormatRule: Rule {
    public let id: String
    public let title: String
    public let rationale: String
    public var category: RuleCategory { .values }
    public let defaultSeverity: Severity
    public let examples: [RuleExample]
    /// The keys checked (at the top level).
    let keys: [String]
    /// What a build-setting reference stands for while checking.
    let referenceStandIn: String
    /// nil when valid, else the reason.
    let problem: @Sendable (String) -> String?

    public func check(_ context: RuleContext, into out: inout [Diagnostic]) {
        for info in context.keys where info.parent.isEmpty && info.match?.kind == .exact && keys.contains(info.definition?.name ?? "") {
            guard let value = info.value, value.kind == .string else { continue }
            let text = value.text ?? ""
            let checked = BuildSettingReference.replacing(in: text, with: referenceStandIn)
            if let reason = problem(checked) {
                out.append(diagnostic("'\(text)' is not a valid \(info.key.text): \(reason)", value.element.range))
            }
        }
    }

    static func versionProblem(_ s: String, maxParts: Int) -> String? {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        if s.isEmpty { return "it is empty" }
        if parts.contains(where: { $0.isEmpty || !$0.allSatisfy(\.isASCIIDigit) }) { return "use period-separated numbers such as 1.2.3" }
        if parts.count > maxParts { return "use at most \(maxParts) numbers" }
        return nil
    }

    static func d(_ key: String, _ value: String) -> String {
        ExampleText.dict("\t<key>\(key)</key>\n\t<string>\(value)</string>\n")
    }

    static let all: [ValueFormatRule] = [
        ValueFormatRule(
            id: "info-bundle-version-format", title: "CFBundleVersion is not one to three period-separated numbers",
            rationale: "The build number is compared numerically by the App Store, TestFlight and Launch Services: one to three non-negative integers separated by periods (`42`, `1.2.3`). Letters, spaces or a fourth component are rejected on upload.",
            defaultSeverity: .warning,
            examples: [.triggering(d("CFBundleVersion", "1.0b3")), .triggering(d("CFBundleVersion", "1.2.3.4")),
                       .nonTriggering(d("CFBundleVersion", "$(CURRENT_PROJECT_VERSION)")), .nonTriggering(d("CFBundleVersion", "2024.11.23")),
                       .nonTriggering(d("CFBundleVersion", "1.0.${BUILD_NUMBER}")), .nonTriggering(d("CFBundleVersion", "BUILD_STRING_INFOPLIST"))],
            keys: ["CFBundleVersion"], referenceStandIn: "1", problem: { versionProblem($0, maxParts: 3) }),
        ValueFormatRule(
            id: "info-short-version-format", title: "CFBundleShortVersionString is not a version number",
            rationale: "The marketing version is up to three period-separated integers (`1.4.2`); App Store Connect rejects other text.",
            defaultSeverity: .warning,
            examples: [.triggering(d("CFBundleShortVersionString", "v1.2")), .nonTriggering(d("CFBundleShortVersionString", "1.2")),
                       .nonTriggering(d("CFBundleShortVersionString", "$(MARKETING_VERSION)"))],
            keys: ["CFBundleShortVersionString"], referenceStandIn: "1", problem: { versionProblem($0, maxParts: 3) }),
        ValueFormatRule(
            id: "info-minimum-version-format", title: "A minimum system version is not a version number",
            rationale: "`LSMinimumSystemVersion` and `MinimumOSVersion` are compared as `major.minor.patch` numbers; other text makes the check fail or the app refuse to launch.",
            defaultSeverity: .warning,
            examples: [.triggering(d("LSMinimumSystemVersion", "macOS 11")), .nonTriggering(d("LSMinimumSystemVersion", "10.15.4")),
                       .nonTriggering(d("LSMinimumSystemVersion", "${MACOSX_DEPLOYMENT_TARGET}"))],
            keys: ["LSMinimumSystemVersion", "MinimumOSVersion"], referenceStandIn: "1", problem: { versionProblem($0, maxParts: 3) }),
        ValueFormatRule(
            id: "info-bundle-identifier-format", title: "CFBundleIdentifier has characters a bundle identifier cannot hold",
            rationale: "A bundle identifier is reverse-DNS text of letters, digits, hyphens and periods (`com.example.my-app`). Underscores, spaces and empty components are refused by code signing and the App Store.",
            defaultSeverity: .warning,
            examples: [.triggering(d("CFBundleIdentifier", "com.example.my_app")), .triggering(d("CFBundleIdentifier", "com.example..app")),
                       .nonTriggering(d("CFBundleIdentifier", "com.example.my-app")),
                       .nonTriggering(d("CFBundleIdentifier", "$(PRODUCT_BUNDLE_IDENTIFIER).widget")),
                       .nonTriggering(d("CFBundleIdentifier", "org.example.$(PRODUCT_NAME:rfc1034identifier)"))],
            keys: ["CFBundleIdentifier"], referenceStandIn: "a", problem: { s in
                if s.isEmpty { return "it is empty" }
                if s.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) { return "a component is empty" }
                if let bad = s.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".")) }) {
                    return "'\(bad)' is not allowed (letters, digits, '-' and '.' only)"
                }
                return nil
            }),
        ValueFormatRule(
            id: "info-package-type-format", title: "CFBundlePackageType is not a four-character code",
            rationale: "The package type is a four-character code: `APPL` for apps, `FMWK` for frameworks, `BNDL` for loadable bundles, `XPC!` for XPC services.",
            defaultSeverity: .warning,
            examples: [.triggering(d("CFBundlePackageType", "APP")), .nonTriggering(d("CFBundlePackageType", "XPC!")),
                       .nonTriggering(d("CFBundlePackageType", "$(PRODUCT_BUNDLE_PACKAGE_TYPE)"))],
            keys: ["CFBundlePackageType"], referenceStandIn: "APPL", problem: { s in
                s.unicodeScalars.count == 4 && s.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 }) ? nil : "use a four-character code such as APPL"
            }),
    ]
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
