// swift-tools-version:6.1
// plist-lsp: a language server for Apple property lists.
// Module dependencies point one way (see docs/contributing/architecture.md):
//   PlistSyntax <- PlistSchema <- PlistAnalysis <- PlistWorkspace <- PlistLanguageServer <- plist-lsp
//   PlistWorkspace (the files of a workspace on disk: source trees, translations, file URIs) <- plist-lsp (check),
//     PlistLanguageServer; only plist-lsp's serve code imports PlistLanguageServer
//   PlistSyntax <- XcodeProject (project awareness) <- PlistAnalysis
//   PlistSyntax <- SourceEvidence (the privacy scan of Swift/Objective-C/C sources) <- PlistAnalysis
//   LanguageServerProtocol <- PlistLanguageServer
//   PlistSupport (locks, threads, logging, POSIX and path helpers) <- PlistSchema, XcodeProject, LanguageServerProtocol,
//     PlistWorkspace, PlistLanguageServer, plist-lsp (PlistSyntax imports nothing of ours; PlistAnalysis needs only Mutex)
//   PlistSyntax <- PlistFormats (binary and JSON plists) <- PlistAnalysis (a binary plist analysed as XML), PlistLanguageServer, plist-lsp (convert, check), plist-bench
//   CLibXML2 <- XMLReference (tests and benchmarks only: the reference XML parser; optional, see below)
import PackageDescription
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// libxml2 (the tests' and benchmark's reference parser) needs its headers and pkg-config at build
/// time. Without them the package still builds, and the tests that compare against libxml2 skip with
/// a line saying what to install (under CI=true they fail instead).
let libxml2Available: Bool = {
    #if os(macOS)
    return true  // the SDK ships libxml2
    #else
    let path = Context.environment["PATH"] ?? "/usr/bin:/bin"
    let hasPkgConfig = path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/pkg-config") }
    let hasHeaders = ["/usr/include/libxml2/libxml/parser.h", "/usr/local/include/libxml2/libxml/parser.h"]
        .contains { FileManager.default.fileExists(atPath: $0) }
    return hasPkgConfig && hasHeaders
    #endif
}()

/// For the modules the server runs before its first answer: generic types the code names are made
/// with their accessors (conformances passed along) instead of from mangled names, which makes the
/// runtime search every conformance record of the binary for each new type (the JSON coding of
/// `initialize` and its answer named dozens; docs/contributing/performance.md).
let startupPathSettings: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]

