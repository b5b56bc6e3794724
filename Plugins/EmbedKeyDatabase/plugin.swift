// Build tool plugin: turns PlistSchema's Resources/keys.json into a Swift source file holding the bytes
// as a string literal. A SwiftPM resource bundle would need `Bundle.module`, whose generated accessor
// imports full Foundation (and with it ICU, ~30 MB) into the plist-lsp binary; a literal needs nothing,
// and the binary no longer depends on a resource directory next to it.
import PackagePlugin

@main
struct EmbedKeyDatabase: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // Each data file and the name of the property that holds it (launchd.json: launchd jobs' keys).
        let files = [("keys.json", "EmbeddedKeyDatabase.swift", "embeddedJSON"), ("launchd.json", "EmbeddedLaunchdKeys.swift", "embeddedLaunchdJSON")]
        return try files.map { name, swiftFile, property in
            let input = target.directoryURL.appending(path: "Resources/\(name)")
            let output = context.pluginWorkDirectoryURL.appending(path: swiftFile)
            return .buildCommand(
                displayName: "Embedding \(name) into \(target.name)",
                executable: try context.tool(named: "embed-key-database").url,
                arguments: [input.path(percentEncoded: false), output.path(percentEncoded: false), property],
                inputFiles: [input],
                outputFiles: [output]
            )
        }
    }
}
