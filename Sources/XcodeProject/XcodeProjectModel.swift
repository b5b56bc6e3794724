// The project model: a project's targets, their build configurations, and for each target and
// configuration the layers of build settings in Xcode's order (defaults → project xcconfig →
// project → target xcconfig → target). Built from a project.pbxproj (`PBXProjectReader`) or an
// XcodeGen spec (`XcodeGenReader`); resolved by `ResolvedBuildSettings`.

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
    /// Where each missing file of `missingFiles` is named: the `#include` line of the .xcconfig
    /// that includes it, or the project file's `baseConfigurationReference` (none for an XcodeGen
    /// spec's files).
    public var missingFileSites: [String: SourceSpan] = [:]

    public init(path: String, directory: String, name: String, targets: [ProjectTarget], problems: [String], files: [String]) {
        self.path = path
        self.directory = directory
        self.name = name
        self.targets = targets
        self.problems = problems
        self.files = files
    }
}
