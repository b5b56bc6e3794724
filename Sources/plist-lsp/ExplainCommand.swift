// `plist-lsp explain KEY`: everything the key database knows about a key.
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSchema
import PlistSupport

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain a property-list key.",
        discussion: """
            Prints every fact the key database holds about KEY at each place it may appear. Letter case, \
            device and platform suffixes (~ipad, -iphoneos), Xcode's names ("Privacy - Camera Usage \
            Description"), Xcode's capability names ("Keychain Sharing") and known misspellings are \
            accepted. A documented value (CA92.1, UIInterfaceOrientationPortrait) is explained with the \
            key it belongs to. An unknown key exits with status 1 and prints did-you-mean suggestions.
            """
    )

    @Argument(help: "The key, e.g. NSCameraUsageDescription, or its name in Xcode, e.g. \"Privacy - Camera Usage Description\".")
    var key: String

    func run() throws {
        let database = KeyDatabase.shared
        let (base, suffix) = KeySuffix.split(key)
        var found = database.definitions(named: key)
        var usedSuffix: KeySuffix?
        var note: String?
        if found.isEmpty, suffix != nil {
            found = database.definitions(named: base)
            usedSuffix = suffix
        }
        if found.isEmpty {
            found = database.definitions(matching: key)
            if let first = found.first { note = "Note: the key is spelled \(first.name)." }
            if !found.isEmpty, suffix != nil, found.first?.name.lowercased() == base.lowercased() { usedSuffix = suffix }
        }
        if found.isEmpty {
            // Xcode's name of the key, as its property-list editor and completion show it.
            found = database.definitions(xcodeName: key)
            let names = found.reduce(into: [String]()) { names, d in if !names.contains(d.name) { names.append(d.name) } }
            if let first = found.first, let xcode = first.xcodeName {
                note =
                    names.count == 1
                    ? "Note: Xcode shows \(first.name) as “\(xcode)”."
                    : "Note: Xcode shows \(names.joined(separator: ", ")) as “\(xcode)”."
            }
        }
        if found.isEmpty {
            // Xcode's capability that adds the entitlement ("Keychain Sharing", "iCloud").
            found = database.definitions(capability: key)
            let names = found.reduce(into: [String]()) { names, d in if !names.contains(d.name) { names.append(d.name) } }
            if let capability = found.first?.xcodeCapability {
                note = "Note: Xcode's \(capability) capability adds \(names.joined(separator: ", "))."
            }
        }
        if found.isEmpty {
            let misspelled = database.definitions.filter { definition in
                definition.misspellings.contains { $0.lowercased() == base.lowercased() }
            }
            if let first = misspelled.first {
                found = database.definitions(named: first.name)
                note = "Note: \(key) is a known misspelling of \(first.name)."
            }
        }
        if found.isEmpty, let text = explainValue(key, in: database) {
            writeToStandardOutput(text)
            return
        }
        if found.isEmpty {
            let suggestions = database.suggestions(for: key, at: nil, limit: 5).map(\.definition.name)
            let searched = database.search(key, limit: 5).map(\.name)
            var names: [String] = []
            for name in suggestions + searched where !names.contains(name) { names.append(name) }
            var message = "plist-lsp: unknown key \(key)\n"
            if !names.isEmpty {
                message += "Did you mean:\n" + names.prefix(6).map { "  \($0)\n" }.joined()
            }
            writeToStandardError(message)
            throw ExitCode(1)
        }
        writeToStandardOutput(
            (note.map { $0 + "\n\n" } ?? "") + found.map { KeyRendering.explain($0, suffix: usedSuffix) }.joined(separator: "\n"))
    }

    /// What `literal` means when it is not a key but a documented value: what it belongs to, then
    /// the key's facts (only the value lines when many keys list it, as YES or 1); nil when no key
    /// documents it.
    func explainValue(_ literal: String, in database: KeyDatabase) -> String? {
        let owners = database.definitions(documentingValue: literal)
        guard !owners.isEmpty else { return nil }
        var names: [String] = []
        for owner in owners where !names.contains(owner.definition.name) { names.append(owner.definition.name) }
        var text = "Note: \(literal) is not a key but a value of \(names.joined(separator: ", ")).\n\n"
        text += owners.map { KeyRendering.hover(value: $0.value, ofKey: $0.definition, format: .plainText) }.joined(separator: "\n")
        if owners.count <= 3 {
            text += "\n" + owners.map { KeyRendering.explain($0.definition) }.joined(separator: "\n")
        }
        return text
    }
}
