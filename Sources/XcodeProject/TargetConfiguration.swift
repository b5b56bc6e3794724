/// A build configuration of a target with its layers.
public struct TargetConfiguration: Sendable, Hashable {
    public let name: String
    /// In precedence order (defaults first).
    public let layers: [SettingLayer]
    /// The .xcconfig files this configuration's layers name or include that could not be read
    /// (a required `#include` or a base configuration file that is absent; `#include?` of an absent
    /// file excepted): what they would set is unknown, so a setting the others leave undefined may
    /// be defined after all.
    public var unreadFiles: [String] = []
    /// The highest level an unread file sits at (the target's .xcconfig above the project's):
    /// a setting whose winning assignment is at this level or below may be set otherwise there.
    public var unreadLevel: SettingLevel? = nil

    public init(name: String, layers: [SettingLayer]) {
        self.name = name
        self.layers = layers
    }
}
