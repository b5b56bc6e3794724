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
    /// An XcodeGen spec (`/project/project.yml`) the target is read from instead, its first target
    /// the example's (the file is `/project/Info.plist` or `/project/App.entitlements`).
    public var xcodeGenSpec: String? = nil

    public init(
        _ productType: String = "application", settings: String = "", companion: [String: [String]]? = nil, unreadFiles: [String] = []
    ) {
        self.productType = productType
        self.settings = settings
        self.companion = companion
        self.unreadFiles = unreadFiles
    }

    /// A target read from an XcodeGen spec.
    public init(xcodeGenSpec: String) {
        self.init()
        self.xcodeGenSpec = xcodeGenSpec
    }

    /// The input the analysis reads for a file of this target.
    public func input(role: ProjectInput.Role) -> ProjectInput {
        if let xcodeGenSpec {
            let model = ProjectLoader(fileSystem: ExampleFiles(files: ["/project/project.yml": Array(xcodeGenSpec.utf8)])).load(
                "/project/project.yml")
            if let target = model.targets.first { return ProjectIndex.input(role: role, project: model, target: target, companion: nil) }
        }
        let config = XCConfigFile(path: "/project/Config.xcconfig", text: Array(settings.utf8))
        var configuration = TargetConfiguration(
            name: "Debug", layers: [SettingLayer(level: .targetConfigFile, assignments: config.assignments)])
        configuration.unreadFiles = unreadFiles.map { "/project/" + $0 }
        let target = ProjectTarget(
            name: "App", productType: ProductType("com.apple.product-type." + productType), configurations: [configuration])
        var model = XcodeProjectModel(
            path: "/project/App.xcodeproj/project.pbxproj", directory: "/project", name: "App", targets: [target], problems: [], files: [])
        model.missingFiles = configuration.unreadFiles
        let companion = companion.map { keys in
            (
                path: role == .infoPlist ? "/project/App.entitlements" : "/project/Info.plist",
                keys: Dictionary(uniqueKeysWithValues: keys.map { ($0.key, CompanionKey(key: $0.key, values: $0.value, location: nil)) })
            )
        }
        return ProjectIndex.input(role: role, project: model, target: target, companion: companion)
    }
}

/// The files of an example's project, in memory.
struct ExampleFiles: ProjectFileSystem {
    let files: [String: [UInt8]]
    func contents(of path: String) -> [UInt8]? { files[path] }
    func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        let names = files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.filter { !$0.contains("/") }
        return names.isEmpty ? nil : names.sorted().map { ($0, false) }
    }
}
