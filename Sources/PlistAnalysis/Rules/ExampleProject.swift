// The Xcode target an example's file belongs to, built in memory for the project rules' examples.
import XcodeProject

/// The target an example's file belongs to: its product type, its build settings (one
/// configuration, Debug), the keys of its other plist (entitlements for an Info.plist) and the
/// .xcconfig files its configuration includes that cannot be read.
public struct ExampleProject: Sendable, Hashable {
    /// `app`, `app-extension`, `framework`… (after `com.apple.product-type.`).
    public var productType: String
    /// Build settings, written as in an .xcconfig: `NAME = value`, one a line.
    public var settings: String
    /// The other plist's top-level keys with their string values.
    public var companion: [String: [String]]?
    /// .xcconfig files the configuration includes that cannot be read (names in the project folder).
    public var unreadFiles: [String]

    public init(_ productType: String = "application", settings: String = "", companion: [String: [String]]? = nil, unreadFiles: [String] = []) {
        self.productType = productType
        self.settings = settings
        self.companion = companion
        self.unreadFiles = unreadFiles
    }

    /// The input the analysis reads for a file of this target.
    public func input(role: ProjectInput.Role) -> ProjectInput {
        let config = XCConfigFile(path: "/project/Config.xcconfig", text: Array(settings.utf8))
        var configuration = TargetConfiguration(name: "Debug", layers: [SettingLayer(level: .targetConfigFile, assignments: config.assignments)])
        configuration.unreadFiles = unreadFiles.map { "/project/" + $0 }
        let target = ProjectTarget(name: "App", productType: ProductType("com.apple.product-type." + productType), configurations: [configuration])
        var model = XcodeProjectModel(path: "/project/App.xcodeproj/project.pbxproj", directory: "/project", name: "App", targets: [target], problems: [], files: [])
        model.missingFiles = configuration.unreadFiles
        let companion = companion.map { keys in
            (path: role == .infoPlist ? "/project/App.entitlements" : "/project/Info.plist",
             keys: Dictionary(uniqueKeysWithValues: keys.map { ($0.key, CompanionKey(key: $0.key, values: $0.value, location: nil)) }))
        }
        return ProjectIndex.input(role: role, project: model, target: target, companion: companion)
    }
}
