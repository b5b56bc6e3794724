// One diagnostic per obsolete container: a deprecated, ignored, removed or unsupported key whose
// value is a dictionary or array is reported once, and the keys inside it are not reported again.
import PlistSchema
import PlistSyntax

/// The values of obsolete keys that hold other keys, found once per rule run.
struct ObsoleteContainers {
    private var ranges: [Range<Int>] = []

    init(_ context: RuleContext) {
        for info in context.keys {
            guard let def = info.definition, def.status.kind != .active,
                let value = info.value, value.kind == .dictionary || value.kind == .array
            else { continue }
            ranges.append(value.element.range)
        }
    }

    /// Whether the key lies inside the value of an obsolete key (so the outer key's diagnostic says it all).
    func contains(_ info: KeyInfo) -> Bool {
        let at = info.key.element.start
        return ranges.contains { $0.contains(at) }
    }
}
