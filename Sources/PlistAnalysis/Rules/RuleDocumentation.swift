// Renders docs/diagnostics.md from the catalogue, so the rule list can never drift from the code.
import PlistSchema
import SourceEvidence

public enum RuleDocumentation {
    /// The Markdown of `docs/diagnostics.md`.
    public static func markdown(rules: [any Rule] = RuleRegistry.all) -> String {
        var s = """
            # Diagnostics

            <!-- Generated from the rule catalogue (Sources/PlistAnalysis/Rules). Do not edit: run
                 PLIST_LSP_UPDATE_DOCS=1 swift test --filter documentationIsCurrent -->

            Every problem plist-lsp reports comes from one rule of this catalogue, in the editor (the
            rule id is the diagnostic's `code`, linked to its section here) and in `plist-lsp check`.
            Change a rule's severity or switch it off in the settings
            ([configuration.md](configuration.md)), with `check --disable RULE` /
            `check --severity RULE=LEVEL`, or with a comment in the file:

            ```xml
            <!-- plist-lsp-disable-next-entry info-wrong-type, info-invalid-value -->
            <key>UIStatusBarHidden</key>
            <string>$(HIDE_STATUS_BAR)</string>

            <!-- plist-lsp-disable plist-duplicate-key -->   (anywhere: the whole file)
            ```

            A comment `<!-- plist-lsp-disable-next-entry RULE[, RULE…] -->` silences the listed rules
            (all rules when none is listed) for the next dictionary entry (key and value) or array item,
            including everything nested in it. `<!-- plist-lsp-disable RULE[, RULE…] -->` silences them
            for the whole file.

            **File kinds.** Rules marked *Info.plist* run only on files named `Info.plist`,
            `*-Info.plist` or `*Info.plist`, or whose top-level dictionary has `CFBundle…` keys (see
            `FileKind.detect`); never on entitlements (`*.entitlements`) or privacy manifests
            (`*.xcprivacy`). Rules marked *entitlements* run only on entitlements files (also
            `*Entitlements.plist`, or a top-level dictionary of `com.apple.security.…` or
            `com.apple.developer.…` keys), rules marked *privacy manifest* only on privacy manifests
            (also a top-level dictionary of `NSPrivacy…` keys). Rules marked *strings table* or
            *String Catalog* run on the files translating an Info.plist (see the localization chapter).
            Other rules run on every property list.
            Values that are build-setting references (`$(VAR)`, `${VAR}`, `@VAR@`) are accepted wherever
            a value format is checked.

            **Examples.** Each rule's examples are also its tests. In an example that triggers the rule,
            `↓` marks where each of its diagnostics starts (the mark is not part of the file).

            **Fixes.** Fixes marked *safe* are applied by `source.fixAll` and `plist-lsp check --fix`;
            the others are offered as quick fixes only. A safe fix only repairs what Foundation cannot
            read, and the repaired file holds exactly the data the editor showed; anything that changes
            what the system reads from a readable file is offered, never applied for you
            ([safe-fixes.md](safe-fixes.md)). The fix that adds a missing usage description
            inserts a `TODO:` placeholder that `privacy-empty-usage-description` then reports on
            purpose: only you can write the reason App Review and users read.

            **Limits.** A file gets at most 500 diagnostics of one rule; beyond that one more
            diagnostic of the rule says how many are not shown (fix-all and `check --fix` still fix
            them all). Related information stays bounded too: a duplicate key points at the
            occurrence the system reads (the last one points at the first), not at every other.


            """
        s += "| Rule | Default | Files | Fix | What it finds |\n|---|---|---|---|---|\n"
        for rule in rules {
            s +=
                "| [`\(rule.id)`](#\(rule.id)) | \(rule.defaultSeverity.rawValue)\(rule.enabledByDefault ? "" : " (off by default)") | \(files(rule)) | \(fixKind(rule)) | \(escape(rule.title)) |\n"
        }
        for category in RuleCategory.allCases {
            let inCategory = rules.filter { $0.category == category }
            guard !inCategory.isEmpty else { continue }
            s += "\n## \(category.title)\n"
            if let introduction = introduction(category) { s += "\n" + introduction }
            for rule in inCategory {
                s +=
                    "\n### \(rule.id)\n\n**\(escape(rule.title)).** Default severity: \(rule.defaultSeverity.rawValue)\(rule.enabledByDefault ? "" : " (off by default: give it a severity to turn it on)"). Files: \(files(rule)). Fix: \(fixKind(rule)).\n\n"
                s += rule.rationale + "\n"
                if let sources = sources(rule) { s += "\n" + sources + "\n" }
                for example in rule.examples {
                    let label = example.triggers ? "Triggers" : "Does not trigger"
                    let file = example.path == "Info.plist" ? "" : " (in `\(example.path)`)"
                    let language = fenceLanguage(path: example.path)
                    if !example.sources.isEmpty {
                        let names = example.sources.map { "`\($0.path)`" }.joined(separator: ", ")
                        s += "\n\(label)\(file), with \(names) in the project:\n\n" + fence(example.markedText, language: language)
                        for source in example.sources {
                            s +=
                                "\n`\(source.path)`:\n\n"
                                + fence(source.text, language: SourceLanguage(path: source.path).map(fenceLanguage) ?? "")
                        }
                    } else {
                        s += "\n\(label)\(file):\n\n" + fence(example.markedText, language: language)
                    }
                    if let translations = example.translations {
                        if let plist = translations.infoPlist { s += "\nWith this `Info.plist`:\n\n" + fence(plist) }
                        for file in translations.files {
                            s += "\nWith `\(file.path)`:\n\n" + fence(file.text, language: fenceLanguage(path: file.path))
                        }
                        if !translations.knownRegions.isEmpty {
                            s += "\nThe project's `knownRegions`: \(translations.knownRegions.map { "`\($0)`" }.joined(separator: ", ")).\n"
                        }
                    }
                    if let spec = example.project?.xcodeGenSpec {
                        s += "\nIn an XcodeGen project, `project.yml`:\n\n" + fence(spec, language: "yaml")
                    } else if let project = example.project {
                        s +=
                            "\nIn a target of type `\(project.productType)`"
                            + (project.settings.isEmpty ? "" : " with these build settings") + ":\n"
                        if !project.settings.isEmpty { s += "\n" + fence(project.settings, language: "") }
                        if let companion = project.companion {
                            let keys = companion.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
                            s +=
                                "\nIts \(FileKind.detect(path: example.path, document: nil) == .entitlements ? "Info.plist" : "entitlements") hold\(companion.count == 1 ? "s" : "") \(keys.isEmpty ? "no keys" : keys).\n"
                        }
                        if !project.unreadFiles.isEmpty {
                            s +=
                                "\nIts configuration includes \(project.unreadFiles.map { "`\($0)`" }.joined(separator: ", ")), which the checkout lacks.\n"
                        }
                    }
                    if let fixed = example.fixedText {
                        // An Info.plist's translation fix edits a translation file, not the example.
                        let elsewhere = example.format.isPropertyList && !(example.translations?.files.isEmpty ?? true)
                        s +=
                            "\nAfter the fix\(elsewhere ? " (in the first file it edits)" : ""):\n\n"
                            + fence(fixed, language: elsewhere || !example.format.isPropertyList ? "" : "xml")
                    }
                }
            }
        }
        return s
    }

