// What the analysis of one plist reads from its project: which targets use the file and as what,
// their settings per configuration, and the facts the rules need (keys the build settings put in
// the Info.plist, product type, deployment targets, preprocessor definitions, the keys of the
// target's other plist). A plain value, like the source evidence: the server and `check` build it
// (`ProjectIndex`), the analysis only reads it.
import PlistSyntax

/// A key set outside the plist file: by an `INFOPLIST_KEY_*` build setting (with
/// GENERATE_INFOPLIST_FILE) or an XcodeGen `properties:` member.
public struct ExternalKey: Sendable, Hashable {
    /// The Info.plist or entitlements key.
    public let key: String
    /// The value as the first configuration resolves it ("" for XcodeGen properties).
    public let value: String
    /// Where it is set (nil: unknown).
    public let location: SourceSpan?
    /// `INFOPLIST_KEY_NSCameraUsageDescription` or `project.yml properties`.
    public let source: String
}

/// A key of the target's other plist (its entitlements, for an Info.plist; its Info.plist, for
/// entitlements), with its value's strings (an array's items) for the cross-file rules.
public struct CompanionKey: Sendable, Hashable {
    public let key: String
    /// The value's text: a string, a boolean's `true`/`false`, an array's string items.
    public let values: [String]
    public let location: SourceSpan?

    public init(key: String, values: [String], location: SourceSpan?) {
        self.key = key
        self.values = values
        self.location = location
    }
}

/// The project facts of one plist.
public struct ProjectInput: Sendable {
    /// What the project uses the file as.
    public enum Role: String, Sendable, Hashable { case infoPlist, entitlements }

    /// One target using the file.
    public struct Use: Sendable {
        public let projectName: String
        public let projectPath: String
        public let target: ProjectTarget
        /// The settings of each configuration in which the target uses the file.
        public let settings: [ResolvedBuildSettings]
        /// The files the project includes that could not be read (settings they define are unknown).
        public var missingFiles: [String] = []
        /// Where each of `missingFiles` is named (an `#include` line, or the project file's
        /// reference to a base .xcconfig).
        public var missingFileSites: [String: SourceSpan] = [:]
    }

    public let role: Role
    /// The targets using the file (at least one).
    public let uses: [Use]
    /// Keys set for the file outside it (Info.plist: `INFOPLIST_KEY_*` when the target generates
    /// its Info.plist, XcodeGen `info.properties`; entitlements: XcodeGen `entitlements.properties`).
    public let externalKeys: [String: ExternalKey]
    /// The keys of the target's other plist (entitlements for an Info.plist and vice versa), with
    /// where that file is; nil when the target has none or it could not be read.
    public let companion: (path: String, keys: [String: CompanionKey])?

    /// Why the keys of the target's other plist cannot be known, in words that name the setting and
    /// the file (`CODE_SIGN_ENTITLEMENTS names 'App/App.entitlements', which is not on disk`); nil
    /// when `companion` is what the target has (or it has none for certain). A rule that would
    /// say the other plist lacks a key says instead that this is unknown, and why.
    public var companionUnknown: String? = nil

    /// `Loop.xcconfig cannot be read`, `A.xcconfig and B.xcconfig cannot be read`: the files of
    /// `paths` by name.
    public static func unreadable(_ paths: [String]) -> String {
        let names = paths.map { ProjectPath.lastComponent($0) }
        switch names.count {
        case 0: return "nothing is missing"
        case 1: return "\(names[0]) cannot be read"
        case 2, 3: return "\(names.dropLast().joined(separator: ", ")) and \(names.last!) cannot be read"
        default: return "\(names.prefix(2).joined(separator: ", ")) and \(names.count - 2) more files cannot be read"
        }
    }

    /// The files that could not be read of the configurations using the file (every target's).
    public var unreadFiles: [String] {
        var out: [String] = []
        for use in uses { for settings in use.settings { for file in settings.unreadFiles where !out.contains(file) { out.append(file) } } }
        return out
    }

    public init(role: Role, uses: [Use], externalKeys: [String: ExternalKey], companion: (path: String, keys: [String: CompanionKey])?) {
        self.role = role
        self.uses = uses
        self.externalKeys = externalKeys
        self.companion = companion
    }

    /// The first target using the file.
    public var primary: Use { uses[0] }

    /// The settings the rules read: the primary target's first configuration (Debug, usually).
    public var settings: ResolvedBuildSettings { primary.settings[0] }

    /// `App` (or `App, AppTests` when several targets use the file).
    public var targetNames: String { uses.map(\.target.name).joined(separator: ", ") }

    /// What the target builds.
    public var productType: ProductType { primary.target.productType }

    /// The definitions a preprocessed Info.plist is read with: nil unless INFOPLIST_PREPROCESS
    /// is YES; then INFOPLIST_PREPROCESSOR_DEFINITIONS (`NAME` is `1`, `NAME=VALUE`).
    public var preprocessorDefinitions: [String: String]? {
        guard role == .infoPlist, settings.isYes("INFOPLIST_PREPROCESS") else { return nil }
        var out: [String: String] = [:]
        for word in ProjectInput.words(settings.value("INFOPLIST_PREPROCESSOR_DEFINITIONS")) {
            if let eq = word.firstIndex(of: "=") {
                out[String(word[..<eq])] = String(word[word.index(after: eq)...])
            } else {
                out[word] = "1"
            }
        }
        return out
    }

    /// The deployment targets the settings name, by SDK: `iphoneos` → `15.0`.
    public var deploymentTargets: [(setting: String, sdk: String, version: String)] {
        [
            ("IPHONEOS_DEPLOYMENT_TARGET", "iphoneos"), ("MACOSX_DEPLOYMENT_TARGET", "macosx"), ("TVOS_DEPLOYMENT_TARGET", "appletvos"),
            ("WATCHOS_DEPLOYMENT_TARGET", "watchos"), ("XROS_DEPLOYMENT_TARGET", "xros"),
        ].compactMap { setting, sdk in
            let v = settings.value(setting)
            guard !v.isEmpty, v.first?.isNumber == true else { return nil }
            return (setting, sdk, v)
        }
    }

    /// The deployment target of the SDK the target builds for (its SDKROOT), if set.
    public var deploymentTarget: (setting: String, sdk: String, version: String)? {
        let all = deploymentTargets
        return all.first { $0.sdk == settings.sdk } ?? (all.count == 1 ? all[0] : nil)
    }

    /// A shell-like split of a setting's value into words (quotes group, backslash escapes).
    static func words(_ s: String) -> [String] {
        var out: [String] = []
        var current = ""
        var quote: Character? = nil
        var escaped = false
        var has = false
        for c in s {
            if escaped { current.append(c); escaped = false; continue }
            if c == "\\" { escaped = true; has = true; continue }
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
                continue
            }
            if c == "\"" || c == "'" { quote = c; has = true; continue }
            if c == " " || c == "\t" {
                if has || !current.isEmpty { out.append(current) }
                current = ""
                has = false
                continue
            }
            current.append(c)
        }
        if has || !current.isEmpty { out.append(current) }
        return out
    }
}

extension ProjectInput.Use {
    /// The configurations' names.
    public var configurationNames: [String] { settings.map(\.configuration) }
}
