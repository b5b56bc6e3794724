/// A target of a project.
public struct ProjectTarget: Sendable, Hashable {
    public let name: String
    public let productType: ProductType
    public let configurations: [TargetConfiguration]
    /// XcodeGen's `info:` properties.
    public let infoProperties: GeneratedProperties?
    /// XcodeGen's `entitlements:` properties.
    public let entitlementProperties: GeneratedProperties?
    /// The files the target holds by folder (Xcode 16's synchronized folders, a Swift package
    /// target's folder); nil when the project lists its files one by one.
    public var membership: SourceMembership?
    /// The localized resources its Copy Bundle Resources phase names (a project.pbxproj's target);
    /// nil when the project does not list them (an XcodeGen spec, a package).
    public var localizedResources: LocalizedResources?

    public init(
        name: String, productType: ProductType, configurations: [TargetConfiguration],
        infoProperties: GeneratedProperties? = nil, entitlementProperties: GeneratedProperties? = nil
    ) {
        self.name = name
        self.productType = productType
        self.configurations = configurations
        self.infoProperties = infoProperties
        self.entitlementProperties = entitlementProperties
    }
}

/// The localized files a target's Copy Bundle Resources phase builds into its bundle, as the
/// project.pbxproj names them: what translates its Info.plist, and which locales the bundle has.
public struct LocalizedResources: Sendable, Hashable {
    public static let tableName = "InfoPlist.strings"
    public static let catalogName = "InfoPlist.xcstrings"
    /// Each locale's `InfoPlist.strings` (absolute paths) of its `InfoPlist.strings` variant groups.
    public var tables: [String] = []
    /// Its `InfoPlist.xcstrings` String Catalogs (absolute paths).
    public var catalogs: [String] = []
    /// The locale of every variant group's file (`de` for `de.lproj/Localizable.strings`) → the
    /// name of the first variant group giving it.
    public var locales: [String: String] = [:]

    public init(tables: [String] = [], catalogs: [String] = [], locales: [String: String] = [:]) {
        self.tables = tables
        self.catalogs = catalogs
        self.locales = locales
    }
}
