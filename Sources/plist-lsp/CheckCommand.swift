// `plist-lsp check`: report problems in plist files the way compilers print them (or as JSON or
// SARIF), and with `--fix` apply the safe fixes, writing each file atomically.
import ArgumentParser
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistAnalysis
import PlistFormats
import PlistWorkspace
import PlistSyntax
import PlistSupport
import XcodeProject

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check plist files and print their problems.",
        discussion: """
            Prints one line per problem: PATH:LINE:COLUMN: error|warning|note: MESSAGE [RULE-ID]

            Lines and columns are 1-based; a column counts UTF-8 bytes from the start of its line, \
            as clang and swiftc do. A directory is searched for *.plist, *.entitlements, *.xcprivacy and *.mobileconfig. \
            The rules are listed in docs/diagnostics.md. A binary plist (bplist00) is checked as \
            its XML form (what convert --to xml1 writes); its problems are placed by key path: \
            PATH: KEY › PATH: error|warning|note: MESSAGE [RULE-ID].

            Privacy manifests and Info.plists are also checked against the Swift, Objective-C, C and \
            C++ sources of their project (--sources, by default the nearest folder above each file \
            holding an *.xcodeproj, a Package.swift or a .git): see docs/source-evidence.md. Each call \
            site behind such a problem is printed as a note after it.

            Each file is checked with what its Xcode project says about it (the target's build \
            settings, product type and deployment target, its other plists): --project PATH checks \
            every plist the projects at PATH (a folder, an .xcodeproj, an .xcworkspace or an XcodeGen spec) use; \
            without it, the projects below each file's project root are read. See \
            docs/project-awareness.md.

            --fix applies the safe fixes and rewrites each changed file atomically; a file is left \
            untouched when its fixes cannot be applied or would add an error.

            Exit status: 0 no errors, 1 errors found (after fixing, with --fix), 2 usage or I/O error.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, sarif }

    @Option(help: "Output format: text, json or sarif (SARIF 2.1.0).")
    var format: Format = .text

    @Flag(help: "Apply the safe fixes and rewrite the files.")
    var fix = false

    @Option(name: .customLong("disable"), help: ArgumentHelp("Switch a rule off (repeatable).", valueName: "rule-id"))
    var disabled: [String] = []

    @Option(
        name: .customLong("severity"),
        help: ArgumentHelp(
            "Change a rule's severity: RULE=LEVEL, the level being error, warning, information, hint or off (repeatable).",
            valueName: "rule=level"))
    var severities: [String] = []

    @Option(help: "Treat every file as this kind: infoPlist, entitlements, privacyManifest, launchdJob, configurationProfile or other.")
    var fileKind: String?

    @Flag(help: "Do not run the Info.plist rules (syntax and structure only).")
    var noInfoPlistRules = false

    @Option(
        name: .customShort("D", allowingJoined: true),
        help: ArgumentHelp(
            "Define a preprocessor macro (NAME or NAME=VALUE, repeatable): a preprocessed Info.plist is analysed with the #if branches Xcode would keep for these definitions.",
            valueName: "name[=value]"))
    var definitions: [String] = []

    @Flag(
        help:
            "Also run the hint rules that are off by default, as in the editor with the same setting (info-unknown-key: every key the system does not read, which custom keys legally are). Without it, check reports exactly what the editor shows by default."
    )
    var hints = false

    @Option(
        help: ArgumentHelp(
            "The folder of source files the privacy rules read (default: the nearest project root above each file: a folder with an *.xcodeproj, Package.swift or .git).",
            valueName: "dir"))
    var sources: String?

    @Flag(help: "Do not scan source files (the privacy rules that read them stay quiet).")
    var noSourceEvidence = false

    @Option(
        help: ArgumentHelp(
            "Check every plist the Xcode projects at this path use (a folder searched for projects, an .xcodeproj, an .xcworkspace, or an XcodeGen spec), with their build settings.",
            valueName: "path"))
    var project: String?

    @Flag(help: "Do not read Xcode projects (the project rules stay quiet, build settings are not resolved).")
    var noProject = false

    @Argument(help: "Files or directories to check.")
    var paths: [String] = []

    func validate() throws {
        if paths.isEmpty && project == nil { throw ValidationError("give at least one file or directory, or --project") }
        if let project, fileKindOnDisk(project) == .missing { throw ValidationError("--project: '\(project)' does not exist") }
        if let sources, fileKindOnDisk(sources) != .directory { throw ValidationError("--sources: '\(sources)' is not a folder") }
        _ = try analysisConfiguration()
    }

    /// The flags in the settings' plain form, read by the same parser as the editor's settings
    /// (docs/configuration.md): `--severity RULE=LEVEL` is `rules`, `--disable` `disabledRules`,
    /// `--file-kind` `fileKind`, `--no-info-plist-rules` `infoPlistRules`, `--no-source-evidence`
    /// `sourceEvidence`, `-D` `preprocessorDefinitions`.
    func settings() throws -> ConfigurationValue {
        var rules: [String: ConfigurationValue] = [:]
        for s in severities {
            let parts = s.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--severity takes RULE=LEVEL, not '\(s)'") }
            rules[parts[0]] = .string(parts[1])
        }
        if hints {
            for rule in RuleRegistry.all where !rule.enabledByDefault && rule.defaultSeverity == .hint && rules[rule.id] == nil {
                rules[rule.id] = .string("hint")
            }
        }
        var settings: [String: ConfigurationValue] = [
            ConfigurationSetting.rules.rawValue: .object(rules),
            ConfigurationSetting.disabledRules.rawValue: .array(disabled.map { .string($0) }),
            ConfigurationSetting.infoPlistRules.rawValue: .bool(!noInfoPlistRules),
            ConfigurationSetting.sourceEvidence.rawValue: .bool(!noSourceEvidence),
        ]
        if let fileKind { settings[ConfigurationSetting.fileKind.rawValue] = .string(fileKind) }
        if !definitions.isEmpty {
            settings[ConfigurationSetting.preprocessorDefinitions.rawValue] = .array(definitions.map { .string($0) })
        }
        return .object(settings)
    }

    /// The configuration the flags give; any part the parser cannot use is a usage error (the
    /// server logs the same problems as warnings and goes on).
    func analysisConfiguration() throws -> AnalysisConfiguration {
        let (configuration, problems) = AnalysisConfiguration.parse(try settings())
        guard problems.isEmpty else {
            throw ValidationError(problems.map { "\(Self.flag(for: $0.setting)): \($0.message)" }.joined(separator: "\n"))
        }
        return configuration
    }

    /// The flag that sets a setting, for messages.
    static func flag(for setting: ConfigurationSetting) -> String {
        switch setting {
        case .rules: return "--severity"
        case .disabledRules: return "--disable"
        case .infoPlistRules: return "--no-info-plist-rules"
        case .fileKind: return "--file-kind"
        case .preprocessorDefinitions: return "-D"
        case .sourceEvidence: return "--no-source-evidence"
        case .inlayHints: return setting.rawValue  // no flag: check shows no inlay hints
        case .formatting: return setting.rawValue  // `format` has the flags: --indent, --data-width
        case .documentationURL: return setting.rawValue  // no flag: check's lines carry no links
        }
    }

    func run() throws {
        // The key database and the schema tables (~10 ms) load while the first file is read and
        // parsed; the first rule that needs them waits for what is left (docs/contributing/performance.md).
        startDetachedThread(name: "plist-lsp-tables") { Analyzer.loadSharedTables() }
        let configuration = try analysisConfiguration()
        let evidence = SourceFolders(given: sources, enabled: configuration.sourceEvidence)
        let projects = ProjectFolders(given: project, enabled: !noProject)
        let localization = CheckLocalization()
        let translations = localization.translations(projects: projects)
        var ioError = false
        var errors = 0, warnings = 0
        var reports: [FileReport] = []
        // --project: every plist its targets use, besides the paths given.
        let projectPlists = (projects.givenIndex?.plists ?? []).map { SourceFolders.display($0.path) }
        // …and the InfoPlist.strings and .xcstrings that translate its Info.plists (issue #31).
        let inputs = paths + projectPlists + localization.translationFiles(of: projectPlists)
        if FileExpansion.forEachFile(
            in: inputs,
            { file, snapshot in
                // One analysis, the server's (`DocumentAnalysis`): a binary plist is checked as its XML
                // form (as `convert --to xml1` writes it), its problems placed by key path (docs/features.md);
                // an InfoPlist.strings or .xcstrings against the Info.plist it translates (never fixed).
                let isPlist = DocumentFormat.byName(file) == nil
                let found = isPlist ? evidence.evidence(forPlistAt: file, scope: projects.sourceScope(forPlistAt: file)) : nil
                let facts = isPlist ? projects.input(forPlistAt: file) : nil
                let inputs = DocumentInputs(configuration: configuration, evidence: found, project: facts, translations: translations)
                let analysis = DocumentAnalysis.findings(
                    of: .file(snapshot.bytes), path: file, file: SourceFolders.absolute(file), inputs: inputs,
                    release: Self.releaseInBackground)
                var (text, diagnostics) = (analysis.text, analysis.findings)
                let binary = analysis.binary
                let raw = binary?.xml ?? snapshot.bytes
                var fixed: [Finding] = []
                var fixFailure: String?
                if !isPlist {
                    // Translations are never fixed.
                } else if fix, binary?.signed == true, diagnostics.contains(where: { $0.fixes.contains(where: \.isSafe) }) {
                    fixFailure =
                        "a signed profile is never changed: editing it breaks its signature (fix the unsigned profile and sign it again)"
                    writeToStandardError("plist-lsp: \(TerminalText.escaped(file)): not fixed: \(fixFailure!)\n")
                } else if fix, text == raw, diagnostics.contains(where: { $0.fixes.contains(where: \.isSafe) }) {
                    do {
                        let result = try FixApplication.fixAll(
                            text, path: file, configuration: configuration, evidence: found, project: facts)
                        if result.text != text {
                            try AtomicFile.write(
                                binary?.xml == nil ? result.text : try BinaryFormOfFile.encode(result.text), over: snapshot)
                            fixed = result.fixed
                            (text, diagnostics) = (
                                result.text,
                                DocumentAnalysis.findings(
                                    afterFix: result.remaining, text: result.text, kind: analysis.kind,
                                    file: SourceFolders.absolute(file), inputs: inputs)
                            )
                        }
                    } catch {
                        fixFailure = "\(error)"
                        writeToStandardError("plist-lsp: \(TerminalText.escaped(file)): not fixed: \(error)\n")
                        ioError = ioError || error is AtomicFile.WriteError
                    }
                } else if fix, text != raw, diagnostics.contains(where: { $0.fixes.contains(where: \.isSafe) }) {
                    fixFailure = "the file is not UTF-8; convert it before fixing"
                    writeToStandardError("plist-lsp: \(TerminalText.escaped(file)): not fixed: \(fixFailure!)\n")
                }
                var report = FileReport(path: file, text: text, diagnostics: diagnostics, fixed: fixed, fixFailure: fixFailure)
                if binary?.xml != nil { report.keyPaths = PlistDocument(text: text) }
                report.signed = binary?.signed ?? false
                errors += diagnostics.filter { $0.severity == .error }.count
                warnings += diagnostics.filter { $0.severity == .warning }.count
                reports.append(report)
                if format == .text { writeToStandardOutput(report.textLines()) }
            })
        {
            ioError = true
        }
        switch format {
        case .text: break
        case .json:
            let summary = CheckLog.Summary(
                files: reports.count, errors: errors, warnings: warnings, fixed: fix ? reports.reduce(0) { $0 + $1.fixed.count } : nil)
            writeToStandardOutput(try OutputJSON.encode(CheckLog(files: reports.map { $0.json() }, summary: summary)) + "\n")
        case .sarif:
            writeToStandardOutput(try OutputJSON.encode(SARIF.log(reports), escapingSlashes: false) + "\n")
        }
        if ioError { throw ExitCode(2) }
        if errors > 0 { throw ExitCode(1) }
    }
}

extension Check {
    /// Releases a file's typed view later: freeing the values of a large plist is a tenth of its
    /// check, and nothing waits for it. The previous file's view is released on another thread when
    /// the next one's arrives; the last file's is never released (the process ends with it), so a
    /// single-file check spends no time on it at all (docs/contributing/performance.md).
    static func releaseInBackground(_ document: consuming PlistDocument) {
        let document = document
        let previous = lastDocument.withLock { held -> PlistDocument? in
            defer { held = document }
            return held
        }
        if let previous { DispatchQueue.global().async { withExtendedLifetime(previous) {} } }
    }

    /// The typed view of the file checked last, kept until the next one's arrives.
    private static let lastDocument = Locked<PlistDocument?>(nil)
}

/// The problems of one file with their positions.
struct FileReport {
    let path: String
    let text: [UInt8]
    let diagnostics: [Finding]
    var fixed: [Finding] = []
    var fixFailure: String?
    /// For a binary plist, the typed view of its XML form: its problems are placed by key path.
    var keyPaths: PlistDocument?
    /// A signed configuration profile: its plist was checked.
    var signed = false

    /// The line index of as much of the text as the report places: up to its last diagnostic
    /// (a few bytes past it, so that a line break or character there is read whole), not the rest
    /// of a large file. Positions up to there are the same as in the whole text's index.
    func lineIndex() -> LineIndex {
        let last = diagnostics.lazy.map(\.range.upperBound).max() ?? 0
        let end = last + 8
        return end >= text.count ? LineIndex(text) : LineIndex(Array(text[..<end]))
    }

    func location(_ offset: Int, _ index: LineIndex, _ encoding: PositionEncoding = .utf8) -> (line: Int, column: Int) {
        let p = index.position(of: offset, in: encoding)
        return (p.line + 1, p.character + 1)
    }

    func textLines() -> String {
        let index = keyPaths == nil ? lineIndex() : LineIndex([])
        // File content (keys, values) and file names reach the terminal: escaped so that neither
        // can end a line early (a forged `path:1:1: error:` line) nor send control sequences.
        let path = TerminalText.escaped(path)
        var out = ""
        if !fixed.isEmpty {
            let ids = Set(fixed.map(\.code)).sorted().joined(separator: ", ")
            out += "\(path): fixed \(fixed.count) problem\(fixed.count == 1 ? "" : "s") [\(ids)]\n"
        }
        if signed && keyPaths != nil && !diagnostics.isEmpty {
            out +=
                "\(path): note: a signed configuration profile: its plist is checked, problems are placed by key path (plist-lsp convert --to xml1 -o - FILE shows it; editing the file breaks its signature)\n"
        } else if keyPaths != nil && !diagnostics.isEmpty {
            out +=
                "\(path): note: a binary property list: problems are placed by key path in its XML form (plist-lsp convert --to xml1 -o - FILE shows it)\n"
        }
        for d in diagnostics {
            let level = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "note"
            if let keyPaths {
                out +=
                    "\(path): \(TerminalText.escaped(BinaryFormOfFile.keyPath(of: d.range, in: keyPaths))): \(level): \(TerminalText.escaped(d.message)) [\(d.code)]\n"
                continue
            }
            let (line, column) = location(d.range.lowerBound, index)
            out += "\(path):\(line):\(column): \(level): \(TerminalText.escaped(d.message)) [\(d.code)]\n"
            // Like a compiler's notes: where in other files the problem comes from.
            for (message, location) in d.elsewhere {
                out +=
                    "\(TerminalText.escaped(SourceFolders.display(location.path))):\(location.start.line + 1):\(location.start.utf8Column + 1): note: \(TerminalText.escaped(message))\n"
            }
        }
        return out
    }

    func json() -> CheckLog.File {
        let index = lineIndex()
        return CheckLog.File(
            path: path,
            problems: diagnostics.map { d in
                let (line, column) = location(d.range.lowerBound, index)
                let (endLine, endColumn) = location(d.range.upperBound, index)
                let related = d.elsewhere.map { message, location in
                    CheckLog.Related(
                        path: SourceFolders.display(location.path), line: location.start.line + 1, column: location.start.utf8Column + 1,
                        endLine: location.end.line + 1, endColumn: location.end.utf8Column + 1, message: message)
                }
                return CheckLog.Problem(
                    line: line, column: column, endLine: endLine, endColumn: endColumn,
                    severity: d.severity.rawValue, code: d.code, message: d.message, related: related.isEmpty ? nil : related,
                    keyPath: keyPaths.map { BinaryFormOfFile.keyPath(of: d.range, in: $0) })
            },
            fixed: fixed.isEmpty ? nil : fixed.map { CheckLog.Fixed(code: $0.code, message: $0.message) },
            fixFailure: fixFailure)
    }
}

/// A minimal SARIF 2.1.0 log: the catalogue as the tool's rules, one result per diagnostic.
enum SARIF {
    static func level(_ s: Finding.Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .information, .hint: return "note"
        }
    }

    static func uri(_ path: String) -> String {
        let encoded = PathName.percentEncoded(path)
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    static func log(_ reports: [FileReport]) -> SARIFLog {
        let rules = RuleRegistry.all
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let driverRules = rules.map { r in
            SARIFLog.Rule(
                id: r.id, name: r.id, shortDescription: .init(text: r.title), fullDescription: .init(text: r.rationale),
                helpUri: RuleDocumentationLink.installed.url(for: r.id, installed: InstalledDocumentation.diagnosticsPage),
                defaultConfiguration: .init(level: level(r.defaultSeverity)))
        }
        var results: [SARIFLog.Result] = []
        for report in reports {
            let lines = report.lineIndex()
            for d in report.diagnostics {
                let (line, column) = report.location(d.range.lowerBound, lines, .utf16)
                let (endLine, endColumn) = report.location(d.range.upperBound, lines, .utf16)
                let location = SARIFLog.Location(
                    physicalLocation: .init(
                        artifactLocation: .init(uri: uri(report.path)),
                        region: .init(startLine: line, startColumn: column, endLine: endLine, endColumn: endColumn)))
                let related = d.elsewhere.enumerated().map { n, item in
                    SARIFLog.Location(
                        id: n + 1, message: .init(text: item.message),
                        physicalLocation: .init(
                            artifactLocation: .init(uri: uri(item.location.path)),
                            region: .init(
                                startLine: item.location.start.line + 1, startColumn: item.location.start.utf16Column + 1,
                                endLine: item.location.end.line + 1, endColumn: item.location.end.utf16Column + 1)))
                }
                results.append(
                    SARIFLog.Result(
                        ruleId: d.code, ruleIndex: index[d.code], level: level(d.severity), message: .init(text: d.message),
                        locations: [location],
                        relatedLocations: related.isEmpty ? nil : related))
            }
        }
        let driver = SARIFLog.Driver(name: "plist-lsp", informationUri: InstalledDocumentation.diagnosticsPage, rules: driverRules)
        return SARIFLog(runs: [SARIFLog.Run(tool: .init(driver: driver), columnKind: "utf16CodeUnits", results: results)])
    }
}