    /// The paragraph opening a chapter, for the chapters that need one.
    static func introduction(_ category: RuleCategory) -> String? {
        guard category == .localization else { return nil }
        return """
            These rules read the files that translate an Info.plist: `InfoPlist.strings` in each
            `*.lproj` folder beside it (or where the project's `InfoPlist.strings` variant group puts
            them) and an `InfoPlist.xcstrings` String Catalog in its folder or above it. They report in
            those files, but `l10n-untranslated`, which reports on the Info.plist key a locale does
            not translate. The locales an app ships are its `.lproj` folders, the catalog's languages,
            the project's `knownRegions` and `CFBundleLocalizations`; `CFBundleDevelopmentRegion` is
            the base, which reads the Info.plist itself. Severities and switches are set as for the
            other rules, and a suppression comment in the Info.plist silences `l10n-untranslated`
            there (strings tables and catalogs have no suppression comments).

            """
    }

    /// The fence language of an example file: JSON for a String Catalog, none for a strings
    /// table, XML for a property list.
    static func fenceLanguage(path: String) -> String {
        switch DocumentFormat.byName(path) {
        case .stringCatalog?: return "json"
        case .stringsTable?: return ""
        default: return "xml"
        }
    }

    /// The paragraph citing where the facts a rule applies come from: each key's Apple page, the key
    /// reference for rules over every key, and the other pages the rule follows.
    static func sources(_ rule: any Rule) -> String? {
        let facts = rule.facts
        guard !facts.isEmpty else { return nil }
        var parts: [String] = []
        for key in facts.keys {
            let definition = KeyDatabase.shared.definitions(named: key.name).first { $0.domain == key.domain }
            parts.append(definition.map { "`\(key.name)` ([page](\($0.docURL)))" } ?? "`\(key.name)`")
        }
        if facts.everyKey { parts.append("each key's facts as its own Apple page gives them, linked from [keys.md](keys.md)") }
        for page in facts.pages { parts.append("<\(page)>") }
        return "**Sources.** " + parts.joined(separator: "; ") + "."
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences("<", "&lt;").replacingOccurrences(">", "&gt;")
    }

