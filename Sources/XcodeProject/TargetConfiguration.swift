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
