// The real launchd jobs of ../shared/admin/launchd (85 jobs from public repositories, with their
// manifest), for the tests that check every one of them.
import Foundation
import Testing

public enum LaunchdData {
    /// `../shared/admin`.
    public static let adminDirectory = SharedData.directory.appendingPathComponent("admin")
    /// `../shared/admin/launchd`, the jobs.
    public static let directory = adminDirectory.appendingPathComponent("launchd")
    /// Whether the jobs are there.
    public static let present = FileManager.default.fileExists(atPath: adminDirectory.appendingPathComponent("MANIFEST.tsv").path)
    /// Run the tests that need them: they are there, or this is CI (where their absence fails).
    public static var runTests: Bool { present || SharedData.isCI }
    public static let skipNote: Comment =
        "needs the real launchd jobs at ../shared/admin/launchd beside the repository (not part of a fresh clone; always present in CI, where their absence fails this test)"

    /// One job with its manifest row.
    public struct Job: Sendable {
        /// The file's name in `admin/launchd`.
        public let name: String
        /// The repository and the path the file had there.
        public let repository: String, originalPath: String
        /// Whether Python's plistlib reads it.
        public let plistlibParses: Bool
        public let url: URL
    }

    /// Every launchd row of the manifest whose file is present, sorted by name.
    public static let jobs: [Job] = {
        guard let manifest = try? String(contentsOf: adminDirectory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else {
            return []
        }
        var out: [Job] = []
        for line in manifest.split(separator: "\n").dropFirst() {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count >= 8, cols[0] == "launchd" else { continue }
            let url = directory.appendingPathComponent(cols[1])
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            out.append(Job(name: cols[1], repository: cols[2], originalPath: cols[3], plistlibParses: cols[7] == "yes", url: url))
        }
        return out.sorted { $0.name < $1.name }
    }()

    /// The jobs, or an error that says where they were looked for.
    public static func require(minimum: Int = 80) throws -> [Job] {
        guard jobs.count >= minimum else {
            throw SharedData.Missing(what: "the launchd jobs (\(jobs.count) of at least \(minimum))", at: directory.path)
        }
        return jobs
    }

    /// Every finding `check` reports on the real jobs, as "file:line rule", each reviewed and true.
    /// None is about a valid job: the errors are on a job with Minute 60 and on templates that are not
    /// plists until their tool fills them in (plistlib refuses each of those too).
    public static let reviewedFindings: [String: String] = [
        "apple-oss-distributions__OpenLDAP__AppleExtras__Resources__org.openldap.slapd.plist:26 launchd-program-and-arguments":
            "Program /usr/libexec/slapd and ProgramArguments [/usr/libexec/slapd, -d]: both given, the first item repeats the program (a note, nothing lost)",
        "apple-oss-distributions__OpenSSH__com.openssh.sshd.plist:11 launchd-program-and-arguments":
            "Program /usr/libexec/sshd-keygen-wrapper and ProgramArguments [sshd-keygen-wrapper]: both given, argv[0] is the program's name (a note)",
        "macadmins__outset__Package__Library__LaunchAgents__io.macadmins.Outset.login.plist:11 launchd-program-and-arguments":
            "Program and ProgramArguments both give Outset's path; the arguments follow it (a note)",
        "macadmins__outset__Package__Library__LaunchAgents__io.macadmins.Outset.on-demand.plist:21 launchd-program-and-arguments":
            "Program and ProgramArguments both give Outset's path (a note)",
        "macadmins__outset__Package__Library__LaunchDaemons__io.macadmins.Outset.cleanup.plist:21 launchd-program-and-arguments":
            "Program and ProgramArguments both give Outset's path (a note)",
        "macadmins__outset__Package__Library__LaunchDaemons__io.macadmins.Outset.on-demand-privileged.plist:21 launchd-program-and-arguments":
            "Program and ProgramArguments both give Outset's path (a note)",
        "scottgary__MacAdminScripts__AutoAutoPkg__com.github.scottgary.AutoAutoPkgLaunchD.plist:16 launchd-program-and-arguments":
            "Program /usr/local/bin/AutoAutoPkg with ProgramArguments [\"\"]: an empty argv[0], no argument lost (a note)",
        "chilcote__outset__pkgroot__Library__LaunchAgents__com.github.outset.on-demand.plist:15 launchd-on-demand":
            "OnDemand <true/> beside KeepAlive {PathState}: OnDemand is the 10.4 key and KeepAlive decides",
        "chilcote__outset__pkgroot__Library__LaunchDaemons__com.github.outset.cleanup.plist:15 launchd-on-demand":
            "OnDemand <true/> beside KeepAlive {PathState}",
        "macadmins__installapplications__payload__Library__LaunchAgents__com.erikng.installapplications.user.plist:21 launchd-on-demand":
            "OnDemand <true/> beside KeepAlive {PathState}",
        "macadmins__outset__Package__Library__LaunchAgents__io.macadmins.Outset.on-demand.plist:19 launchd-on-demand":
            "OnDemand <true/> beside KeepAlive {PathState} (kept from the older outset above)",
        "macadmins__outset__Package__Library__LaunchDaemons__io.macadmins.Outset.cleanup.plist:19 launchd-on-demand":
            "OnDemand <true/> beside KeepAlive {PathState}",
        "macadmins__outset__Package__Library__LaunchDaemons__io.macadmins.Outset.on-demand-privileged.plist:19 launchd-on-demand":
            "OnDemand <true/> beside KeepAlive {PathState}",
        "clburlison__scripts__clburlison_scripts__ADacctChange__com.github.clburlison.ADacctChange.plist:29 launchd-calendar-interval":
            "<key>Minute</key><integer>60</integer>: minutes run 0-59, so this calendar entry never matches (the README's \"Minute 60\")",
        "lassalleloan__dns-black-hole__agent__com.loanlassalle.dns-black-hole.update.plist.example:7 xml-declaration-misplaced":
            "an example file: comment lines come before <?xml …?>, which XML allows only first (plistlib refuses it)",
        "lassalleloan__dns-black-hole__agent__com.loanlassalle.dns-black-hole.update.plist.example:20 plist-element-in-scalar":
            "the example's placeholder <absolute-path> is markup inside a <string>",
        "lassalleloan__dns-black-hole__agent__com.loanlassalle.dns-black-hole.update.plist.example:20 xml-unclosed-tag":
            "the same placeholder <absolute-path> is an element never closed",
        "webdavis__dotfiles__Library__LaunchAgents__com.webdavis.atuin-daemon.plist.tmpl:12 xml-comment-double-hyphen":
            "a template whose XML comment holds '--' (a command-line flag), which XML forbids (plistlib refuses it)",
        "webdavis__dotfiles__Library__LaunchAgents__com.webdavis.happy-daemon.plist.tmpl:15 xml-comment-double-hyphen":
            "the same: '--' inside an XML comment",
        "webdavis__dotfiles__Library__LaunchAgents__com.webdavis.osquery-heartbeat.plist.tmpl:22 plist-invalid-integer":
            "<integer>{{ .osquery.heartbeatHour }}</integer>: a template placeholder where the plist needs digits; no plist reader takes the file until chezmoi fills it in",
        "webdavis__dotfiles__Library__LaunchAgents__com.webdavis.osquery-heartbeat.plist.tmpl:24 plist-invalid-integer":
            "<integer>{{ .osquery.heartbeatMinute }}</integer>, the same",
        "webdavis__dotfiles__Library__LaunchAgents__com.webdavis.update-skills.plist.tmpl:35 plist-stray-text":
            "a {{ range }} template directive as text directly inside <array>",
        "webdavis__dotfiles__Library__LaunchAgents__com.webdavis.update-skills.plist.tmpl:41 plist-invalid-integer":
            "<integer>{{ $hour }}</integer>: a template placeholder where the plist needs digits",
        "webdavis__dotfiles__Library__LaunchAgents__com.webdavis.update-skills.plist.tmpl:44 plist-stray-text":
            "the {{ end }} directive as text inside <array>",
    ]
}
