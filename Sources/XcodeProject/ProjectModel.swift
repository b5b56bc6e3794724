// The project model: a project's targets, their build configurations, and for each target and
// configuration the layers of build settings in Xcode's order (defaults → project xcconfig →
// project → target xcconfig → target). Built from a project.pbxproj (`PBXProjectReader`) or an
// XcodeGen spec (`XcodeGenReader`); resolved by `ResolvedBuildSettings`.

/// What a target builds (`com.apple.product-type.*`).
public struct ProductType: Sendable, Hashable, CustomStringConvertible {
    /// The identifier, e.g. `com.apple.product-type.app-extension`.
    public let identifier: String

    public init(_ identifier: String) { self.identifier = identifier }

    public static let application = ProductType("com.apple.product-type.application")
    public static let appExtension = ProductType("com.apple.product-type.app-extension")
    public static let framework = ProductType("com.apple.product-type.framework")

    /// An app (iOS, macOS, watchOS, Messages, App Clip…).
    public var isApplication: Bool {
        identifier.hasPrefix("com.apple.product-type.application")
    }

    /// An app extension, ExtensionKit extension, or watch extension: its Info.plist describes an
    /// extension point.
    public var isAppExtension: Bool {
        identifier.contains("app-extension") || identifier.hasSuffix("watchkit2-extension") || identifier.hasSuffix("extensionkit-extension")
    }

    /// A framework or library.
    public var isFramework: Bool {
        identifier.contains("framework") || identifier.contains("library")
    }

    /// A test bundle.
    public var isTest: Bool { identifier.contains("bundle.unit-test") || identifier.contains("bundle.ui-testing") }

    /// `app extension`, `framework`…: for messages.
    public var description: String {
        let short = identifier.hasPrefix("com.apple.product-type.") ? String(identifier.dropFirst("com.apple.product-type.".count)) : identifier
        switch short {
        case "application": return "app"
        case "app-extension": return "app extension"
        case "framework": return "framework"
        case "bundle.unit-test": return "unit-test bundle"
        case "bundle.ui-testing": return "UI-test bundle"
        default: return short
        }
    }

    /// The product type an XcodeGen `type:` names.
    public init(xcodeGen type: String) {
        self.init("com.apple.product-type." + (type == "app-extension" ? "app-extension" : type))
    }
}

/// Where a layer of settings comes from, in Xcode's order of precedence (later wins).
public enum SettingLevel: Int, Sendable, Hashable, Comparable, CustomStringConvertible {
    case defaults, projectConfigFile, project, targetConfigFile, target

    public static func < (a: SettingLevel, b: SettingLevel) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .defaults: return "Xcode's default"
        case .projectConfigFile: return "the project's .xcconfig"
        case .project: return "the project's build settings"
        case .targetConfigFile: return "the target's .xcconfig"
        case .target: return "the target's build settings"
        }
    }
}

/// The assignments of one level, in the order they are read (later wins among those that match).
public struct SettingLayer: Sendable, Hashable {
    public let level: SettingLevel
    public let assignments: [BuildSettingAssignment]

    public init(level: SettingLevel, assignments: [BuildSettingAssignment]) {
        self.level = level
        self.assignments = assignments
    }
}

/// A build configuration of a target with its layers.
public struct TargetConfiguration: Sendable, Hashable {
    public let name: String
    /// In precedence order (defaults first).
    public let layers: [SettingLayer]

    public init(name: String, layers: [SettingLayer]) {
        self.name = name
        self.layers = layers
    }
}

/// Keys a project file sets directly in a target's Info.plist or entitlements (XcodeGen's
/// `info.properties` and `entitlements.properties`), with where each is written.
public struct GeneratedProperties: Sendable, Hashable {
    /// The plist file they are written into (relative to the project folder as in the spec).
    public let path: String?
    /// Top-level key → the span of the key in the project file.
    public let keys: [String: SourceSpan]

    public init(path: String?, keys: [String: SourceSpan]) {
        self.path = path
        self.keys = keys
    }
}

/// A target of a project.
public struct ProjectTarget: Sendable, Hashable {
    public let name: String
    public let productType: ProductType
    public let configurations: [TargetConfiguration]
    /// XcodeGen's `info:` properties.
    public let infoProperties: GeneratedProperties?
    /// XcodeGen's `entitlements:` properties.
    public let entitlementProperties: GeneratedProperties?

    public init(name: String, productType: ProductType, configurations: [TargetConfiguration],
                infoProperties: GeneratedProperties? = nil, entitlementProperties: GeneratedProperties? = nil) {
        self.name = name
        self.productType = productType
        self.configurations = configurations
        self.infoProperties = infoProperties
        self.entitlementProperties = entitlementProperties
    }
}

/// A project read from its files.
public struct XcodeProjectModel: Sendable, Hashable {
    /// The project file (`…/App.xcodeproj/project.pbxproj` or `…/project.yml`).
    public let path: String
    /// The folder `SRCROOT` names (the .xcodeproj's parent, or the spec's folder).
    public let directory: String
    /// The project's name (`App` for App.xcodeproj).
    public let name: String
    public let targets: [ProjectTarget]
    /// What could not be read or resolved (a missing #include, a broken line), for logs and `check`.
    public let problems: [String]
    /// Every file the model was read from (the project file and the .xcconfig files it includes).
    public let files: [String]
    /// The .xcconfig files the project names or includes that could not be read (`#include?` of an
    /// absent file excepted).
    public var missingFiles: [String] = []

    public init(path: String, directory: String, name: String, targets: [ProjectTarget], problems: [String], files: [String]) {
        self.path = path
        self.directory = directory
        self.name = name
        self.targets = targets
        self.problems = problems
        self.files = files
    }
}
