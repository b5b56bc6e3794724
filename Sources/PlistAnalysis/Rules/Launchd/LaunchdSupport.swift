// What the launchd rules share: the job's top-level entries, template placeholders in values, and
// example jobs for their documentation (docs/launchd.md).
import PlistSchema
import PlistSyntax

/// Reading a launchd job (a LaunchAgent or LaunchDaemon).
enum LaunchdJob {
    /// The top-level dictionary of the job, if the file has one.
    static func root(_ context: RuleContext) -> PlistNode? { context.rootDictionary }

    /// The top-level entry named `key` that launchd reads (the last of the same name, compared by
    /// exact scalars as `PlistNode.value(forKey:)` compares them), if any.
    static func entry(_ key: String, in root: PlistNode) -> PlistEntry? {
        root.entries.last { $0.key.map { ExactText.equal($0.text, key) } == true }
    }

    /// Whether the job is an agent or a daemon, from its folder; nil when the path does not say.
    static func placement(_ context: RuleContext) -> LaunchdPlacement? {
        LaunchdPlacement(path: context.path.removingPercentEncodingForFileName())
    }

    /// Whether `node`'s whole text is one template placeholder that a build or dotfiles tool replaces
    /// before launchd reads the file: `@VAR@` (autoconf, CMake), `{{ … }}` (Go templates, Jinja,
    /// chezmoi), `__VAR__`, `${VAR}` or `$(VAR)`. Such a value's type is the template's business.
    static func isTemplate(_ node: PlistNode) -> Bool {
        isTemplate(node.text ?? "")
    }

    /// See `isTemplate(_: PlistNode)`.
    static func isTemplate(_ raw: String) -> Bool {
        let text = raw.trimmingWhiteSpace()
        guard text.count >= 3 else { return false }
        let name = { (s: Substring) in !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" } }
        if text.hasPrefix("{{"), text.hasSuffix("}}") { return true }
        if text.hasPrefix("{%"), text.hasSuffix("%}") { return true }
        if text.hasPrefix("@"), text.hasSuffix("@"), name(text.dropFirst().dropLast()) { return true }
        if text.hasPrefix("__"), text.hasSuffix("__"), text.count > 4, name(text.dropFirst(2).dropLast(2)) { return true }
        if text.hasPrefix("${"), text.hasSuffix("}"), name(text.dropFirst(2).dropLast()) { return true }
        if text.hasPrefix("$("), text.hasSuffix(")"), name(text.dropFirst(2).dropLast()) { return true }
        return false
    }

    /// The name of a value's type for messages: "a string", "an integer", "a Boolean".
    static func described(_ node: PlistNode) -> String {
        node.valueType.map { WrongTypeRule.withArticle($0) } ?? "<\(node.kind)>"
    }
}

/// Example jobs for the rules' documentation and tests.
enum LaunchdExample {
    /// A daemon's path: examples are analysed under it.
    static let daemonPath = "/Library/LaunchDaemons/com.example.backup.plist"
    /// An agent's path.
    static let agentPath = "/Users/pat/Library/LaunchAgents/com.example.sync.plist"

    /// A job whose root dictionary holds `body` (lines indented by one tab).
    static func job(_ body: String) -> String { ExampleText.dict(body) }

    /// A complete, valid job with `extra` lines after its label and program.
    static func valid(_ extra: String = "") -> String {
        job(
            "\t<key>Label</key>\n\t<string>com.example.backup</string>\n\t<key>ProgramArguments</key>\n\t<array>\n\t\t<string>/usr/local/bin/backup</string>\n\t\t<string>--quiet</string>\n\t</array>\n"
                + extra)
    }
}
