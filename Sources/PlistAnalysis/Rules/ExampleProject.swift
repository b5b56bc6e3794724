// The Xcode target an example's file belongs to, built in memory for the project rules' examples.
import XcodeProject

/// The target an example's file belongs to: its product type, its build settings (one
/// configuration, Debug) and the keys of its other plist (entitlements for an Info.plist).
public struct ExampleProject: Sendable, Hashable {
    /// `app`, `app-extension`, `framework`… (after `com.apple.product-type.`).
    public var productType: String
    /// Build settings, written as in an .xcconfig: `NAME = value`, one a line.
    public var settings: String
    /// The other plist's top-level keys with their string values.
    public var companion: [String: [String]]?

    public init(_ productType: String = "application", settings: String = "", companion: [String: [String]]? = nil) {
        self.productType = productType
        self.settings = settings
        self.companion = companion
    }

    /// The input the analysis reads for a file of this target.
    public func input(role: ProjectInput.Role) -> ProjectInput {
        let config = XCConfigFile(path: "/project/Config.xcconfig", text: Array(settings.utf8))
        let target = ProjectTarget(name: "App", productType: ProductType("com.apple.product-type." + productType),
                                   configurations: [TargetConfiguration(name: "Debug", layers: [SettingLayer(level: .targetConfigFile, assignments: config.assignments)])])
        let model = XcodeProjectModel(path: "/project/App.xcodeproj/project.pbxproj", directory: "/project", name: "App", targets: [target], problems: [], files: [])
        let companion = companion.map { keys in
            (path: role == .infoPlist ? "/project/App.entitlements" : "/project/Info.plist",
             keys: Dictionary(uniqueKeysWithValues: keys.map { ($0.key, CompanionKey(key: $0.key, values: $0.value, location: nil)) }))
        }
        return ProjectIndex.input(role: role, project: model, target: target, companion: companion)
    }
}
