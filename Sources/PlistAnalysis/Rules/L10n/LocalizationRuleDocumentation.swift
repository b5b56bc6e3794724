// The localization rules' chapter of docs/diagnostics.md.

enum LocalizationRuleDocumentation {
    static func markdown(rules: [any LocalizationRule] = LocalizationRules.all) -> String {
        var s = """

            ## Localization: InfoPlist.strings and String Catalogs

            These rules read the files that translate an Info.plist: `InfoPlist.strings` in each
            `*.lproj` folder beside it (or where the project's `InfoPlist.strings` variant group puts
            them) and an `InfoPlist.xcstrings` String Catalog in its folder or above it. They report in
            those files, but `l10n-untranslated`, which reports on the Info.plist key a locale does
            not translate. The locales an app ships are its `.lproj` folders, the catalog's languages,
            the project's `knownRegions` and `CFBundleLocalizations`; `CFBundleDevelopmentRegion` is
            the base, which reads the Info.plist itself. Severities and switches are set as for the
            other rules. As there, in an example that triggers the rule, `↓` marks where each of its
            diagnostics starts (the mark is not part of the file).

            | Rule | Default | Fix | What it finds |
            |---|---|---|---|

            """
        for rule in rules {
            let fix = rule.examples.contains { $0.fixedText != nil } ? "quick fix" : "—"
            s += "| [`\(rule.id)`](#\(rule.id)) | \(rule.defaultSeverity.rawValue) | \(fix) | \(RuleDocumentation.escape(rule.title)) |\n"
        }
        for rule in rules {
            s += "\n### \(rule.id)\n\n**\(RuleDocumentation.escape(rule.title)).** Default severity: \(rule.defaultSeverity.rawValue).\n\n"
            s += rule.rationale + "\n"
            for example in rule.examples {
                let label = example.triggers ? "Triggers" : "Does not trigger"
                let language = example.path.hasSuffix(".xcstrings") ? "json" : example.path.hasSuffix(".plist") ? "xml" : ""
                s += "\n\(label) (in `\(example.path)`):\n\n" + RuleDocumentation.fence(example.markedText, language: language)
                if let plist = example.infoPlist { s += "\nWith this `Info.plist`:\n\n" + RuleDocumentation.fence(plist) }
                for file in example.files {
                    s += "\nWith `\(file.path)`:\n\n" + RuleDocumentation.fence(file.text, language: file.path.hasSuffix(".xcstrings") ? "json" : "")
                }
                if !example.knownRegions.isEmpty { s += "\nThe project's `knownRegions`: \(example.knownRegions.map { "`\($0)`" }.joined(separator: ", ")).\n" }
                if let fixed = example.fixedText {
                    s += "\nAfter the fix\(example.path.hasSuffix("Info.plist") ? " (in the first file it edits)" : ""):\n\n" + RuleDocumentation.fence(fixed, language: "")
                }
            }
        }
        return s
    }
}
