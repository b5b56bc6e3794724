// The layering of docs/contributing/architecture.md, checked against the sources: which of our modules each
// target may import, and that Package.swift declares every module a target imports (an import
// that only works through another target's dependencies breaks when that one changes).
import Foundation
import PlistTestSupport
import Testing

@Suite struct LayeringTests {
    /// What each product target may import of ours: the arrows of docs/contributing/architecture.md.
    static let allowed: [String: Set<String>] = {
        // The files of a workspace on disk (source trees, translations): for the server and `check`, no LSP.
        let workspace: Set<String> = ["PlistSupport", "PlistSyntax", "PlistSchema", "XcodeProject", "SourceEvidence", "PlistAnalysis"]
        let server: Set<String> = workspace.union(["LanguageServerProtocol", "PlistFormats", "PlistWorkspace"])
        return [
            "PlistSupport": [],
            "PlistSyntax": [],
            // Binary and JSON property lists: values read from and written to bytes, and their XML text.
            "PlistFormats": ["PlistSyntax"],
            "PlistSchema": ["PlistSyntax", "PlistSupport"],
            // The project model and the source evidence are inputs of the analysis.
            "XcodeProject": ["PlistSyntax", "PlistSupport"],
            "SourceEvidence": ["PlistSyntax"],
            "PlistAnalysis": ["PlistSyntax", "PlistSchema", "XcodeProject", "SourceEvidence", "PlistFormats"],
            "LanguageServerProtocol": ["PlistSupport"],
            "PlistWorkspace": workspace,
            "PlistLanguageServer": server,
            "plist-lsp": server.union(["PlistLanguageServer", "PlistFormats", "ArgumentParser"]),
            "XMLReference": ["CLibXML2"],
            // The benchmark measures every layer (the source scan through the workspace's SourceTree) against references.
            "plist-bench": server.union(["PlistLanguageServer", "XMLReference", "PlistFormats"]),
            "embed-key-database": [],
        ]
    }()

    /// Modules of the toolchain and the system: not part of the layering.
    static let system: Set<String> = [
        "Foundation", "FoundationEssentials", "Glibc", "Musl", "Darwin", "Dispatch", "Synchronization",
        "Testing", "XCTest", "PackagePlugin", "PackageDescription",
    ]

    struct Target {
        var name: String
        var path: String
        var declared: Set<String>
    }

    /// The targets of Package.swift with their declared dependencies (a reading of its text: each
    /// `.target(`, `.executableTarget(` or `.testTarget(` call, its name, path and the quoted names in
    /// its `dependencies:` list, whether or not a condition selects them).
    static func targets() throws -> [Target] {
        let text = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        var result: [Target] = []
        for kind in [".target(", ".executableTarget(", ".testTarget("] {
            var rest = Substring(text)
            while let call = rest.range(of: kind) {
                let body = balanced(rest[call.upperBound...])
                rest = rest[call.upperBound...]
                guard let name = firstQuoted(after: "name:", in: body) else { continue }
                let isTest = kind == ".testTarget("
                let path = firstQuoted(after: "path:", in: body) ?? (isTest ? "Tests/\(name)" : "Sources/\(name)")
                var declared: Set<String> = []
                if let list = body.range(of: "dependencies:") {
                    let open = body[list.upperBound...].firstIndex(of: "[") ?? list.upperBound
                    declared = Set(quoted(in: balanced(body[body.index(after: open)...], open: "[", close: "]")))
                }
                result.append(Target(name: name, path: path, declared: declared))
            }
        }
        return result
    }

