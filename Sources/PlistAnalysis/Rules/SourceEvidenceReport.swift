// What the two source-evidence rules share: how call sites become related information and message
// text, bounded; and the fix that adds a purpose string with a `TODO:` placeholder (also used by
// privacy-missing-usage-description).
import PlistSyntax

/// How a rule reports the source sites behind a finding.
enum SourceEvidenceReport {
    /// At most this many call sites are attached to one finding as related information; the
    /// message gives the total.
    static let maximumSites = 20

    /// The sites as related information, first-party ones first.
    static func elsewhere(_ sites: [SourceEvidence.Site], _ message: (SourceEvidence.Site) -> String) -> [(message: String, location: SourceLocation)] {
        sites.prefix(maximumSites).map { (message($0), $0.location) }
    }

    /// `UserDefaults at App/Settings.swift:3:9 and 2 other places`.
    static func summary(_ sites: [SourceEvidence.Site]) -> String {
        guard let first = sites.first else { return "" }
        let others = sites.count - 1
        return "\(first.symbol) at \(first.location.display)" + (others == 0 ? "" : " and \(others) other place\(others == 1 ? "" : "s")")
    }

    /// The severity of a finding whose evidence is `sites`: the rule's own when the app's code is
    /// among them, information when only third-party code is.
    static func severity(_ rule: some Rule, _ sites: [SourceEvidence.Site]) -> Finding.Severity {
        sites.contains { !$0.isThirdParty } ? rule.defaultSeverity : .information
    }
}

/// The fix that adds a missing purpose string to the top-level dictionary.
enum UsageDescriptionFix {
    /// `<string>TODO: explain why the app uses the camera</string>`: a placeholder that
    /// privacy-empty-usage-description reports on purpose, since only the developer can write it.
    static func placeholder(for key: String) -> String {
        "<string>TODO: explain why the app uses \(PrivacyNeed.purposeString(key).subject)</string>"
    }

    /// `Add KEY`, inserting the key with its placeholder at the end of `root`.
    static func adding(_ key: String, to root: PlistNode, _ edits: EditBuilder) -> Fix? {
        edits.appendingEntry(key: key, valueXML: placeholder(for: key), to: root).map {
            Fix(title: "Add \(key)", edits: [$0], isPreferred: true)
        }
    }
}
