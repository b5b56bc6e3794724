// The administrators' kinds (#41): a keystroke in a 100 KB configuration profile against one in an
// Info.plist of the same size, through what the server does per keystroke (incremental reparse,
// typed view reusing the previous version's, the analysis); and what the profile schema costs to
// load against the key database's load (the server's start-up), in the same run; and the server's
// start-up itself, with and without a profile opened (through the plist-lsp binary beside it).
import PlistAnalysis
import PlistSchema
import PlistSyntax

struct AdminSection: BenchmarkSection {
    let id = "admin"
    let title = "Configuration profiles: keystroke at 100 KB against an Info.plist of that size; schema load"

    /// A profile of `size` bytes or a little more: Notifications payloads, each with many apps.
    static func profile(size: Int) -> [UInt8] {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>PayloadContent</key>
            \t<array>

            """
        var n = 0
        while out.utf8.count < size {
            out += "\t\t<dict>\n\t\t\t<key>NotificationSettings</key>\n\t\t\t<array>\n"
            for k in 0..<20 {
                out += """
                    \t\t\t\t<dict>
                    \t\t\t\t\t<key>BundleIdentifier</key>
                    \t\t\t\t\t<string>com.example.app\(n).\(k)</string>
                    \t\t\t\t\t<key>NotificationsEnabled</key>
                    \t\t\t\t\t<true/>
                    \t\t\t\t\t<key>AlertType</key>
                    \t\t\t\t\t<integer>1</integer>
                    \t\t\t\t\t<key>BadgesEnabled</key>
                    \t\t\t\t\t<true/>
                    \t\t\t\t</dict>

                    """
            }
            let uuid = String(format6(n))
            out += """
                \t\t\t</array>
                \t\t\t<key>PayloadIdentifier</key>
                \t\t\t<string>com.example.notifications.\(n)</string>
                \t\t\t<key>PayloadType</key>
                \t\t\t<string>com.apple.notificationsettings</string>
                \t\t\t<key>PayloadUUID</key>
                \t\t\t<string>6B1C2A3D-0000-4000-8000-\(uuid)</string>
                \t\t\t<key>PayloadVersion</key>
                \t\t\t<integer>1</integer>
                \t\t</dict>

                """
            n += 1
        }
        out += """
            \t</array>
            \t<key>PayloadDisplayName</key>
            \t<string>Notifications</string>
            \t<key>PayloadIdentifier</key>
            \t<string>com.example.notifications</string>
            \t<key>PayloadType</key>
            \t<string>Configuration</string>
            \t<key>PayloadUUID</key>
            \t<string>6B1C2A3D-0000-4000-8000-FFFFFFFFFFFF</string>
            \t<key>PayloadVersion</key>
            \t<integer>1</integer>
            </dict>
            </plist>

            """
        return Array(out.utf8)
    }

    /// An Info.plist of `size` bytes or a little more: document types, each with its own strings.
    static func infoPlist(size: Int) -> [UInt8] {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleIdentifier</key>
            \t<string>com.example.app</string>
            \t<key>CFBundleName</key>
            \t<string>Example</string>
            \t<key>CFBundleDocumentTypes</key>
            \t<array>

            """
        var n = 0
        while out.utf8.count < size {
            out += """
                \t\t<dict>
                \t\t\t<key>CFBundleTypeName</key>
                \t\t\t<string>Document \(n)</string>
                \t\t\t<key>CFBundleTypeRole</key>
                \t\t\t<string>Editor</string>
                \t\t\t<key>LSHandlerRank</key>
                \t\t\t<string>Owner</string>
                \t\t\t<key>LSItemContentTypes</key>
                \t\t\t<array>
                \t\t\t\t<string>com.example.document\(n)</string>
                \t\t\t</array>
                \t\t</dict>

                """
            n += 1
        }
        out += "\t</array>\n</dict>\n</plist>\n"
        return Array(out.utf8)
    }

