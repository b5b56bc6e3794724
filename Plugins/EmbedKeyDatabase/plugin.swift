// Build tool plugin: turns PlistSchema's Resources/keys.json into a Swift source file holding the bytes
// as a string literal. A SwiftPM resource bundle would need `Bundle.module`, whose generated accessor
// imports full Foundation (and with it ICU, ~30 MB) into the plist-lsp binary; a literal needs nothing,
// and the binary no longer depends on a resource directory next to it.
import PackagePlugin

@main
struct EmbedKeyDatabase: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let input = target.directoryURL.appending(path: "Resources/keys.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedKeyDatabase.swift")
        return [
            .buildCommand(
                displayName: "Embedding keys.json into \(target.name)",
                executable: try context.tool(named: "embed-key-database").url,
                arguments: [input.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: [input],
                outputFiles: [output]
            ),
        ]
    }
}
