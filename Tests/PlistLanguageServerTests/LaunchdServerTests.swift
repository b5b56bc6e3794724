// launchd jobs through the server, as an administrator's editor sees them: every launchd rule's
// diagnostic where the problem is and its preferred quick fix, completion of keys and values at
// every level of a job, hover, the outline, and a job recognised by its folder or its content.
import LanguageServerProtocol
import Testing

/// A job whose root dictionary holds `body`.
func job(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n"
}

/// A valid job (label and program) followed by `extra`.
func validJob(_ extra: String = "") -> String {
    job(
        "\t<key>Label</key>\n\t<string>com.example.sync</string>\n\t<key>ProgramArguments</key>\n\t<array>\n\t\t<string>/usr/local/bin/sync</string>\n\t</array>\n"
            + extra)
}

let agentURI = "file:///Users/pat/Library/LaunchAgents/com.example.sync.plist"
let daemonURI = "file:///Library/LaunchDaemons/com.example.sync.plist"

@Suite struct LaunchdServerTests {
    static let cases: [RuleCase] = [
        RuleCase(
            rule: "launchd-missing-label", uri: daemonURI,
            marked: job("\t<key>Program</key>\n\t<string>/usr/local/bin/sync</string>\n").replacingOccurrences(
                of: "<dict>", with: "<di1️⃣ct>"),
            fixed: nil, severity: .error),
        RuleCase(
            rule: "launchd-missing-program", uri: daemonURI,
            marked: job("\t<key>Label</key>\n\t<string>com.example.sync</string>\n").replacingOccurrences(of: "<dict>", with: "<di1️⃣ct>"),
            fixed: nil, severity: .error),
        RuleCase(
            rule: "launchd-program-and-arguments", uri: daemonURI,
            marked: job(
                "\t<key>Label</key>\n\t<string>x</string>\n\t<key>Program</key>\n\t<string>/usr/local/bin/sync</string>\n\t<key>ProgramArguments</key>\n\t<array>\n\t\t<string>--qu1️⃣iet</string>\n\t</array>\n"
            ),
            fixed: nil, severity: .information),
        RuleCase(
            rule: "launchd-program-arguments", uri: daemonURI,
            marked: job(
                "\t<key>Label</key>\n\t<string>x</string>\n\t<key>ProgramArguments</key>\n\t<string>/usr/local/bin/s1️⃣ync</string>\n"),
            fixed: job(
                "\t<key>Label</key>\n\t<string>x</string>\n\t<key>ProgramArguments</key>\n\t<array>\n\t\t<string>/usr/local/bin/sync</string>\n\t</array>\n"
            ),
            severity: .error),
        RuleCase(
            rule: "launchd-calendar-interval", uri: agentURI,
            marked: validJob(
                "\t<key>StartCalendarInterval</key>\n\t<dict>\n\t\t<key>Weekday</key>\n\t\t<string>6-1️⃣7</string>\n\t</dict>\n"),
            fixed: nil, severity: .error),
        RuleCase(
            rule: "launchd-calendar-interval", uri: agentURI,
            marked: validJob(
                "\t<key>StartCalendarInterval</key>\n\t<dict>\n\t\t<key>Minute</key>\n\t\t<integer>61️⃣0</integer>\n\t</dict>\n"),
            fixed: nil, severity: .error),
        RuleCase(
            rule: "launchd-calendar-interval", uri: agentURI,
            marked: validJob(
                "\t<key>StartCalendarInterval</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>Hour</key>\n\t\t\t<string>1️⃣9</string>\n\t\t</dict>\n\t</array>\n"
            ),
            fixed: validJob(
                "\t<key>StartCalendarInterval</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>Hour</key>\n\t\t\t<integer>9</integer>\n\t\t</dict>\n\t</array>\n"
            ),
            severity: .error),
        RuleCase(
            rule: "launchd-keep-alive", uri: agentURI,
            marked: validJob("\t<key>KeepAlive</key>\n\t<string>tr1️⃣ue</string>\n"),
            fixed: validJob("\t<key>KeepAlive</key>\n\t<true/>\n"), severity: .error),
        RuleCase(
            rule: "launchd-on-demand", uri: agentURI,
            marked: validJob("\t<key>OnDe1️⃣mand</key>\n\t<true/>\n"),
            fixed: validJob("\t<key>KeepAlive</key>\n\t<false/>\n")),
        RuleCase(
            rule: "launchd-misspelled-key", uri: agentURI,
            marked: validJob("\t<key>Environmental1️⃣Variables</key>\n\t<dict/>\n"),
            fixed: validJob("\t<key>EnvironmentVariables</key>\n\t<dict/>\n")),
        RuleCase(
            rule: "launchd-interval-conflict", uri: agentURI,
            marked: validJob(
                "\t<key>StartCalendarInterval</key>\n\t<dict>\n\t\t<key>Hour</key>\n\t\t<integer>3</integer>\n\t</dict>\n\t<key>Start1️⃣Interval</key>\n\t<integer>60</integer>\n"
            ),
            fixed: nil),
        RuleCase(
            rule: "launchd-daemon-key-in-agent", uri: agentURI,
            marked: validJob("\t<key>User1️⃣Name</key>\n\t<string>root</string>\n"), fixed: validJob()),
        RuleCase(
            rule: "launchd-info-plist-key", uri: agentURI,
            marked: validJob("\t<key>LSUI1️⃣Element</key>\n\t<true/>\n"), fixed: validJob()),
        RuleCase(
            rule: "launchd-wrong-type", uri: agentURI,
            marked: validJob("\t<key>RunAtLoad</key>\n\t<string>Y1️⃣ES</string>\n"),
            fixed: validJob("\t<key>RunAtLoad</key>\n\t<true/>\n")),
        RuleCase(
            rule: "launchd-invalid-value", uri: agentURI,
            marked: validJob("\t<key>ProcessType</key>\n\t<string>Interact1️⃣ve</string>\n"),
            fixed: validJob("\t<key>ProcessType</key>\n\t<string>Interactive</string>\n")),
    ]

