// The differential engine: our verdict against libxml2's on one input, the deliberate differences
// of docs/xml-conformance.md, mismatch classes, shrinking to a minimal input, and the report.
import Foundation
import PlistSyntax
import XMLReference

/// Both parsers' judgement of one input.
struct Comparison {
    let ours: SyntaxTree
    let reference: Verdict

    init(_ text: [UInt8]) {
        ours = SyntaxTree.parse(text)
        reference = XMLReference.check(text)
    }

    var oursWellFormed: Bool { ours.isWellFormed }
    var agrees: Bool { oursWellFormed == reference.wellFormed }

    /// Groups mismatches by cause: each side's verdict and first error code.
    var classKey: String {
        let ourSide =
            oursWellFormed ? "ours: well formed" : "ours: \(ours.syntaxErrors.first?.code.rawValue ?? "malformed (no error listed)")"
        let theirSide =
            reference.wellFormed
            ? "libxml2: well formed" : "libxml2: [\(reference.firstError?.code ?? -1)] \(libxml2ErrorName(reference.firstError?.code))"
        return "\(ourSide) / \(theirSide)"
    }

    var oursDescription: String {
        guard let first = ours.syntaxErrors.first else {
            return oursWellFormed ? "well formed" : "NOT well formed (no syntax error listed)"
        }
        return "\(oursWellFormed ? "well formed" : "NOT well formed"), first error \(first.code) at \(first.range): \(first.message)"
    }

    var referenceDescription: String {
        guard let first = reference.firstError else { return reference.wellFormed ? "well formed" : "NOT well formed (no message)" }
        return "\(reference.wellFormed ? "well formed" : "NOT well formed"), first error \(first)"
    }
}

/// Differences we keep on purpose; each is a section of docs/xml-conformance.md ("Deliberate
/// differences"). A disagreement explained by one of them is not a mismatch.
enum DocumentedDifference: String, CaseIterable {
    /// D1: an `encoding=` other than UTF-8 — libxml2 transcodes, we report `xml-unsupported-encoding`.
    case nonUTF8EncodingDeclaration = "D1 non-UTF-8 encoding declaration"
    /// D2: a reference to a general entity declared in the internal subset — libxml2 parses (and
    /// loop-checks) the replacement text, we keep the reference as written.
    case internalEntityReplacementText = "D2 internal entity replacement text"
    /// D3: a NUL byte after the root element — libxml2 takes NUL as the end of its in-memory input
    /// and ignores the rest; NUL is not an XML character, so we report text outside the root.
    case nulAfterRootElement = "D3 NUL after the root element"
    /// D4: a C-preprocessor directive line that libxml2 reads as text outside the root element
    /// (`#include "Config.h"` after `</plist>`) or as markup (`#include <Config.h>`) — we see a
    /// directive of a preprocessed Info.plist, which Xcode removes before anything reads the file.
    case directiveLine = "D4 preprocessor directive line outside the root or holding markup"

    static func explaining(_ text: [UInt8], _ comparison: Comparison) -> DocumentedDifference? {
        guard !comparison.agrees else { return nil }
        if !comparison.oursWellFormed && comparison.reference.wellFormed, let name = declaredEncoding(text),
            !["utf-8", "utf8"].contains(name.lowercased())
        {
            return .nonUTF8EncodingDeclaration
        }
        if referencesDeclaredGeneralEntity(text) { return .internalEntityReplacementText }
        if !comparison.oursWellFormed && comparison.reference.wellFormed, let nul = text.firstIndex(of: 0),
            let rootEnd = comparison.ours.rootElement?.end, nul >= rootEnd
        {
            return .nulAfterRootElement
        }
        if comparison.oursWellFormed && !comparison.reference.wellFormed {
            // The real check: with our directive lines blanked, libxml2 agrees.
            let lines = ConditionalStructure(comparison.ours).directives.map(\.range)
            if !lines.isEmpty && XMLReference.check(blanking(lines, in: text)).wellFormed { return .directiveLine }
        }
        return nil
    }

    /// `text` with the bytes of `ranges` replaced by spaces (line breaks kept).
    static func blanking(_ ranges: [Range<Int>], in text: [UInt8]) -> [UInt8] {
        var out = text
        for r in ranges { for i in r where out[i] != 0x0A && out[i] != 0x0D { out[i] = 0x20 } }
        return out
    }

