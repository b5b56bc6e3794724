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
