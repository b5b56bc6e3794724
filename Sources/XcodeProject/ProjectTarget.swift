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

    public init(name: String, productType: ProductType, configurations: [TargetConfiguration],
                infoProperties: GeneratedProperties? = nil, entitlementProperties: GeneratedProperties? = nil) {
        self.name = name
        self.productType = productType
        self.configurations = configurations
        self.infoProperties = infoProperties
        self.entitlementProperties = entitlementProperties
    }
}
