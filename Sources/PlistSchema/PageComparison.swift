// Compares the database with a list of Apple's documentation pages (Info.plist keys or entitlements),
// so that a new Xcode release is a data change: the pages the database lacks, and the database keys
// whose current page the list lacks. `plist-lsp keys --compare-pages` prints it; a test holds the
// reference list in ../shared/reference to it.

/// The outcome of comparing the database with a list of Apple's key pages for one domain.
public struct PageComparison: Sendable, Hashable {
    /// Listed pages that name no key of the database and are not known to be something other than a key.
    public let missingFromDatabase: [String]
    /// Database keys of the domain whose own current Apple page is not in the list, as "Name (page)".
    public let missingFromList: [String]
    /// Listed pages that are not keys (overviews, placeholders for names you choose), with the reason.
    public let notKeys: [(page: String, reason: String)]
    /// How many listed pages name a key of the database.
    public let known: Int
    /// How many distinct page names the list holds.
    public let listed: Int

    public static func == (lhs: PageComparison, rhs: PageComparison) -> Bool {
        lhs.missingFromDatabase == rhs.missingFromDatabase && lhs.missingFromList == rhs.missingFromList
            && lhs.notKeys.map(\.page) == rhs.notKeys.map(\.page) && lhs.known == rhs.known && lhs.listed == rhs.listed
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(missingFromDatabase)
        hasher.combine(missingFromList)
        hasher.combine(known)
    }
}

extension KeyDatabase {
    /// Pages under Apple's key documentation that are not keys, by domain and lower-cased page name, with
    /// the reason. A comparison lists them apart instead of calling them missing.
    public static let pagesThatAreNotKeys: [PlistDomain: [String: String]] = [
        .infoPlist: [
            "appiconreferencename":
                "stands for the name you give an alternate icon inside CFBundleIcons › CFBundleAlternateIcons (a key you choose, not a fixed key); its children CFBundleIconFiles and UIPrerenderedIcon are in the database"
        ],
        .entitlements: [:],
        .privacyManifest: [:],
        .launchd: [:],
    ]

    /// The last path component, lower-cased, of the Apple page that documents `definition`, when that
    /// page is one of Apple's current key pages of its domain (not an archive page, not a third party's).
    public static func currentPageName(of definition: KeyDefinition) -> String? {
        guard definition.owner == nil else { return nil }
        let base: String
        switch definition.domain {
        case .infoPlist: base = infoPlistDocBase
        case .entitlements: base = "https://developer.apple.com/documentation/bundleresources/entitlements/"
        case .privacyManifest: base = "https://developer.apple.com/documentation/bundleresources/app-privacy-configuration/"
        case .launchd: return nil  // launchd keys have no page of their own (launchd.plist(5) documents them all)
        }
        guard definition.docURL.hasPrefix(base) else { return nil }
        var page = String(definition.docURL.dropFirst(base.count))
        if let anchor = page.firstIndex(where: { $0 == "#" || $0 == "?" }) { page = String(page[..<anchor]) }
        guard let last = page.split(separator: "/").last, !last.isEmpty else { return nil }
        return String(last).lowercased()
    }

    /// Compares the database's keys of `domain` with `pages`, the lower-cased last path components of
    /// Apple's key pages (as a crawl of the documentation lists them; case and blank entries are ignored).
    ///
    /// A page counts as known when a key of the domain has that name (in any letter case) or that page
    /// as its documentation link. Keys whose current page is not listed are reported too: either the
    /// list is incomplete (Apple's crawls miss child keys) or the page went away.
    public func compare(pages: [String], domain: PlistDomain) -> PageComparison {
        let listed = Set(pages.map { $0.trimmingWhitespace().lowercased() }.filter { !$0.isEmpty })
        let ofDomain = definitions.filter { $0.domain == domain }
        var knownPages = Set<String>()
        for definition in ofDomain {
            knownPages.insert(definition.name.lowercased())
            if let page = Self.currentPageName(of: definition) { knownPages.insert(page) }
        }
        let notKeyReasons = Self.pagesThatAreNotKeys[domain] ?? [:]
        var missing: [String] = [], notKeys: [(page: String, reason: String)] = [], known = 0
        for page in listed.sorted() {
            if knownPages.contains(page) {
                known += 1
            } else if let reason = notKeyReasons[page] {
                notKeys.append((page, reason))
            } else {
                missing.append(page)
            }
        }
        var unlisted = Set<String>()
        for definition in ofDomain {
            guard let page = Self.currentPageName(of: definition), !listed.contains(page),
                !listed.contains(definition.name.lowercased())
            else { continue }
            unlisted.insert("\(definition.name) (\(page))")
        }
        return PageComparison(
            missingFromDatabase: missing, missingFromList: unlisted.sorted(), notKeys: notKeys, known: known, listed: listed.count)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line ends.
    fileprivate func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}

extension KeyRendering {
    /// The report `keys --compare-pages` prints.
    public static func pageComparison(_ comparison: PageComparison, domain: PlistDomain) -> String {
        let kind: String
        switch domain {
        case .infoPlist: kind = "Info.plist key"
        case .entitlements: kind = "entitlement"
        case .privacyManifest: kind = "privacy manifest key"
        case .launchd: kind = "launchd key"
        }
        var out = "\(comparison.known) of \(comparison.listed) listed \(kind) pages name a key of the database.\n"
        out += "\nMissing from the database (\(comparison.missingFromDatabase.count)):\n"
        for page in comparison.missingFromDatabase { out += "  \(page)\n" }
        out += "\nKeys whose current page is not in the list (\(comparison.missingFromList.count)):\n"
        for entry in comparison.missingFromList { out += "  \(entry)\n" }
        out += "\nListed pages that are not keys (\(comparison.notKeys.count)):\n"
        for (page, reason) in comparison.notKeys { out += "  \(page): \(reason)\n" }
        return out
    }
}
