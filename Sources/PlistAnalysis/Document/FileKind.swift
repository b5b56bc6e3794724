// What kind of property list a file is: rules for Info.plist never run on entitlements or
// privacy manifests.
import PlistSyntax

/// The kind of a property-list file, which decides the rules and the keys that apply.
public enum FileKind: String, Sendable, Hashable, CaseIterable {
    /// An app or bundle's information property list.
    case infoPlist
    /// Code-signing entitlements (`*.entitlements`).
    case entitlements
    /// A privacy manifest (`PrivacyInfo.xcprivacy`).
    case privacyManifest
    /// A launchd job definition: a LaunchAgent or LaunchDaemon (docs/launchd.md).
    case launchdJob
    /// A configuration profile (`.mobileconfig`, or a plist whose top level is a profile's:
    /// docs/profiles.md): payload rules from Apple's device-management schemas.
    case configurationProfile
    /// Any other property list: syntax and structure rules only.
    case other
    /// A strings table (`InfoPlist.strings`): one locale's translations of an Info.plist's texts,
    /// checked by the localization rules (`TranslationContext`), never read as a property list.
    case stringsTable
    /// A String Catalog (`InfoPlist.xcstrings`): every locale's translations, checked like a table.
    case stringCatalog

    /// The kind, from the file name (a path or URI) first, then from the content: a top-level
    /// dictionary with `CFBundle…` keys is an Info.plist whatever its name. A file under a
    /// `LaunchAgents` or `LaunchDaemons` folder, or whose top level has `Label` and `Program` or
    /// `ProgramArguments`, is a launchd job (an Info.plist by name stays an Info.plist). Firebase's
    /// `GoogleService-Info.plist` is not an Info.plist, whatever its name says.
    public static func detect(path: String, document: PlistDocument?) -> FileKind {
        let decoded = path.removingPercentEncodingForFileName()
        let name = decoded.split(separator: "/").last.map(String.init) ?? decoded
        let lower = name.lowercased()
        if lower.hasSuffix(".entitlements") { return .entitlements }
        if lower.hasSuffix(".xcprivacy") { return .privacyManifest }
        if lower.hasSuffix(".mobileconfig") { return .configurationProfile }
        // Firebase's configuration file: its name ends in Info.plist, but no bundle reads it.
        if lower.hasSuffix("googleservice-info.plist") { return .other }
        if lower == "info.plist" || lower.hasSuffix("-info.plist") || lower.hasSuffix("info.plist") { return .infoPlist }
        if lower.hasSuffix("entitlements.plist") { return .entitlements }
        if LaunchdPlacement(path: decoded) != nil { return .launchdJob }
        if let root = document?.root, root.kind == .dictionary {
            let keys = root.keys
            // A job, even one that wrongly carries Info.plist keys (LSUIElement): launchd reads it.
            if keys.contains("Label") && (keys.contains("Program") || keys.contains("ProgramArguments")) { return .launchdJob }
            if isConfigurationProfile(root, keys: keys) { return .configurationProfile }
            if keys.contains(where: { $0.hasPrefix("CFBundle") || $0 == "NSExtension" || $0 == "LSRequiresIPhoneOS" }) { return .infoPlist }
            if keys.contains(where: { $0.hasPrefix("NSPrivacy") }) { return .privacyManifest }
            if keys.contains(where: {
                $0.hasPrefix("com.apple.security.") || $0.hasPrefix("com.apple.developer.") || $0 == "keychain-access-groups"
                    || $0 == "aps-environment"
            }) {
                return .entitlements
            }
        }
        return .other
    }

    /// A top level with `PayloadType` `Configuration`, or with `PayloadContent` and a profile's
    /// `PayloadIdentifier` or `PayloadUUID` (a profile whose type is misspelt is still a profile).
    static func isConfigurationProfile(_ root: PlistNode, keys: [String]) -> Bool {
        if root.value(forKey: "PayloadType")?.trimmedText == "Configuration" { return true }
        return keys.contains("PayloadContent") && (keys.contains("PayloadIdentifier") || keys.contains("PayloadUUID"))
    }
}

extension String {
    /// `%20` → space, for file names taken from `file://` URIs.
    public func removingPercentEncodingForFileName() -> String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var it = Array(utf8)[...]
        while let b = it.first {
            it = it.dropFirst()
            if b == 0x25, it.count >= 2, let v = UInt8(String(decoding: it.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(v); it = it.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension FileKind {
    /// Every kind of property list: syntax and structure rules.
    public static let allKinds: Set<FileKind> = Set(FileKind.allCases).subtracting(translationKinds)
    /// The translation files' kinds, which the localization rules read (`TranslationContext`).
    public static let translationKinds: Set<FileKind> = [.stringsTable, .stringCatalog]
}

/// Whether a launchd job is an agent or a daemon, from the folder it sits in (`…/LaunchAgents/`,
/// `…/LaunchDaemons/`); nil when the path says neither, and nothing about the job is then assumed.
public enum LaunchdPlacement: String, Sendable, Hashable {
    /// Under a `LaunchAgents` folder: runs as the logged-in user, in their session.
    case agent
    /// Under a `LaunchDaemons` folder: runs system-wide, as root unless `UserName` says otherwise.
    case daemon

    /// The placement of the file at `path` (a path or a percent-decoded URI): the nearest
    /// `LaunchAgents` or `LaunchDaemons` folder above a `.plist` file (or a template of one:
    /// `.plist.in`, `.plist.template`…).
    public init?(path: String) {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, let name = parts.last?.lowercased(), name.hasSuffix(".plist") || name.contains(".plist.") else {
            return nil
        }
        for folder in parts.dropLast().reversed() {
            switch folder {
            case "LaunchAgents": self = .agent; return
            case "LaunchDaemons": self = .daemon; return
            default: continue
            }
        }
        return nil
    }
}