let package = Package(
    name: "plist-lsp",
    platforms: [.macOS(.v15)],  // Synchronization.Mutex (PlistSupport, PlistAnalysis, XMLReference)
    products: [
        .executable(name: "plist-lsp", targets: ["plist-lsp"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(name: "XMLReference", dependencies: libxml2Available ? ["CLibXML2"] : []),
        // Imports nothing of ours and no Foundation: the toolchain's Synchronization and the C library.
        .target(name: "PlistSupport"),
        .target(name: "PlistSyntax"),
        // Binary (bplist00) and JSON property lists: their readers and writers, and the XML text of a value.
        .target(name: "PlistFormats", dependencies: ["PlistSyntax"]),
        // keys.json is compiled in as a string literal by the EmbedKeyDatabase plugin: a resource bundle's
        // generated `Bundle.module` accessor would import full Foundation (and ICU) into plist-lsp.
        .target(
            name: "PlistSchema",
            dependencies: ["PlistSyntax", "PlistSupport"],
            exclude: ["Resources/keys.json", "Resources/launchd.json"],
            plugins: ["EmbedKeyDatabase"]
        ),
        .executableTarget(name: "embed-key-database", path: "Sources/embed-key-database"),
        .plugin(name: "EmbedKeyDatabase", capability: .buildTool(), dependencies: ["embed-key-database"]),
        // Project awareness: readers of project.pbxproj, .xcconfig and XcodeGen specs, the project
        // model and its resolved build settings (docs/project-awareness.md). Pure: files come
        // through the `ProjectFileSystem` it is given (`DiskProjectFileSystem` for the disk).
        .target(name: "XcodeProject", dependencies: ["PlistSyntax", "PlistSupport"]),
        // Source evidence: the token scan of Swift, Objective-C and C sources for privacy-relevant
        // APIs and its symbol table (docs/source-evidence.md). Bytes in, hits out; reads no files.
        .target(name: "SourceEvidence", dependencies: ["PlistSyntax"]),
        .target(name: "PlistAnalysis", dependencies: ["PlistSyntax", "PlistSchema", "XcodeProject", "SourceEvidence", "PlistFormats"]),
        .target(name: "LanguageServerProtocol", dependencies: ["PlistSupport"], swiftSettings: startupPathSettings),
        // The files of a workspace on disk, for the server and `check` alike: source trees scanned
        // for evidence, the translations of Info.plists, file URIs, the installed documentation.
        // Knows nothing of LSP.
        .target(
            name: "PlistWorkspace",
            dependencies: ["PlistSyntax", "PlistSchema", "PlistAnalysis", "XcodeProject", "SourceEvidence", "PlistSupport"],
            swiftSettings: startupPathSettings
        ),
        .target(
            name: "PlistLanguageServer",
            dependencies: [
                "PlistSyntax", "PlistSchema", "PlistAnalysis", "XcodeProject", "SourceEvidence", "LanguageServerProtocol", "PlistSupport",
                "PlistFormats", "PlistWorkspace",
            ],
            swiftSettings: startupPathSettings
        ),
        .executableTarget(
            name: "plist-lsp",
            dependencies: [
                "PlistSyntax", "PlistSchema", "PlistAnalysis", "XcodeProject", "SourceEvidence", "PlistWorkspace", "PlistLanguageServer",
                "LanguageServerProtocol", "PlistSupport", "PlistFormats",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: startupPathSettings,
            // One static executable, the C and C++ libraries included: an editor starts the server
            // often, and loading and relocating shared libraries (first a dozen of Swift's, then
            // libstdc++ and the 49,000 relocations of a position-independent binary) took about
            // half of the time to the first answer (docs/contributing/performance.md). Linux only (macOS has no
            // static Swift runtime).
            linkerSettings: [
                .unsafeFlags(
                    ["-static-executable", "-use-ld=lld", "-l_FoundationCollections", "-l_FoundationCShims"], .when(platforms: [.linux]))
            ]
        ),
        .executableTarget(
            name: "plist-bench",
            dependencies: [
                "PlistSyntax", "PlistSchema", "PlistAnalysis", "XcodeProject", "SourceEvidence", "PlistWorkspace", "PlistLanguageServer",
                "XMLReference", "LanguageServerProtocol", "PlistSupport", "PlistFormats",
            ]
        ),
        // Locates ../shared (corpus, seeds) for the tests; skips on a fresh clone, fails under CI=true.
        .target(name: "PlistTestSupport", path: "Tests/PlistTestSupport"),
        .testTarget(name: "PlistSyntaxTests", dependencies: ["PlistSyntax", "XMLReference", "PlistTestSupport"]),
        .testTarget(name: "PlistFormatsTests", dependencies: ["PlistFormats", "PlistSyntax", "PlistTestSupport"]),
        .testTarget(name: "PlistSchemaTests", dependencies: ["PlistSchema", "PlistSyntax", "PlistTestSupport"]),
        .testTarget(
            name: "PlistAnalysisTests",
            dependencies: [
                "PlistAnalysis", "PlistSchema", "PlistSyntax", "XcodeProject", "SourceEvidence", "XMLReference", "PlistTestSupport",
            ],
            exclude: ["Expectations"]  // reviewed corpus findings, read by path
        ),
        .testTarget(name: "XMLReferenceTests", dependencies: ["XMLReference", "PlistTestSupport"]),
        .testTarget(name: "XcodeProjectTests", dependencies: ["XcodeProject", "PlistSyntax", "PlistTestSupport"]),
        .testTarget(name: "SourceEvidenceTests", dependencies: ["SourceEvidence", "PlistSyntax", "PlistTestSupport"]),
        .testTarget(name: "PlistSupportTests", dependencies: ["PlistSupport", "PlistTestSupport"]),
        // The layering of docs/contributing/architecture.md, checked against every import and Package.swift itself.
        .testTarget(name: "ArchitectureTests", dependencies: ["PlistTestSupport"]),
        .testTarget(name: "LanguageServerProtocolTests", dependencies: ["LanguageServerProtocol", "PlistSupport", "PlistTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["PlistTestSupport"]),  // drives the built binary; links none of our modules
        .testTarget(
            name: "PlistLanguageServerTests",
            dependencies: [
                "PlistLanguageServer", "PlistWorkspace", "LanguageServerProtocol", "PlistSupport", "PlistSyntax", "PlistAnalysis",
                "XcodeProject", "PlistFormats", "PlistTestSupport",
            ]
        ),
    ]
)
