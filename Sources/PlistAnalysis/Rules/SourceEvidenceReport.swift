// What the two source-evidence rules share: how call sites become related information and message
// text, bounded; and the fix that adds a purpose string with a `TODO:` placeholder (also used by
// privacy-missing-usage-description).
import PlistSyntax
import SourceEvidence

/// How a rule reports the source sites behind a finding.
enum SourceEvidenceReport {
    /// At most this many call sites are attached to one finding as related information; the
    /// message gives the total.
    static let maximumSites = 20

    /// The finding of `rule` at `range` for a need that `sites` show (first-party ones first):
    /// `message` writes it from a summary of the sites (`UserDefaults at App/Settings.swift:3:9
    /// and 2 other places`) and whether the app's own code is among them; each site, up to
    /// `maximumSites`, becomes related information with `siteMessage`. The severity is the
    /// rule's when the app's code is among the sites, information when only third-party code is.
    static func finding(
        _ rule: some Rule, _ range: Range<Int>, sites: [SourceEvidence.Site], fix: Fix?,
        message: (_ summary: String, _ inAppCode: Bool) -> String,
        siteMessage: (SourceEvidence.Site) -> String
    ) -> Finding {
        let inAppCode = sites.contains { !$0.isThirdParty }
        var summary = ""
        if let first = sites.first {
            let others = sites.count - 1
            summary =
                "\(first.symbol) at \(first.location.display)" + (others == 0 ? "" : " and \(others) other place\(others == 1 ? "" : "s")")
        }
        var finding = rule.diagnostic(
            message(summary, inAppCode), range,
            elsewhere: sites.prefix(maximumSites).map { (siteMessage($0), $0.location) },
            fixes: fix.map { [$0] } ?? [])
        if !inAppCode { finding.severity = .information }
        return finding
    }
}

/// The fix that adds a missing purpose string to the top-level dictionary.
enum UsageDescriptionFix {
    /// `TODO: explain why the app uses the camera`: a placeholder that
    /// privacy-empty-usage-description reports on purpose, since only the developer can write it.
    static func placeholder(for key: String) -> String {
        "TODO: explain why the app uses \(PrivacyNeed.purposeString(key).subject)"
    }

    /// `Add KEY`, inserting the key with its placeholder beside the other usage descriptions (or
    /// at its alphabetical place in a sorted dictionary; `EditBuilder.insertingEntry`). As a
    /// snippet the placeholder is selected, so typing replaces it.
    static func adding(_ key: String, to root: PlistNode, _ edits: EditBuilder, conditionals: ConditionalStructure) -> Fix? {
        let text = EditBuilder.escape(placeholder(for: key))
        guard
            let edit = edits.insertingEntry(
                key: key, valueLines: [(0, "<string>\(text)</string>")], into: root, conditionals: conditionals),
            let snippet = edits.insertingEntry(
                key: key, valueLines: [(0, "<string>${1:\(TextScan.snippetEscaped(text))}</string>$0")],
                into: root, conditionals: conditionals)
        else { return nil }
        return Fix(
            title: "Add \(key)", edits: [edit], isPreferred: true,
            snippetEdits: [snippet])
    }
}
