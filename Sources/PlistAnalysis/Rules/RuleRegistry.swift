// The catalogue, the only one: every rule of every kind of file (property lists, strings tables,
// String Catalogs), sorted by id. Add a rule here after writing its file (a rule for a
// parser problem or file rejection is listed by its code, in `ParserProblemRule.documenting` or
// `FileFormatRule.documenting`).
import PlistSyntax

public enum RuleRegistry {
    /// Every rule, sorted by id.
    public static let all: [any Rule] = {
        var rules: [any Rule] = []
        // One rule per rejection and per parser problem, found by its typed identity.
        rules += SourceDecodingError.allCases.map(FileFormatRule.documenting) as [any Rule]
        rules += SyntaxProblem.Code.allCases.map(ParserProblemRule.documenting) as [any Rule]
        rules +=
            [
                DuplicateKeyRule(), EmptyKeyRule(), KeyWhitespaceRule(), RootNotDictionaryRule(), UnbalancedDirectiveRule(),
                WrongTypeRule(), InvalidValueRule(),
                MisspelledKeyRule(), MisplacedKeyRule(), DeprecatedKeyRule(), RemovedKeyRule(), UnknownKeyRule(),
                UnexpectedKeyRule(), EntitlementKeyRule(),
                EmptyUsageDescriptionRule(), MissingUsageDescriptionRule(), MissingAPIDeclarationRule(), MissingPurposeStringRule(),
                ArbitraryLoadsIgnoredRule(), ExceptionDomainFormatRule(), ExceptionDomainIPRule(), AppReviewRule(),
                ValueFormatRule.bundleVersionFormat, ValueFormatRule.shortVersionFormat, ValueFormatRule.minimumVersionFormat,
                ValueFormatRule.bundleIdentifierFormat, ValueFormatRule.packageTypeFormat,
                // Privacy manifests
                WrongTypeRule.privacyManifest, InvalidValueRule.privacyManifest, InvalidReasonRule(), SDKOnlyReasonRule(),
                TrackingDomainsRule(), TrackingDomainFormatRule(), DuplicateEntryRule(), MissingEntryKeyRule(), UnknownManifestKeyRule(),
                // Entitlements
                WrongTypeRule.entitlements, InvalidValueRule.entitlements, MisspelledKeyRule.entitlements,
                EntitlementValueFormatRule(), EntitlementConflictRule(), SandboxOffRule(),
                // launchd jobs (docs/launchd.md)
                MissingLabelRule(), MissingProgramRule(), ProgramAndArgumentsRule(), ProgramArgumentsRule(), CalendarIntervalRule(),
                KeepAliveRule(), OnDemandRule(), LaunchdMisspelledKeyRule(), IntervalConflictRule(), DaemonKeyInAgentRule(),
                LaunchdInfoPlistKeyRule(), LaunchdWrongTypeRule(), LaunchdInvalidValueRule(),
                // Project awareness (docs/project-awareness.md)
                KeySetTwiceRule(), GeneratedFileRule(), UndefinedVariableRule(), ExtensionPointMissingRule(), AppOnlyKeyRule(),
                KeyNewerThanTargetRule(), KeyDeprecatedForTargetRule(), MissingEntitlementRule(), EntitlementPurposeStringRule(),
                EvidenceUnknownRule(),
                OpenStepSyntaxRule(),
                // Configuration profiles (docs/profiles.md)
                ProfileTopLevelTypeRule(), ProfilePayloadVersionRule(), ProfilePayloadUUIDRule(), ProfileDuplicateIdentifierRule(),
                ProfileUnknownPayloadTypeRule(), ProfileUnknownKeyRule(), ProfileWrongTypeRule(), ProfileInvalidValueRule(),
                ProfileMissingKeyRule(), ProfileDeprecatedKeyRule(), ProfilePlaceholderRule(), ProfileSupervisedKeyRule(),
                ProfileRepeatedPayloadRule(),
                // Translations of an Info.plist: strings tables, String Catalogs, and the Info.plist's
                // untranslated texts (issue #31)
                CatalogStateRule(), DuplicateTranslationRule(), EmptyTranslationRule(), NotLocalizableKeyRule(),
                TranslationSyntaxRule(), UnknownTranslationKeyRule(), UntranslatedRule(), DisplayNameKeyRule(),
            ] as [any Rule]
        return rules.sorted { $0.id < $1.id }
    }()

    private static let byID: [String: any Rule] = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })

    /// The rule with this id.
    public static func rule(_ id: String) -> (any Rule)? { byID[id] }
}