    /// The `encoding` pseudo-attribute of a leading XML declaration (after an optional BOM).
    static func declaredEncoding(_ text: [UInt8]) -> String? {
        let head = String(decoding: text.prefix(256), as: UTF8.self)
        let body = head.hasPrefix("\u{FEFF}") ? String(head.dropFirst()) : head
        guard body.hasPrefix("<?xml"), let end = body.range(of: "?>") else { return nil }
        let declaration = body[..<end.lowerBound]
        guard let match = declaration.firstMatch(of: /encoding\s*=\s*["']([^"']*)["']/) else { return nil }
        return String(match.1)
    }

    /// Whether the text declares an internal general entity (`<!ENTITY name "…">`) and references
    /// it (`&name;`). External and unparsed entities are not covered by D2.
    static func referencesDeclaredGeneralEntity(_ text: [UInt8]) -> Bool {
        let string = String(decoding: text, as: UTF8.self)
        for match in string.matches(of: /<!ENTITY\s+([^\s%"']+)\s+["']/) where string.contains("&\(match.1);") {
            return true
        }
        return false
    }
}

/// A disagreement found on one input, with everything needed to reproduce it.
struct Mismatch {
    let file: String
    let mutations: [Mutation]
    let text: [UInt8]
    let comparison: Comparison

    /// About 60 bytes either side of the (last) mutation, or of the start for unmutated files.
    var snippet: String { snippetAround(mutations, in: text) }

    var report: String {
        """
          file: \(file)
          mutation: \(mutations.isEmpty ? "none (corpus file as is)" : mutations.map(\.detail).joined(separator: "; "))
          snippet: \(snippet)
          ours:    \(comparison.oursDescription)
          libxml2: \(comparison.referenceDescription)
        """
    }
}

/// About 60 bytes either side of the last mutation (the start of the text when there is none).
func snippetAround(_ mutations: [Mutation], in text: [UInt8]) -> String {
    let center = min(text.count, mutations.last?.offset ?? 0)
    return renderBytes(text[max(0, center - 60)..<min(text.count, center + 60)])
}

/// Mismatches grouped by `Comparison.classKey`, each class shrunk to a minimal input.
struct MismatchReport {
    private(set) var classes: [(key: String, examples: [Mismatch], count: Int)] = []

    mutating func add(_ mismatch: Mismatch) {
        let key = mismatch.comparison.classKey
        if let index = classes.firstIndex(where: { $0.key == key }) {
            classes[index].count += 1
            if classes[index].examples.count < 3 { classes[index].examples.append(mismatch) }
        } else {
            classes.append((key, [mismatch], 1))
        }
    }

    var isEmpty: Bool { classes.isEmpty }
    var total: Int { classes.reduce(0) { $0 + $1.count } }

    /// One paragraph per class: count, examples, and a minimal reproducing input.
    func render(minimizing: Bool) -> [String] {
        classes.sorted { $0.count > $1.count }.enumerated().map { number, entry in
            var lines = ["Mismatch class \(number + 1): \(entry.key) — \(entry.count) input(s)"]
            for example in entry.examples { lines.append(example.report) }
            if minimizing, let smallest = entry.examples.min(by: { $0.text.count < $1.text.count }) {
                let minimal = shrink(smallest.text, keeping: entry.key)
                let comparison = Comparison(minimal)
                lines.append("  minimal input (\(minimal.count) bytes): \(renderBytes(minimal))")
                lines.append("    ours:    \(comparison.oursDescription)")
                lines.append("    libxml2: \(comparison.referenceDescription)")
            }
            return lines.joined(separator: "\n")
        }
    }
}

/// Shrinks a mismatching input while it keeps the same mismatch class and stays unexplained by a
/// documented difference: first by deleting byte chunks of halving size, then by deleting markup
/// tokens one at a time and in pairs (so that `<a>…</a>` can go together). Bounded, deterministic.
func shrink(_ input: [UInt8], keeping key: String, budget: Int = 6_000) -> [UInt8] {
    var current = input
    var remaining = budget
    func keeps(_ candidate: [UInt8]) -> Bool {
        remaining -= 1
        let comparison = Comparison(candidate)
        return !comparison.agrees && comparison.classKey == key
            && DocumentedDifference.explaining(candidate, comparison) == nil
    }
    var progressed = true
    while progressed && remaining > 0 {
        progressed = false
        // Byte chunks.
        var chunk = max(1, current.count / 2)
        while remaining > 0 {
            var index = 0
            var removedAny = false
            while index < current.count && remaining > 0 {
                var candidate = current
                candidate.removeSubrange(index..<min(current.count, index + chunk))
                if keeps(candidate) {
                    current = candidate
                    removedAny = true
                    progressed = true
                } else {
                    index += chunk
                }
            }
            if chunk == 1 && !removedAny { break }
            if !removedAny { chunk = max(1, chunk / 2) }
        }
        // Tokens, singly then in pairs.
        var tokens = markupTokens(current)
        pairs: for first in tokens.indices.reversed() {
            for second in (first..<tokens.count).reversed() where remaining > 0 {
                var candidate = current
                candidate.removeSubrange(tokens[second])
                if second != first { candidate.removeSubrange(tokens[first]) }
                if keeps(candidate) {
                    current = candidate
                    progressed = true
                    tokens = markupTokens(current)
                    continue pairs
                }
            }
        }
    }
    return current
}

/// The input cut into `<…>` spans and the text between them.
private func markupTokens(_ text: [UInt8]) -> [Range<Int>] {
    var tokens: [Range<Int>] = []
    var index = 0
    while index < text.count {
        if text[index] == 0x3C, let close = text[index...].firstIndex(of: 0x3E) {
            tokens.append(index..<(close + 1))
            index = close + 1
        } else {
            let next = text[(index + 1)...].firstIndex(of: 0x3C) ?? text.count
            tokens.append(index..<next)
            index = next
        }
    }
    return tokens
}

/// Names of the libxml2 error codes that show up in reports (xmlerror.h, `xmlParserErrors`).
func libxml2ErrorName(_ code: Int32?) -> String {
    let names: [Int32: String] = [
        1: "INTERNAL_ERROR", 4: "DOCUMENT_EMPTY", 5: "DOCUMENT_END", 6: "INVALID_HEX_CHARREF", 7: "INVALID_DEC_CHARREF",
        8: "INVALID_CHARREF", 9: "INVALID_CHAR", 23: "ENTITYREF_SEMICOL_MISSING", 24: "PEREF_SEMICOL_MISSING",
        26: "UNDECLARED_ENTITY", 27: "WAR_UNDECLARED_ENTITY", 32: "UNSUPPORTED_ENCODING", 38: "LT_IN_ATTRIBUTE",
        39: "ATTRIBUTE_NOT_STARTED", 40: "ATTRIBUTE_NOT_FINISHED", 41: "ATTRIBUTE_WITHOUT_VALUE", 42: "ATTRIBUTE_REDEFINED",
        43: "LITERAL_NOT_STARTED", 44: "LITERAL_NOT_FINISHED", 45: "COMMENT_NOT_FINISHED", 46: "PI_NOT_STARTED",
        47: "PI_NOT_FINISHED", 57: "XMLDECL_NOT_FINISHED", 61: "DOCTYPE_NOT_FINISHED", 62: "MISPLACED_CDATA_END",
        63: "CDATA_NOT_FINISHED", 64: "RESERVED_XML_NAME", 65: "SPACE_REQUIRED", 68: "NAME_REQUIRED", 73: "GT_REQUIRED",
        74: "LTSLASH_REQUIRED", 75: "EQUAL_REQUIRED", 76: "TAG_NAME_MISMATCH", 77: "TAG_NOT_FINISHED",
        80: "HYPHEN_IN_COMMENT", 81: "INVALID_ENCODING", 85: "NOT_WELL_BALANCED", 86: "EXTRA_CONTENT", 89: "ENTITY_LOOP",
        94: "VERSION_MISSING", 96: "STRING_NOT_CLOSED", 97: "STRING_NOT_STARTED", 98: "ENCODING_NAME", 108: "VERSION_MISMATCH",
        201: "NS_ERR_XML_NAMESPACE", 202: "NS_ERR_UNDEFINED_NAMESPACE", 203: "NS_ERR_QNAME", 204: "NS_ERR_ATTRIBUTE_REDEFINED",
        205: "NS_ERR_EMPTY", 206: "NS_ERR_COLON",
    ]
    return code.flatMap { names[$0] } ?? "code \(code.map(String.init) ?? "?")"
}
