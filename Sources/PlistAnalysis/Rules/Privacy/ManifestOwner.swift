// Whose privacy manifest a file is — an app's or a third-party SDK's — as far as its path tells.

/// The bundle a privacy manifest describes, judged from where the file lies.
enum ManifestOwner: Sendable, Equatable {
    /// An app (or app extension): a built `.app`/`.appex`, or the app target of a Flutter, React
    /// Native-style `ios/App`, or .NET MAUI project.
    case app
    /// A third-party SDK: dependencies (`Pods/`, `Carthage/`, `node_modules/`, package checkouts),
    /// frameworks and resource bundles, a Swift package's `Sources/`, a Flutter plugin's `ios/Classes`
    /// or `ios/Resources`.
    case sdk
    /// The path does not say.
    case unknown

    /// Folders that hold other people's code or a library's sources.
    static let sdkFolders: Set<String> = [
        "Pods", "Carthage", "node_modules", "checkouts", "SourcePackages", "Sources", "Frameworks", "vendor",
    ]
    /// Extensions of bundles that are libraries.
    static let sdkBundleSuffixes = [".framework", ".xcframework", ".bundle"]

    /// The owner `path` (a file path or `file://` URI) shows.
    static func detect(path: String) -> ManifestOwner {
        let components = path.removingPercentEncodingForFileName().split(separator: "/").map(String.init).dropLast()
        if components.contains(where: { sdkFolders.contains($0) || sdkBundleSuffixes.contains(where: $0.hasSuffix) }) { return .sdk }
        if components.contains(where: { $0.hasSuffix(".app") || $0.hasSuffix(".appex") }) { return .app }
        let folders = Array(components)
        for i in folders.indices.dropFirst() where folders[i - 1] == "ios" || folders[i - 1] == "macos" {
            if folders[i] == "Classes" || folders[i] == "Resources" { return .sdk }
            if folders[i] == "Runner" || folders[i] == "App" { return .app }
        }
        if let i = folders.lastIndex(of: "Platforms"), i + 1 < folders.count, ["iOS", "MacCatalyst"].contains(folders[i + 1]) {
            return .app
        }
        return .unknown
    }
}
