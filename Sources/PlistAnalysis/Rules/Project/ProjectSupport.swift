// What the project rules share: how a key set outside the file is named, the keys a file has
// once its project's settings are counted, and references in a document's strings.
import PlistSchema
import PlistSyntax
import XcodeProject

extension ExternalKey {
    /// `INFOPLIST_KEY_NSCameraUsageDescription (Config.xcconfig:3)`.
    public var display: String {
        guard let location else { return source }
        return "\(source) (\(ProjectPath.lastComponent(location.path)):\(location.line + 1))"
    }
}

extension RuleContext {
    /// The top-level keys of the file (base names, without `-iphoneos` suffixes) and those its
    /// project sets for it outside the file (`INFOPLIST_KEY_*`, XcodeGen properties).
    /// Compared by their exact scalars, as the system reads the keys (issue #39).
    var presentKeys: ExactNames {
        var keys = ExactNames((rootDictionary?.keys ?? []).map { KeySuffix.split($0).base })
        if let project { keys.formUnion(project.externalKeys.keys) }
        return keys
    }
}

/// A `$(VAR)` reference in a string of the document.
struct DocumentReference {
    let reference: SettingReference
    /// The name's bytes in the document.
    let nameRange: Range<Int>
    /// The whole reference's bytes in the document.
    let range: Range<Int>
}

enum DocumentReferences {
    /// Every reference in the document's string values and keys (where the text is written
    /// without entities, so offsets map one to one).
    static func all(in document: PlistDocument) -> [DocumentReference] {
        var out: [DocumentReference] = []
        let text = document.tree.text
        func scan(_ range: Range<Int>) {
            guard range.count > 3,
                let string = text.withBytes(
                    in: range,
                    { bytes -> String? in
                        guard bytes.contains(UInt8(ascii: "$")), !bytes.contains(UInt8(ascii: "&")) else { return nil }
                        return String(decoding: bytes, as: UTF8.self)
                    })
            else { return }
            for r in BuildSettingReferences.references(in: string) {
                out.append(
                    DocumentReference(
                        reference: r, nameRange: (range.lowerBound + r.nameRange.lowerBound)..<(range.lowerBound + r.nameRange.upperBound),
                        range: (range.lowerBound + r.range.lowerBound)..<(range.lowerBound + r.range.upperBound)))
            }
        }
        guard let root = document.root else { return [] }
        var stack = [root]
        while let node = stack.popLast() {
            switch node.kind {
            case .dictionary:
                for entry in node.entries {
                    if let key = entry.key { scan(key.textRange) }
                    if let value = entry.value { stack.append(value) }
                }
            case .array: stack.append(contentsOf: node.items.reversed())
            case .string: scan(node.element.contentRange)
            default: break
            }
        }
        return out.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The reference whose text holds `offset`.
    static func at(_ offset: Int, in document: PlistDocument) -> DocumentReference? {
        all(in: document).first { $0.range.contains(offset) || $0.range.upperBound == offset && offset > $0.range.lowerBound }
    }
}
