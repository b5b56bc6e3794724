// How `check` shows and fixes a binary property list: its problems placed by key path in its XML
// form (`BinaryFormOfFile`, read by the analysis); `--fix` writes the fixed XML back as binary.
import PlistAnalysis
import PlistFormats
import PlistSyntax

extension BinaryFormOfFile {
    /// The fixed XML form as binary again.
    static func encode(_ xml: [UInt8]) throws -> [UInt8] {
        BinaryPlistWriter.write(try PropertyListObject.from(PlistDocument(text: xml)))
    }

    /// The key path of what `range` is about: the key or value it starts at (or just after a
    /// tag's `<`), else the container around it; `(root)` for the file as a whole.
    static func keyPath(of range: Range<Int>, in document: PlistDocument) -> String {
        var fallback: [PathComponent]?
        for offset in range.lowerBound...(range.lowerBound + 48) {
            let context = document.context(at: offset)
            switch context.place {
            case .key(let dictionary, let entryIndex):
                return KeyPathText.join(
                    (context.path + [dictionary.entries[entryIndex].key.map { .key($0.text) }].compactMap { $0 }).map(\.description))
            case .value:
                return KeyPathText.join(context.path.map(\.description))
            default:
                if fallback == nil { fallback = context.path }
            }
            if offset >= range.upperBound && offset > range.lowerBound + 8 { break }
        }
        return KeyPathText.join((fallback ?? []).map(\.description))
    }
}