    static func files(_ rule: any Rule) -> String {
        if rule.fileKinds == FileKind.allKinds { return "all" }
        return rule.fileKinds.map { kind -> String in
            switch kind {
            case .infoPlist: return "Info.plist"
            case .entitlements: return "entitlements"
            case .privacyManifest: return "privacy manifest"
            case .launchdJob: return "launchd job"
            case .other: return "other"
            case .configurationProfile: return "configuration profile"
            case .stringsTable: return "strings table"
            case .stringCatalog: return "String Catalog"
            }
        }.sorted().joined(separator: ", ")
    }

    static func fixKind(_ rule: any Rule) -> String {
        let fixed = rule.examples.filter { $0.fixedText != nil }
        if fixed.isEmpty { return "—" }
        return rule.isSafeFix ? "safe" : "quick fix"
    }

    static func fenceLanguage(_ language: SourceLanguage) -> String {
        switch language {
        case .swift: return "swift"
        case .objectiveC: return "objc"
        case .c: return "c"
        case .cpp: return "cpp"
        }
    }

    /// A fenced code block of an example. A file with CRLF line ends is shown with plain line
    /// breaks and a sentence saying so (a CR cannot be seen in a code block); any other control
    /// character is shown as its Unicode control picture (U+0001 as ␁), never as Swift's `\u{1}`.
    static func fence(_ text: String, language: String = "xml") -> String {
        let crlf = text.contains("\r\n")
        let lines = crlf ? text.replacing("\r\n", with: "\n") : text
        var body = lines.unicodeScalars.map { scalar -> String in
            guard scalar.value < 0x20, scalar != "\n", scalar != "\t", let picture = Unicode.Scalar(0x2400 + scalar.value) else {
                return String(scalar)
            }
            return String(picture)
        }.joined()
        if body.isEmpty { body = "(empty file)\n" }
        if !body.hasSuffix("\n") { body += "\n" }
        return (crlf ? "Its lines end in CRLF (a carriage return before each line feed).\n\n" : "") + "```\(language)\n" + body + "```\n"
    }
}

extension Rule {
    /// Whether the rule's documented fixes are safe (applied by fix-all and `check --fix`): decided
    /// by running the first example that has a fix.
    public var isSafeFix: Bool {
        guard let example = examples.first(where: { $0.fixedText != nil }) else { return false }
        return example.findings().findings.contains { $0.code == id && $0.fixes.contains { $0.isPreferred && $0.isSafe } }
    }
}

extension String {
    fileprivate func replacingOccurrences(_ a: String, _ b: String) -> String {
        split(separator: Character(a), omittingEmptySubsequences: false).joined(separator: b)
    }
}
