// Applying fixes: the one helper that turns byte-range replacements into new text, shared by the
// tests, `check --fix` and `source.fixAll`.
import PlistSyntax
import XcodeProject
import SourceEvidence

/// Why a set of edits cannot be applied.
public struct FixApplicationError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

public enum FixApplication {
    /// The text with `edits` applied. Edits must lie inside the text and must not overlap (two
    /// insertions at the same offset are applied in the given order); otherwise nothing is applied.
    public static func applying(_ edits: [SourceEdit], to bytes: [UInt8]) throws -> [UInt8] {
        let sorted = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset) < (
                $1.element.range.lowerBound, $1.element.range.upperBound, $1.offset
            )
        }.map(\.element)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.replacementText.utf8.count })
        var cursor = 0
        for edit in sorted {
            guard edit.range.lowerBound >= 0, edit.range.upperBound <= bytes.count else {
                throw FixApplicationError("edit \(edit.range) lies outside the text (\(bytes.count) bytes)")
            }
            guard edit.range.lowerBound >= cursor else {
                throw FixApplicationError("edits overlap at byte \(edit.range.lowerBound)")
            }
            out.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
            out.append(contentsOf: edit.replacementText.utf8)
            cursor = edit.range.upperBound
        }
        out.append(contentsOf: bytes[cursor...])
        return out
    }

    /// Whether two edits touch the same bytes (insertions at the same offset count as touching).
    static func overlaps(_ a: SourceEdit, _ b: SourceEdit) -> Bool {
        if a.range.isEmpty || b.range.isEmpty {
            return a.range.lowerBound <= b.range.upperBound && b.range.lowerBound <= a.range.upperBound
        }
        return a.range.overlaps(b.range)
    }

    /// The edits of the safe fixes of `diagnostics`, one fix per diagnostic (the preferred one),
    /// skipping any fix that touches bytes an earlier one already changes. Apply the result, then
    /// analyse again to pick up fixes that were skipped.
    public static func safeEdits(of diagnostics: [Finding]) -> (edits: [SourceEdit], fixed: [Finding]) {
        var edits: [SourceEdit] = []
        var fixed: [Finding] = []
        var seen = Set<[SourceEdit]>()
        // The ranges taken so far, sorted by start: each question is a binary search, so ten
        // thousand fixes cost n log n, not n².
        var taken: [Range<Int>] = []
        func firstStarting(atOrAfter offset: Int) -> Int {
            var lo = 0, hi = taken.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if taken[mid].lowerBound < offset { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        func isFree(_ e: SourceEdit) -> Bool {
            var i = firstStarting(atOrAfter: e.range.lowerBound)
            // Ranges already taken do not overlap each other, so only the one starting before
            // `e` and those starting inside it can touch it.
            if i > 0, overlaps(SourceEdit(range: taken[i - 1], replacement: ""), e) { return false }
            while i < taken.count, taken[i].lowerBound <= e.range.upperBound {
                if overlaps(SourceEdit(range: taken[i], replacement: ""), e) { return false }
                i += 1
            }
            return true
        }
        for d in diagnostics {
            guard let fix = d.fixes.first(where: { $0.isSafe && $0.isPreferred }) ?? d.fixes.first(where: \.isSafe) else { continue }
            if seen.contains(fix.edits) { fixed.append(d); continue }
            guard fix.edits.allSatisfy(isFree) else { continue }
            seen.insert(fix.edits)
            edits += fix.edits
            for e in fix.edits { taken.insert(e.range, at: firstStarting(atOrAfter: e.range.lowerBound)) }
            fixed.append(d)
        }
        return (edits, fixed)
    }
}

/// The outcome of applying every safe fix to a text.
public struct FixAllResult: Sendable {
    /// The fixed text (equal to the input when nothing was fixed).
    public var text: [UInt8]
    /// The diagnostics whose fixes were applied, in the text they were found in.
    public var fixed: [Finding]
    /// The diagnostics of the fixed text.
    public var remaining: [Finding]
}

extension FixApplication {
    /// Applies the safe fixes of `text`, analysing again after each round (a fix skipped because it
    /// touched another's bytes gets its turn), then checks that the result has no error the input
    /// did not have. Throws, changing nothing, when a fix cannot be applied or would add an error.
    public static func fixAll(
        _ text: [UInt8], path: String, configuration: AnalysisConfiguration = .default,
        evidence: SourceEvidence? = nil, project: ProjectInput? = nil, maximumRounds: Int = 4
    ) throws -> FixAllResult {
        func analyse(_ t: [UInt8]) -> [Finding] {
            // Every fix, not only the reported ones: fix-all repairs the whole file.
            Analyzer.findings(
                for: PlistDocument(text: t, definitions: configuration.preprocessorDefinitions ?? project?.preprocessorDefinitions),
                path: path,
                configuration: configuration, evidence: evidence, project: project, limitPerRule: nil)
        }
        var current = text
        var diagnostics = analyse(current)
        let before = errorCounts(diagnostics)
        var fixed: [Finding] = []
        for _ in 0..<maximumRounds {
            let (edits, round) = safeEdits(of: diagnostics)
            if edits.isEmpty { break }
            current = try applying(edits, to: current)
            fixed += round
            diagnostics = analyse(current)
        }
        for (code, count) in errorCounts(diagnostics) where count > before[code, default: 0] {
            throw FixApplicationError("the fixes would add an error (\(code)); the file is left as it was")
        }
        return FixAllResult(text: current, fixed: fixed, remaining: Analyzer.limiting(diagnostics))
    }

    /// The number of error diagnostics per rule.
    public static func errorCounts(_ diagnostics: [Finding]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for d in diagnostics where d.severity == .error { counts[d.code, default: 0] += 1 }
        return counts
    }
}
