// Completion and hover latency on a 40 KB Info.plist: in-process (the analysis on a parsed
// document) and round trip through the plist-lsp binary over pipes. Target (issue #6): round trip
// p99 ≤ 1 ms.
import Foundation
import LanguageServerProtocol
import PlistAnalysis
import PlistSchema
import PlistSyntax

struct FeatureLatencySection: BenchmarkSection {
    let id = "features"
    let title = "Completion and hover (40 KB Info.plist)"

    func run(_ context: BenchContext) {
        let (text, points) = FeatureBenchDocument.make()
        print("document: \(text.utf8.count / 1024) KB, \(text.split(separator: "\n").count) lines\n")
        let iterations = context.iterations(full: 2000, quick: 200)
        let document = PlistDocument(text: Array(text.utf8))
        var table = Table("Request", "Where", "Runs", "p50", "p99", "Target")
        for point in points {
            let sample = measure(warmups: 20, iterations: iterations) {
                switch point.kind {
                case .completion: return Completion.complete(in: document, at: point.offset, fileKind: .infoPlist).items.count
                case .hover: return HoverProvider.hover(in: document, at: point.offset, fileKind: .infoPlist)?.text.count ?? 0
                }
            }
            table.add(
                point.label, "in process (analysis)", "\(iterations)", formatTime(sample.median), formatTime(sample.percentile(99)), "")
        }
        guard let binary = LSPBenchClient.binaryPath() else {
            table.print()
            print("\n\(LSPBenchClient.missingBinaryNote); round trips skipped.")
            return
        }
        do {
            let client = try LSPBenchClient(binary: binary)
            try client.initialize(capabilities: FeatureBenchDocument.capabilities)
            try client.open(uri: FeatureBenchDocument.uri, text: text)
            try client.waitForDiagnostics(uri: FeatureBenchDocument.uri, version: 1)
            for point in points {
                var seconds: [Double] = []
                let clock = ContinuousClock()
                for i in 0..<(iterations + 20) {
                    let start = clock.now
                    let items = try client.measure(point)
                    if i >= 20 { seconds.append((clock.now - start).seconds) }
                    benchSink &+= items
                }
                let sample = Sample(seconds: seconds)
                table.add(
                    point.label, "round trip (binary, pipes)", "\(seconds.count)", formatTime(sample.median),
                    formatTime(sample.percentile(99)), "≤ 1 ms")
            }
            try client.shutdown()
        } catch {
            printError("plist-bench: feature round trips failed: \(error)")
        }
        table.print()
    }
}

/// A measured request: where, and what.
struct FeaturePoint {
    enum Kind { case completion, hover }
    let label: String
    let kind: Kind
    let offset: Int
    let line: Int
    let character: Int
}

/// A realistic Info.plist of about 40 KB: every root key of the database with a value of its type,
/// URL types and ATS exception domains, plus the places the requests go.
enum FeatureBenchDocument {
    static let uri = "file:///bench/Info.plist"
    /// A client that takes snippets and Markdown.
    static var capabilities: [String: Any] {
        [
            "textDocument": [
                "completion": ["completionItem": ["snippetSupport": true, "labelDetailsSupport": true]],
                "hover": ["contentFormat": ["markdown"]],
            ]
        ]
    }

    static func make() -> (String, [FeaturePoint]) {
        var s =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n"
        let roots = KeyDatabase.shared.keys(at: [], domain: .infoPlist)
        var marks: [String: Int] = [:]
        func value(_ type: ValueType, _ name: String) -> String {
            switch type {
            case .boolean: return "<true/>"
            case .integer: return "<integer>1</integer>"
            case .real: return "<real>1.5</real>"
            case .date: return "<date>2024-01-01T00:00:00Z</date>"
            case .data: return "<data>AAAA</data>"
            case .array: return "<array>\n\t\t<string>\(name)-item</string>\n\t</array>"
            case .dictionary: return "<dict>\n\t\t<key>Sample</key>\n\t\t<string>value</string>\n\t</dict>"
            case .string: return "<string>$(PRODUCT_NAME) \(name)</string>"
            }
        }
        for (i, definition) in roots.enumerated()
        where definition.name != "NSCameraUsageDescription" && definition.name != "NSAppTransportSecurity" {
            if i == roots.count / 2 {
                s += "\t<key>NSCa"
                marks["key"] = s.utf8.count
                s += "</key>\n\t<string>x</string>\n\t"
                marks["gap"] = s.utf8.count
                s += "\n"
            }
            s += "\t<key>\(definition.name)</key>\n\t\(value(definition.valueTypes.first ?? .string, definition.name))\n"
            if i == roots.count / 3 { marks["hover"] = s.utf8.count - 30 }
        }
        s += "\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t<key>NSExceptionDomains</key>\n\t\t<dict>\n"
        var n = 0
        while s.utf8.count < 40_000 {
            s +=
                "\t\t\t<key>host\(n).example.com</key>\n\t\t\t<dict>\n\t\t\t\t<key>NSIncludesSubdomains</key>\n\t\t\t\t<true/>\n\t\t\t\t<key>NSExceptionMinimumTLSVersion</key>\n\t\t\t\t<string>TLSv1.2</string>\n\t\t\t</dict>\n"
            n += 1
        }
        s += "\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n"
        let bytes = Array(s.utf8)
        // Put the hover on the key text nearest to its mark.
        var hover = marks["hover"]!
        while !(bytes[hover] == 0x3E && bytes[hover - 1] == 0x79 && bytes[hover - 2] == 0x65) { hover += 1 }
        hover += 3
        func point(_ label: String, _ kind: FeaturePoint.Kind, _ offset: Int) -> FeaturePoint {
            var lineStart = offset
            while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            let line = bytes[..<lineStart].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            return FeaturePoint(label: label, kind: kind, offset: offset, line: line, character: offset - lineStart)
        }
        return (
            s,
            [
                point("completion <key>NSCa|", .completion, marks["key"]!),
                point("completion, empty line (whole entries)", .completion, marks["gap"]!),
                point("hover on a key", .hover, hover),
            ]
        )
    }
}

extension LSPBenchClient {
    /// Sends the point's request and waits for its response; returns the item count (or hover length).
    func measure(_ point: FeaturePoint) throws -> Int {
        let params: [String: Any] = [
            "textDocument": ["uri": FeatureBenchDocument.uri],
            "position": ["line": point.line, "character": point.character],
        ]
        switch point.kind {
        case .completion:
            let result = try request("textDocument/completion", params)["result"] as? [String: Any]
            return (result?["items"] as? [Any])?.count ?? 0
        case .hover:
            let result = try request("textDocument/hover", params)["result"] as? [String: Any]
            return ((result?["contents"] as? [String: Any])?["value"] as? String)?.count ?? 0
        }
    }
}