    /// The modules a target's Swift sources import.
    static func imports(under path: String) throws -> [String: [String]] {
        let root = SharedData.repositoryRoot.appendingPathComponent(path)
        var found: [String: [String]] = [:]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [:] }
        for case let url as URL in walker where url.pathExtension == "swift" {
            let source = try String(contentsOf: url, encoding: .utf8)
            for line in source.split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                guard words.count >= 2, words[0] == "import" else { continue }
                let module = String(
                    (words.count >= 3 && ["struct", "class", "enum", "func", "protocol"].contains(words[1]) ? words[2] : words[1])
                        .split(separator: ".")[0])
                found[module, default: []].append(url.lastPathComponent)
            }
        }
        return found
    }

    @Test func everyProductModuleImportsOnlyWhatTheLayeringAllows() async throws {
        try await onOwnThread { try Self.everyProductModuleImportsOnlyWhatTheLayeringAllowsBody() }
    }
    static func everyProductModuleImportsOnlyWhatTheLayeringAllowsBody() throws {
        let targets = try Self.targets()
        #expect(Set(targets.map(\.name)).isSuperset(of: Self.allowed.keys), "every product target has a row in the table")
        let ours = Set(targets.map(\.name)).union(["CLibXML2", "ArgumentParser"])
        for target in targets where Self.allowed[target.name] != nil {
            for (module, files) in try Self.imports(under: target.path) where ours.contains(module) {
                #expect(
                    Self.allowed[target.name]!.contains(module),
                    "\(target.name) imports \(module) (\(files.joined(separator: ", "))), which docs/contributing/architecture.md does not allow"
                )
            }
        }
    }

    /// The files of the executable that start the server: the only ones that import it. `check`,
    /// `format`, `convert`, `explain` and `keys` use the analysis and the workspace module, so a
    /// change to the server cannot change what they report.
    static let serverStarters: Set<String> = ["ServeCommand.swift"]

    @Test func onlyTheServeCommandImportsTheServer() async throws {
        try await onOwnThread { try Self.onlyTheServeCommandImportsTheServerBody() }
    }
    static func onlyTheServeCommandImportsTheServerBody() throws {
        let imports = try Self.imports(under: "Sources/plist-lsp")
        let importers = Set(imports["PlistLanguageServer"] ?? [])
        #expect(!importers.isEmpty, "the executable serves LSP through PlistLanguageServer")
        #expect(
            importers.isSubset(of: Self.serverStarters),
            "\(importers.subtracting(Self.serverStarters).sorted().joined(separator: ", ")) import PlistLanguageServer: only the files that start the server may (docs/contributing/architecture.md)"
        )
    }

    @Test func everyImportIsDeclaredInPackageSwift() async throws {
        try await onOwnThread { try Self.everyImportIsDeclaredInPackageSwiftBody() }
    }
    static func everyImportIsDeclaredInPackageSwiftBody() throws {
        let targets = try Self.targets()
        #expect(targets.count >= 10)
        for target in targets {
            #expect(
                FileManager.default.fileExists(atPath: SharedData.repositoryRoot.appendingPathComponent(target.path).path),
                "no folder for \(target.name) at \(target.path)")
            let imported = try Self.imports(under: target.path)
            for (module, files) in imported where !Self.system.contains(module) && module != target.name {
                #expect(
                    target.declared.contains(module),
                    "\(target.name) imports \(module) (\(files.joined(separator: ", "))) without declaring it in Package.swift")
            }
        }
    }

    @Test func theCheckItselfCatchesAnUndeclaredImport() async throws {
        try await onOwnThread { try Self.theCheckItselfCatchesAnUndeclaredImportBody() }
    }
    static func theCheckItselfCatchesAnUndeclaredImportBody() throws {
        // The Package.swift reading must see declared lists, or the test above could not fail.
        let targets = try Self.targets()
        let server = try #require(targets.first { $0.name == "PlistLanguageServer" })
        #expect(server.declared.contains("PlistAnalysis") && !server.declared.contains("XMLReference"))
        let syntax = try #require(targets.first { $0.name == "PlistSyntax" })
        #expect(syntax.declared.isEmpty)
    }
}

/// The text up to the bracket that closes one already open (strings are skipped).
private func balanced(_ text: Substring, open: Character = "(", close: Character = ")") -> Substring {
    var depth = 1
    var inString = false
    for index in text.indices {
        let c = text[index]
        if c == "\"" { inString.toggle() }
        if inString { continue }
        if c == open { depth += 1 }
        if c == close {
            depth -= 1
            if depth == 0 { return text[..<index] }
        }
    }
    return text
}

private func quoted(in text: Substring) -> [String] {
    text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
}

private func firstQuoted(after label: String, in text: Substring) -> String? {
    guard let found = text.range(of: label) else { return nil }
    return quoted(in: text[found.upperBound...]).first
}