    @Test(arguments: cases)
    func diagnosticAndPreferredFix(_ c: RuleCase) async throws {
        let (text, at) = lspMarked(c.marked)
        let client = try await openedClient(text, uri: c.uri)
        let diagnostics = try await client.diagnostics(c.uri, version: 1)
        let mine = try #require(
            diagnostics.first { $0.code == .string(c.rule) && $0.range.start <= at[0] && at[0] <= $0.range.end },
            "\(c.rule) not reported at the marker; got \(diagnostics.map { "\($0.code.map { "\($0)" } ?? "") \($0.range) \($0.message)" })")
        #expect(mine.severity == c.severity)
        #expect(mine.codeDescription?.href.hasSuffix("docs/diagnostics.md#\(c.rule)") == true)
        // Nothing else on a job with one mistake.
        #expect(
            diagnostics.allSatisfy { $0.code == .string(c.rule) },
            "\(diagnostics.map { "\($0.code.map { "\($0)" } ?? ""): \($0.message)" })")
        let actions = try await codeActions(client, LSPRange(at[0]), uri: c.uri, only: [.quickFix])
            .filter { $0.diagnostics?.contains { $0.code == .string(c.rule) } == true }
        guard let fixed = c.fixed else {
            #expect(actions.isEmpty, "\(c.rule) offers \(actions.map(\.title))")
            return
        }
        let fix = try #require(actions.first { $0.isPreferred == true }, "\(c.rule): no preferred fix among \(actions.map(\.title))")
        #expect(apply(fix.edit, to: text, uri: c.uri) == fixed)
        // Offered, never applied for the user: each changes what the job does.
        let all = try await codeActions(client, LSPRange(position(0, 0)), uri: c.uri, only: [.sourceFixAll])
        #expect(all.allSatisfy { apply($0.edit, to: text, uri: c.uri) == text })
    }

    @Test func validJobsRaiseNothingAndTemplatesAreNotWrongTypes() async throws {
        let client = try TestClient()
        try await client.initialize(richClient())
        let full = validJob(
            "\t<key>RunAtLoad</key>\n\t<true/>\n\t<key>KeepAlive</key>\n\t<dict>\n\t\t<key>SuccessfulExit</key>\n\t\t<false/>\n\t\t<key>Crashed</key>\n\t\t<true/>\n\t</dict>\n"
                + "\t<key>StartCalendarInterval</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>Weekday</key>\n\t\t\t<integer>7</integer>\n\t\t\t<key>Hour</key>\n\t\t\t<integer>23</integer>\n\t\t</dict>\n\t</array>\n"
                + "\t<key>AssociatedBundleIdentifiers</key>\n\t<string>com.example.app</string>\n\t<key>_PrivateThing</key>\n\t<true/>\n")
        let template = validJob(
            "\t<key>StartInterval</key>\n\t<string>@INTERVAL@</string>\n\t<key>StartCalendarInterval</key>\n\t<dict>\n\t\t<key>Hour</key>\n\t\t<string>{{ .hour }}</string>\n\t</dict>\n\t<key>RunAtLoad</key>\n\t<string>__RUN_AT_LOAD__</string>\n"
        )
        try client.open(agentURI, full)
        try client.open(daemonURI, template)
        #expect(try await client.diagnostics(agentURI, version: 1).isEmpty)
        let templateFindings = try await client.diagnostics(daemonURI, version: 1)
        // Only the two schedules side by side: no placeholder is called a wrong type.
        #expect(templateFindings.compactMap(\.code) == [.string("launchd-interval-conflict")])
    }

    @Test func aJobIsRecognisedByContentAnywhereButNotAsAnInfoPlist() async throws {
        let client = try TestClient()
        try await client.initialize(richClient())
        let content = validJob("\t<key>OnDemand</key>\n\t<false/>\n")
        let loose = "file:///Users/pat/src/tools/com.example.sync.plist", info = "file:///Users/pat/src/App/Info.plist"
        try client.open(loose, content)
        try client.open(info, content)
        #expect(try await client.diagnostics(loose, version: 1).compactMap(\.code) == [.string("launchd-on-demand")])
        #expect(try await client.diagnostics(info, version: 1).allSatisfy { !"\($0.code.map { "\($0)" } ?? "")".contains("launchd") })
        // A job without a program under LaunchDaemons is still a job (recognised by its folder).
        let partial = "file:///Library/LaunchDaemons/com.example.partial.plist"
        try client.open(partial, job("\t<key>Label</key>\n\t<string>com.example.partial</string>\n"))
        #expect(try await client.diagnostics(partial, version: 1).compactMap(\.code) == [.string("launchd-missing-program")])
    }

    func completion(_ marked: String, uri: DocumentURI = agentURI) async throws -> (String, CompletionList) {
        let (text, at) = lspMarked(marked)
        let client = try await openedClient(text, uri: uri, capabilities: richClient(snippets: false))
        let list = try #require(try await client.request(CompletionRequest(textDocument: .init(uri: uri), position: at[0])))
        return (text, list)
    }

    @Test func topLevelKeysAreLaunchdKeysNotInfoPlistKeys() async throws {
        let (text, list) = try await completion(validJob("\t<key>KeepA1️⃣</key>\n"))
        let item = try #require(list.items.first { $0.label == "KeepAlive" })
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        // A closed key with nothing after it on its line gets its value too (as after auto-close).
        #expect(applying(edit, to: text) == validJob("\t<key>KeepAlive</key>\n\t<true/>\n"))
        let (_, all) = try await completion(validJob("\t<key>1️⃣</key>\n"))
        let labels = Set(all.items.map(\.label))
        #expect(labels.isSuperset(of: ["RunAtLoad", "StartCalendarInterval", "EnvironmentVariables", "AssociatedBundleIdentifiers"]))
        #expect(!labels.contains("CFBundleIdentifier") && !labels.contains("Label"), "Label is already there")
        #expect(!labels.contains("Minute"), "calendar keys belong inside StartCalendarInterval")
    }

    @Test func nestedKeysOfKeepAliveCalendarAndSockets() async throws {
        let keepAlive = try await completion(validJob("\t<key>KeepAlive</key>\n\t<dict>\n\t\t<key>1️⃣</key>\n\t</dict>\n")).1
        #expect(
            Set(keepAlive.items.map(\.label)) == [
                "SuccessfulExit", "NetworkState", "PathState", "OtherJobEnabled", "Crashed", "AfterInitialDemand",
            ])
        let calendar = try await completion(
            validJob(
                "\t<key>StartCalendarInterval</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>Hour</key>\n\t\t\t<integer>3</integer>\n\t\t\t<key>1️⃣</key>\n\t\t</dict>\n\t</array>\n"
            )
        ).1
        #expect(Set(calendar.items.map(\.label)) == ["Minute", "Day", "Weekday", "Month"])
        let socket = try await completion(
            validJob(
                "\t<key>Sockets</key>\n\t<dict>\n\t\t<key>Listener</key>\n\t\t<dict>\n\t\t\t<key>SockT1️⃣</key>\n\t\t</dict>\n\t</dict>\n")
        ).1
        #expect(socket.items.map(\.label).contains("SockType"))
        let limits = try await completion(validJob("\t<key>SoftResourceLimits</key>\n\t<dict>\n\t\t<key>NumberOf1️⃣</key>\n\t</dict>\n")).1
        #expect(Set(limits.items.map(\.label)) == ["NumberOfFiles", "NumberOfProcesses"])
    }

    @Test func valuesOfClosedAndDocumentedKeys() async throws {
        let (text, list) = try await completion(validJob("\t<key>ProcessType</key>\n\t<string>1️⃣</string>\n"))
        #expect(Set(list.items.map(\.label)) == ["Background", "Standard", "Adaptive", "Interactive"])
        let item = try #require(list.items.first { $0.label == "Interactive" })
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        #expect(applying(edit, to: text) == validJob("\t<key>ProcessType</key>\n\t<string>Interactive</string>\n"))
    }

    @Test func booleanValuesAndWholeEntries() async throws {
        // A Boolean key's value: <true/> and <false/> come first (every tag stays on offer).
        let (text, list) = try await completion(validJob("\t<key>RunAtLoad</key>\n\t<1️⃣\n"))
        let labels = list.items.sorted { ($0.sortText ?? $0.label) < ($1.sortText ?? $1.label) }.map(\.label)
        #expect(Array(labels.prefix(2)) == ["true", "false"], "\(labels)")
        let (_, integerList) = try await completion(validJob("\t<key>StartInterval</key>\n\t<1️⃣\n"))
        #expect(integerList.items.sorted { ($0.sortText ?? $0.label) < ($1.sortText ?? $1.label) }.first?.label == "integer")
        let item = try #require(list.items.first { $0.label == "true" })
        guard case .textEdit(let edit) = item.textEdit else { Issue.record("no text edit"); return }
        #expect(applying(edit, to: text) == validJob("\t<key>RunAtLoad</key>\n\t<true/>\n"))
        // A client that applies whole entries gets the key with its value's shape.
        let (entryText, at) = lspMarked(validJob("\tStartCal1️⃣\n"))
        let client = try await openedClient(entryText, uri: agentURI, capabilities: richClient(snippets: false))
        let entries = try #require(try await client.request(CompletionRequest(textDocument: .init(uri: agentURI), position: at[0])))
        let calendar = try #require(entries.items.first { $0.label == "StartCalendarInterval" })
        guard case .textEdit(let entryEdit) = calendar.textEdit else { Issue.record("no text edit"); return }
        #expect(
            applying(entryEdit, to: entryText).contains("\t<key>StartCalendarInterval</key>\n\t<dict>"),
            "\(applying(entryEdit, to: entryText))")
    }

    @Test func hoverExplainsInOurWords() async throws {
        func hover(_ marked: String) async throws -> String {
            let (text, at) = lspMarked(marked)
            let client = try await openedClient(text, uri: agentURI)
            return try #require(try await client.request(HoverRequest(textDocument: .init(uri: agentURI), position: at[0]))).contents.value
        }
        let onDemand = try await hover(validJob("\t<key>OnDe1️⃣mand</key>\n\t<true/>\n"))
        #expect(onDemand.contains("KeepAlive") && onDemand.contains("10.5"))
        let weekday = try await hover(
            validJob("\t<key>StartCalendarInterval</key>\n\t<dict>\n\t\t<key>Week1️⃣day</key>\n\t\t<integer>0</integer>\n\t</dict>\n"))
        #expect(weekday.contains("0 to 7") && weekday.contains("Sunday"))
        let unknown = try await hover(validJob("\t<key>SomeNewKe1️⃣y</key>\n\t<true/>\n"))
        #expect(unknown.contains("not a launchd key plist-lsp knows"))
    }

    @Test func outlineListsTheJobsKeys() async throws {
        let text = validJob("\t<key>KeepAlive</key>\n\t<dict>\n\t\t<key>SuccessfulExit</key>\n\t\t<false/>\n\t</dict>\n")
        let client = try await openedClient(text, uri: agentURI)
        let symbols = try #require(try await client.request(DocumentSymbolRequest(textDocument: .init(uri: agentURI))))
        #expect(symbols.map(\.name) == ["Label", "ProgramArguments", "KeepAlive"])
        #expect(symbols[2].children?.map(\.name) == ["SuccessfulExit"])
    }
}
