// Containers of the typed view at an offset, with their key paths.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSchema
import PlistSyntax
import Synchronization

/// A container (dictionary or array) of the typed view with its key path.
struct Container {
    let node: PlistNode
    let path: [PathComponent]
}

extension PlistDocument {
    /// The innermost dictionary or array whose content holds `offset` (end included), with its path.
    func container(at offset: Int) -> Container? {
        guard let root, root.kind == .dictionary || root.kind == .array else { return nil }
        func inside(_ node: PlistNode) -> Bool {
            let content = node.element.contentRange
            return !node.element.flags.contains(.selfClosing) && offset >= content.lowerBound && offset <= content.upperBound
                && offset > node.element.start
        }
        guard inside(root) else { return nil }
        var current = Container(node: root, path: [])
        while true {
            var next: Container?
            if current.node.kind == .dictionary {
                for entry in current.node.entries {
                    if let value = entry.value, value.kind == .dictionary || value.kind == .array, inside(value) {
                        next = Container(node: value, path: current.path + [.key(entry.key?.text ?? "")])
                    }
                }
            } else {
                for (i, item) in current.node.items.enumerated() where (item.kind == .dictionary || item.kind == .array) && inside(item) {
                    next = Container(node: item, path: current.path + [.index(i)])
                }
            }
            guard let found = next else { return current }
            current = found
        }
    }
}
