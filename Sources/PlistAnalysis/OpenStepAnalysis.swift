// An OpenStep property list checked like XML: the file is rendered as the XML plist it stands for,
// the rules run over that, and every finding is moved back onto the OpenStep text it is about.
import PlistSchema
import PlistSyntax
import XcodeProject
import SourceEvidence

/// Runs the analysis on an OpenStep (old-style) property list.
public enum OpenStepAnalysis {
    /// Rules that cannot apply: OpenStep writes every scalar as a string, so a type check would
    /// report every boolean and number.
    public static let inapplicableRules: Set<String> = [
        "info-wrong-type", "entitlement-wrong-type", "privacy-wrong-type", "plist-boolean-content",
    ]

    /// The XML rendering of `document` and, for each rendered value, its range in the XML text and
    /// in the OpenStep text (innermost last among overlapping ones).
    public static func xml(for document: OpenStepDocument) -> (text: [UInt8], map: [(xml: Range<Int>, source: Range<Int>)]) {
        var out = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n".utf8)
        var map: [(xml: Range<Int>, source: Range<Int>)] = []
        func escaped(_ s: String) -> [UInt8] { XMLEscaping.content(s) }
        func emit(_ node: OpenStepNode, indent: Int) {
            let pad = [UInt8](repeating: 0x09, count: indent)
            let start = out.count
            out += pad
            switch node.kind {
            case .string:
                out += Array("<string>".utf8) + escaped(node.text) + Array("</string>\n".utf8)
            case .data:
                out += Array("<data>".utf8) + escaped(base64(hex: node.text)) + Array("</data>\n".utf8)
            case .array:
                out += Array("<array>\n".utf8)
                for item in node.items { emit(item, indent: indent + 1) }
                out += pad + Array("</array>\n".utf8)
            case .dictionary:
                out += Array("<dict>\n".utf8)
                for entry in node.entries {
                    let keyStart = out.count
                    out += pad + [0x09] + Array("<key>".utf8) + escaped(entry.key.text) + Array("</key>\n".utf8)
                    map.append((keyStart..<out.count, entry.key.range))
                    emit(entry.value, indent: indent + 1)
                }
                out += pad + Array("</dict>\n".utf8)
            }
            map.append((start..<out.count, node.range))
        }
        if let root = document.root { emit(root, indent: 0) }
        out += Array("</plist>\n".utf8)
        return (out, map)
    }

    /// The findings of an OpenStep file: those of its XML form, each moved onto the OpenStep value
    /// it is about (without fixes: they would edit the XML form), plus one error per reading problem.
    public static func findings(
        for document: OpenStepDocument, path: String, configuration: AnalysisConfiguration,
        schema: KeyDatabase = .shared, evidence: SourceEvidence? = nil, project: ProjectInput? = nil
    ) -> [Finding] {
        let (xml, map) = xml(for: document)
        var configuration = configuration
        configuration.disabledRules.formUnion(inapplicableRules)
        let rendered = PlistDocument(text: xml)
        // Smallest ranges first: the innermost value holding an offset is found first.
        let ordered = map.sorted { $0.xml.count < $1.xml.count }
        func source(_ range: Range<Int>) -> Range<Int> {
            ordered.first { $0.xml.contains(range.lowerBound) || ($0.xml.lowerBound == range.lowerBound) }?.source
                ?? document.root.map { $0.range.lowerBound..<$0.range.lowerBound } ?? 0..<0
        }
        var out = Analyzer.findings(
            for: rendered, path: path, configuration: configuration, schema: schema, evidence: evidence, project: project
        )
        .map { f -> Finding in
            var moved = Finding(code: f.code, severity: f.severity, message: f.message, range: source(f.range), tags: f.tags)
            moved.related = f.related.map { (message: $0.message, range: source($0.range)) }
            moved.elsewhere = f.elsewhere
            return moved
        }
        if !configuration.disabledRules.contains(OpenStepSyntaxRule.ruleID) {
            let severity = configuration.severities[OpenStepSyntaxRule.ruleID] ?? .error
            out += document.problems.map {
                Finding(code: OpenStepSyntaxRule.ruleID, severity: severity, message: $0.message, range: $0.range)
            }
        }
        out.sort(by: Finding.precedes)
        return out
    }

    /// Base64 of hex digits (the XML form of `<0fbd77>`).
    static func base64(hex: String) -> String {
        var bytes: [UInt8] = []
        var high: UInt8? = nil
        for c in hex.utf8 {
            let v: UInt8
            switch c {
            case 0x30...0x39: v = c - 0x30
            case 0x41...0x46: v = c - 0x41 + 10
            case 0x61...0x66: v = c - 0x61 + 10
            default: continue
            }
            if let h = high { bytes.append(h << 4 | v); high = nil } else { high = v }
        }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 3) << 4 | b1 >> 4)])
            out.append(i + 1 < bytes.count ? alphabet[Int((b1 & 15) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(b2 & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
