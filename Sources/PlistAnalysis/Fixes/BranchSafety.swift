// Fix safety in preprocessed Info.plists, as one mechanism for every rule: no fix may delete or
// rewrite a directive line, or edit two conditional regions at once (docs/preprocessed-plists.md).
import PlistSyntax

enum BranchSafety {
    /// Drops from `diagnostics` every fix that would cross, merge or delete a branch: an edit that
    /// touches a directive line (an insertion at either end of the line changes it too), or edits
    /// lying in different conditional regions; and makes unsafe the fixes of a diagnostic that
    /// relates places in different regions. Rules reason about one branch at a time; only here
    /// is the whole file's branch structure known, so the guard lives here rather than in each rule.
    static func removeUnsafeFixes(_ diagnostics: inout [Finding], document: PlistDocument) {
        let conditionals = document.conditionals
        guard conditionals.isPreprocessed else { return }
        let lines = conditionals.directives.map(\.range)
        func touchesDirective(_ r: Range<Int>) -> Bool {
            // `lines` is sorted: find the first line ending at or after the edit's start.
            var lo = 0, hi = lines.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if lines[mid].upperBound < r.lowerBound { lo = mid + 1 } else { hi = mid }
            }
            return lo < lines.count && lines[lo].lowerBound <= r.upperBound
        }
        func isBranchSafe(_ fix: Fix) -> Bool {
            guard let first = fix.edits.first else { return true }
            let region = conditionals.path(at: first.range.lowerBound)
            for edit in fix.edits {
                if touchesDirective(edit.range) { return false }
                if conditionals.path(at: edit.range.lowerBound) != region || conditionals.path(at: edit.range.upperBound) != region {
                    return false
                }
            }
            return true
        }
        for i in diagnostics.indices where !diagnostics[i].fixes.isEmpty {
            diagnostics[i].fixes.removeAll { !isBranchSafe($0) }
            // A diagnostic relating places in different regions (a duplicate key, one copy inside
            // `#ifdef DEBUG`, found with `-D DEBUG`) holds only for some definitions: its fix
            // would lose data the other configurations read, so it is never applied automatically.
            let d = diagnostics[i]
            let region = conditionals.path(at: d.range.lowerBound)
            if d.related.contains(where: { conditionals.path(at: $0.range.lowerBound) != region }) {
                for f in diagnostics[i].fixes.indices {
                    diagnostics[i].fixes[f].isSafe = false
                    diagnostics[i].fixes[f].isPreferred = false
                }
            }
        }
    }
}
