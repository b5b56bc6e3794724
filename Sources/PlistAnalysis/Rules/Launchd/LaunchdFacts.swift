// Where the launchd rules' facts come from: launchd.plist(5), the page the key database is read
// from (Sources/PlistSchema/Resources/launchd.json; the keys later than the page name their own
// sources there), and Apple's guide to writing jobs.

extension RuleFacts {
    static let launchdJobs = RuleFacts(pages: [
        "https://opensource.apple.com/source/launchd/launchd-842.90.1/man/launchd.plist.5",
        "https://developer.apple.com/library/archive/documentation/MacOSX/Conceptual/BPSystemStartup/Chapters/CreatingLaunchdJobs.html",
    ])
}