    static func format6(_ n: Int) -> String {
        let hex = String(n, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    }

    /// One file being edited: its current tree and typed view, and where the keystroke goes.
    private struct Edited {
        let label: String, path: String, bytes: [UInt8], offset: Int
        var tree: SyntaxTree
        var document: PlistDocument
        var seconds: [Double] = []
    }

    func run(_ context: BenchContext) {
        let size = 100_000
        let runs = context.iterations(full: 1_000, quick: 100)
        var files: [Edited] = []
        for (label, path, bytes) in [
            ("Info.plist", "/bench/Info.plist", Self.infoPlist(size: size)),
            ("profile", "/bench/Notifications.mobileconfig", Self.profile(size: size)),
        ] {
            guard let offset = IncrementalReparseSection.stringContent(in: bytes) else {
                printError("plist-bench: no <string> in the \(label)")
                return
            }
            let tree = SyntaxTree.parse(bytes)
            let document = PlistDocument(tree)
            benchSink &+= Analyzer.findings(for: document, path: path).count
            files.append(Edited(label: label, path: path, bytes: bytes, offset: offset, tree: tree, document: document))
        }
        // The two files' keystrokes alternate (Info.plist, profile, Info.plist, …), so that a change
        // in the machine's load during the run weighs on both alike.
        let clock = ContinuousClock()
        for step in 0..<(runs + 4) {
            for i in files.indices {
                let offset = files[i].offset
                let edit =
                    step % 2 == 0
                    ? SourceEdit(range: offset..<offset, replacement: [0x78])
                    : SourceEdit(range: offset..<(offset + 1), replacement: [])
                let start = clock.now
                let edited = files[i].tree.applying(edit)
                let document2 = PlistDocument(edited, reusing: files[i].document)
                let findings = Analyzer.findings(for: document2, path: files[i].path)
                let end = clock.now
                benchSink &+= findings.count
                if step >= 4 { files[i].seconds.append((end - start).seconds) }
                files[i].tree = edited
                files[i].document = document2
            }
        }
        var table = Table("File", "Kind", "Bytes", "Runs", "keystroke p50", "keystroke p99", "p50 vs Info.plist", "p99 vs Info.plist")
        let reference = Sample(seconds: files[0].seconds)
        for file in files {
            let k = Sample(seconds: file.seconds)
            table.add(
                file.label, FileKind.detect(path: file.path, document: nil).rawValue, "\(file.bytes.count)", "\(runs)",
                formatTime(k.median), formatTime(k.percentile(99)),
                formatRatio(k.median / reference.median), formatRatio(k.percentile(99) / reference.percentile(99)))
        }
        table.print()
        print(
            "\nKeystroke: `tree.applying` + `PlistDocument(_:reusing:)` + `Analyzer.findings`, one character typed and deleted "
                + "alternately in the <string> nearest the middle, the two files' keystrokes alternating; goal: the profile within the "
                + "Info.plist's cost (#41).")

        // Start-up: the key database every server loads; the profile schema is decoded on first
        // use only (the first profile opened), so it adds nothing to start-up itself.
        let iterations = context.iterations(full: 40, quick: 5)
        let (keys, profiles) = measureAlternately(
            warmups: 2, iterations: iterations,
            { (try? KeyDatabase.loadBundled()) == nil ? 0 : 1 },
            { (try? ProfileSchema(bytes: ProfileSchema.bundledData)) == nil ? 0 : 1 })
        // What the first profile opened pays: the scan of the bundled bytes, then the wrapper's,
        // the common keys' and one payload's decoding (the shared database decodes each payload
        // when first asked for).
        let (_, firstProfile) = measureAlternately(
            warmups: 2, iterations: iterations,
            { (try? KeyDatabase.loadBundled()) == nil ? 0 : 1 },
            {
                guard let schema = ProfileSchema(lazilyDecoding: ProfileSchema.bundledData) else { return 0 }
                return schema.topLevel.keys.count + schema.common.keys.count + (schema.payloads["com.apple.dock"]?.keys.count ?? 0)
            })
        var load = Table("Load", "Runs", "Median", "p90", "When")
        load.add(
            "key database (start-up)", "\(keys.seconds.count)", formatTime(keys.median), formatTime(keys.p90), "every server, at start")
        load.add(
            "profile schema, decoded whole", "\(profiles.seconds.count)", formatTime(profiles.median), formatTime(profiles.p90),
            "never by the server (tests, tools)")
        load.add(
            "profile schema, scanned + 3 payloads decoded", "\(firstProfile.seconds.count)", formatTime(firstProfile.median),
            formatTime(firstProfile.p90), "once, when the first profile is opened")
        load.print()
        startup(context)
    }

    /// Start-up with and without the profile schema, through the server binary (next to
    /// plist-bench, or `$PLIST_LSP_BINARY`), the three alternating: spawn → `initialize` answered
    /// (the start-up: the key database loads on a thread of its own after the answer, the profile
    /// schema not at all); then the same with a small Info.plist opened, to its first diagnostics;
    /// and with a small profile opened instead, whose analysis loads the profile schema. The last
    /// two differ by what the first profile costs, the schema's load included.
    private func startup(_ context: BenchContext) {
        guard let binary = LSPBenchClient.binaryOrSkip() else { return }
        let clock = ContinuousClock()
        let files = [
            ("/bench-startup/Info.plist", Self.infoPlist(size: 2_000)), ("/bench-startup/Small.mobileconfig", Self.profile(size: 2_000)),
        ]
        func once(opening file: (path: String, bytes: [UInt8])?) throws -> Double {
            let start = clock.now
            let server = try LSPBenchClient(binary: binary)
            try server.initialize()
            if let file {
                let uri = "file://" + file.path
                try server.open(uri: uri, text: String(decoding: file.bytes, as: UTF8.self))
                benchSink &+= try server.waitForDiagnostics(uri: uri, version: 1)
            }
            let elapsed = (clock.now - start).seconds
            try server.shutdown()
            return elapsed
        }
        let runs = context.iterations(full: 40, quick: 8)
        var bare: [Double] = [], info: [Double] = [], profile: [Double] = [], extra: [Double] = []
        do {
            for i in 0..<(runs + 2) {
                let a = try once(opening: nil), b = try once(opening: files[0]), c = try once(opening: files[1])
                if i >= 2 {
                    bare.append(a)
                    info.append(b)
                    profile.append(c)
                    extra.append(c - b)
                }
            }
        } catch {
            printError("plist-bench: start-up runs failed: \(error)")
            return
        }
        let a = Sample(seconds: bare), b = Sample(seconds: info), c = Sample(seconds: profile), d = Sample(seconds: extra)
        var table = Table("Server", "Runs", "p50", "p99", "Profile schema")
        table.add("spawn → initialize answered (start-up)", "\(runs)", formatTime(a.median), formatTime(a.percentile(99)), "not loaded")
        table.add(
            "… then a 2 KB Info.plist opened → diagnostics", "\(runs)", formatTime(b.median), formatTime(b.percentile(99)), "not loaded")
        table.add("… then a 2 KB profile opened → diagnostics", "\(runs)", formatTime(c.median), formatTime(c.percentile(99)), "loaded")
        table.add(
            "profile's first open − Info.plist's (same round)", "\(runs)", formatTime(d.median), formatTime(d.percentile(99)), "its load")
        table.print()
        print(
            "\nStart-up is the first row: the server answers `initialize` without the profile schema, whose load the first profile "
                + "opened pays (the last row: the difference within each round of the three alternating runs).")
    }
}
