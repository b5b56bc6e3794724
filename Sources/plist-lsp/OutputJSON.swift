// The `check --format json` and `--format sarif` documents as Codable structs, written by
// JSONEncoder (FoundationEssentials; JSONSerialization exists only in full Foundation). Keys are
// sorted by code unit; that equals the order JSONSerialization's `.sortedKeys` gave (numeric,
// case-insensitive) for every key below, so the output is byte for byte what it was.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum OutputJSON {
    /// Pretty-printed (two-space indent, `"key" : value`) with sorted keys. `/` is written `\/`
    /// unless `escapingSlashes` is false (SARIF).
    static func encode(_ value: some Encodable, escapingSlashes: Bool = true) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            escapingSlashes ? [.prettyPrinted, .sortedKeys] : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// `check --format json`.
struct CheckLog: Encodable {
    var version = 1
    let files: [File]
    let summary: Summary

    struct File: Encodable {
        let path: String
        let problems: [Problem]
        /// Present only when fixes were applied.
        let fixed: [Fixed]?
        let fixFailure: String?
    }

    struct Problem: Encodable {
        let line, column, endLine, endColumn: Int
        let severity, code, message: String
        /// Places in other files behind the problem (source call sites), when there are any.
        let related: [Related]?
        /// In a binary plist, where the problem is (line and column are then those of its XML form).
        var keyPath: String? = nil
    }

    struct Related: Encodable {
        let path: String
        let line, column, endLine, endColumn: Int
        let message: String
    }

    struct Fixed: Encodable {
        let code, message: String
    }

    struct Summary: Encodable {
        let files, errors, warnings: Int
        /// Present only with `--fix`.
        let fixed: Int?
    }
}

/// A minimal SARIF 2.1.0 log (`check --format sarif`).
struct SARIFLog: Encodable {
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var version = "2.1.0"
    let runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case version, runs
    }

    struct Run: Encodable {
        let tool: Tool
        let columnKind: String
        let results: [Result]
    }

    struct Tool: Encodable {
        let driver: Driver
    }

    struct Driver: Encodable {
        let name: String
        /// The installed docs/diagnostics.md (`file://`), left out when there is none.
        let informationUri: String?
        let rules: [Rule]
    }

    struct Rule: Encodable {
        let id, name: String
        let shortDescription, fullDescription: Text
        let helpUri: String?
        let defaultConfiguration: Configuration
    }

    struct Text: Encodable {
        let text: String
    }

    struct Configuration: Encodable {
        let level: String
    }

    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int?
        let level: String
        let message: Text
        let locations: [Location]
        let relatedLocations: [Location]?
    }

    /// SARIF's `location`, both a result's and a related one (which also has an id and a message).
    struct Location: Encodable {
        var id: Int?
        var message: Text?
        let physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region
    }

    struct ArtifactLocation: Encodable {
        let uri: String
    }

    struct Region: Encodable {
        let startLine, startColumn, endLine, endColumn: Int
    }
}
