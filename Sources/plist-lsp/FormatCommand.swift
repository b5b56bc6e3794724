// `plist-lsp format`: rewrite plist files as Xcode writes them (or, with --check, only say which
// would change), each file atomically, all or nothing; a file with syntax errors is left as it is.
import ArgumentParser
import PlistAnalysis
import PlistSyntax
import PlistSupport

struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Format plist files as Xcode writes them.",
        discussion: """
            Writes the XML declaration and DOCTYPE Xcode writes, one element per line indented by \
            tabs, <true/>, <dict/>, strings escaped with &amp; &lt; &gt; (a CR as &#13;), <data> wrapped \
            at 76 columns, one final newline. Key order, values, comments, preprocessor lines (#if) and \
            $(VAR) references are kept.

            A directory is searched for *.plist, *.entitlements, *.xcprivacy and *.mobileconfig. Each changed file \
            is rewritten atomically; a file with syntax errors is left untouched and the reason \
            printed. See docs/features.md#formatting.

            Exit status: 0 done (or, with --check, nothing would change); 1 a file would change \
            (--check) or could not be formatted; 2 usage or I/O error.
            """)

    @Flag(help: "Change nothing: list the files that would change and exit 1 if there are any.")
    var check = false

    @Option(help: ArgumentHelp("Indentation: tabs (as Xcode) or a number of spaces.", valueName: "tabs|N"))
    var indent: String?

    @Option(help: ArgumentHelp("The base64 characters on a <data> line before its indentation is taken off (Xcode: 76).", valueName: "N"))
    var dataWidth: Int?

    @Argument(help: "Files or directories to format.")
    var paths: [String]

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one file or directory") }
        _ = try options()
    }

    /// The options the flags give, read by the parser of the `formatting` setting.
    func options() throws -> FormatterOptions {
        var members: [String: ConfigurationValue] = [:]
        if let indent { members["indentation"] = Int(indent).map(ConfigurationValue.int) ?? .string(indent) }
        if let dataWidth { members["dataLineWidth"] = .int(dataWidth) }
        let (configuration, problems) = AnalysisConfiguration.parse([ConfigurationSetting.formatting.rawValue: .object(members)])
        if let problem = problems.first { throw ValidationError(problem.message.replacingFlagNames()) }
        if configuration.formatting.indentationFromEditor { throw ValidationError("--indent takes tabs or a number of spaces") }
        return configuration.formatting
    }

    func run() throws {
        let options = try options()
        var ioError = false
        var notFormatted = false
        var wouldChange = 0
        var changed = 0
        if FileExpansion.forEachFile(
            in: paths,
            { file, snapshot in
                let shown = TerminalText.escaped(file)
                let text: [UInt8]
                switch SourceDecoding.decode(snapshot.bytes) {
                case .failure(let error):
                    writeToStandardError("plist-lsp: \(shown): not formatted: \(error)\n")
                    notFormatted = true
                    return
                case .success(let decoded):
                    text = decoded
                }
                if text != snapshot.bytes {
                    writeToStandardError(
                        "plist-lsp: \(shown): not formatted: the file is UTF-16; format writes UTF-8 only (convert it first: plist-lsp convert --to xml1 FILE)\n"
                    )
                    notFormatted = true
                    return
                }
                let document = PlistDocument(text: text)
                switch PlistFormatter.format(document, options: options) {
                case .failure(let refusal):
                    let place = LineIndex(text).position(of: refusal.range.lowerBound, in: .utf8)
                    writeToStandardError(
                        "\(shown):\(place.line + 1):\(place.character + 1): not formatted: \(TerminalText.escaped(refusal.description))\n")
                    notFormatted = true
                case .success(let formatted) where formatted.isUnchanged:
                    return
                case .success(let formatted):
                    if check {
                        writeToStandardOutput("\(shown): would be reformatted\n")
                        wouldChange += 1
                        return
                    }
                    do {
                        try AtomicFile.write(formatted.text, over: snapshot, purpose: "formatted")
                        writeToStandardOutput("\(shown): reformatted\n")
                        changed += 1
                    } catch {
                        writeToStandardError("plist-lsp: \(shown): not formatted: \(error)\n")
                        ioError = true
                    }
                }
            })
        {
            ioError = true
        }
        if ioError { throw ExitCode(2) }
        if notFormatted || wouldChange > 0 { throw ExitCode(1) }
        _ = changed
    }
}

extension String {
    /// A `formatting` setting's message in the flags' words.
    fileprivate func replacingFlagNames() -> String {
        if hasPrefix("indentation: ") { return "--indent takes tabs or a number of spaces (1…16)" }
        if hasPrefix("dataLineWidth: ") { return "--data-width: " + dropFirst("dataLineWidth: ".count) }
        return self
    }
}
