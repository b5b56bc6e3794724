// swift-tools-version:6.1
// plist-lsp: a language server for Apple property lists.
// Module dependencies point one way (see docs/architecture.md):
//   PlistSyntax <- PlistSchema <- PlistAnalysis <- PlistLanguageServer <- plist-lsp
//   LanguageServerProtocol <- PlistLanguageServer
//   CLibXML2 <- XMLReference (tests and benchmarks only: the reference XML parser)
import PackageDescription

let package = Package(
    name: "plist-lsp",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "plist-lsp", targets: ["plist-lsp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(name: "XMLReference", dependencies: ["CLibXML2"]),
        .target(name: "PlistSyntax"),
        // keys.json is compiled in as a string literal by the EmbedKeyDatabase plugin: a resource bundle's
        // generated `Bundle.module` accessor would import full Foundation (and ICU) into plist-lsp.
        .target(
            name: "PlistSchema",
            exclude: ["Resources/keys.json"],
            plugins: ["EmbedKeyDatabase"]
        ),
        .executableTarget(name: "embed-key-database", path: "Sources/embed-key-database"),
        .plugin(name: "EmbedKeyDatabase", capability: .buildTool(), dependencies: ["embed-key-database"]),
        .target(name: "PlistAnalysis", dependencies: ["PlistSyntax", "PlistSchema"]),
        .target(name: "LanguageServerProtocol"),
        .target(
            name: "PlistLanguageServer",
            dependencies: ["PlistSyntax", "PlistSchema", "PlistAnalysis", "LanguageServerProtocol"]
        ),
        .executableTarget(
            name: "plist-lsp",
            dependencies: [
                "PlistSyntax", "PlistSchema", "PlistAnalysis", "PlistLanguageServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "plist-bench",
            dependencies: ["PlistSyntax", "PlistSchema", "PlistAnalysis", "XMLReference", "LanguageServerProtocol"]
        ),
        // Locates ../shared (corpus, seeds) for the tests; skips on a fresh clone, fails under CI=true.
        .target(name: "PlistTestSupport", path: "Tests/PlistTestSupport"),
        .testTarget(name: "PlistSyntaxTests", dependencies: ["PlistSyntax", "XMLReference", "PlistTestSupport"]),
        .testTarget(name: "PlistSchemaTests", dependencies: ["PlistSchema", "PlistSyntax", "PlistTestSupport"]),
        .testTarget(
            name: "PlistAnalysisTests", dependencies: ["PlistAnalysis", "PlistSchema", "PlistSyntax", "PlistTestSupport"],
            exclude: ["Expectations"]  // reviewed corpus findings, read by path
        ),
        .testTarget(name: "XMLReferenceTests", dependencies: ["XMLReference"]),
        .testTarget(name: "LanguageServerProtocolTests", dependencies: ["LanguageServerProtocol"]),
        .testTarget(name: "EndToEndTests", dependencies: ["PlistSyntax", "PlistTestSupport"]),
        .testTarget(name: "PlistLanguageServerTests", dependencies: ["PlistLanguageServer", "LanguageServerProtocol", "PlistSyntax", "PlistAnalysis"]),
    ]
)
