// The rule context's one walk over the document: the dictionaries the schema can name and their
// keys, looked up, on a stack of its own.
import PlistSchema
import PlistSyntax

extension RuleContext {
    /// Walks the document once for `RuleContext.init`.
    struct Walker {
        let schema: KeyDatabase
        let domain: PlistDomain
        let paths: SchemaPaths?
        var dictionaries: [DictionaryInfo] = []
        var keys: [KeyInfo] = []

        init(schema: KeyDatabase, domain: PlistDomain, paths: SchemaPaths?) {
            self.schema = schema
            self.domain = domain
            self.paths = paths
        }

        /// A dictionary or array being walked: where the walk resumes in it.
        private struct Frame {
            let node: PlistNode
            let path: [PathComponent]?
            var next = 0
            var lookups = false
            var custom = false
            var fixed = false
            var present: [String]? = nil
        }

        /// Walks `root` and every container below it in document order (a dictionary before its
        /// entries, each entry's key before what its value holds). The walk keeps its own stack, so
        /// nesting as deep as the parser accepts cannot overflow the thread's.
        mutating func visit(_ root: PlistNode, path: [PathComponent]?) {
            guard root.kind == .dictionary || root.kind == .array, path != nil else { return }
            var stack = [enter(root, path: path)]
            while !stack.isEmpty {
                let top = stack.count - 1
                let node = stack[top].node
                let path = stack[top].path
                let i = stack[top].next
                stack[top].next += 1
                var child: (node: PlistNode, path: [PathComponent]?)? = nil
                if node.kind == .dictionary {
                    let entries = node.entries
                    guard i < entries.count else { stack.removeLast(); continue }
                    let entry = entries[i]
                    if stack[top].lookups, let path, let key = entry.key {
                        let match = schema.lookup(key.text, at: path, domain: domain)
                        var near: String? = nil
                        // A key with blanks at its edges is not a near miss of the key it looks like
                        // (plist-key-whitespace says what it is).
                        if match == nil && !stack[top].custom, let paths, KeyWhitespace(key.text) == nil {
                            if stack[top].present == nil { stack[top].present = node.keys }
                            let broadly = stack[top].fixed || (path.isEmpty && domain == .infoPlist && SchemaPaths.hasApplePrefix(key.text))
                            near = paths.nearMiss(key.text, at: path, present: stack[top].present!, broadly: broadly)
                        }
                        keys.append(
                            KeyInfo(
                                dictionary: node, entryIndex: i, key: key, value: entry.value, parent: path,
                                match: match, parentAllowsCustomKeys: stack[top].custom, parentHasFixedKeys: stack[top].fixed,
                                nearMiss: near))
                    }
                    if let value = entry.value, value.kind == .dictionary || value.kind == .array {
                        var childPath: [PathComponent]? = nil
                        if let path, let key = entry.key {
                            let candidate = path + [.key(key.text)]
                            if paths?.isPrefix(candidate) == true { childPath = candidate }
                        }
                        child = (value, childPath)
                    }
                } else {
                    let items = node.items
                    guard i < items.count else { stack.removeLast(); continue }
                    let item = items[i]
                    if item.kind == .dictionary || item.kind == .array {
                        var childPath: [PathComponent]? = nil
                        if let path {
                            let candidate = path + [.index(i)]
                            if paths?.isPrefix(candidate) == true { childPath = candidate }
                        }
                        child = (item, childPath)
                    }
                }
                if let child, child.path != nil { stack.append(enter(child.node, path: child.path)) }
            }
        }

        /// Starts a container: a dictionary is recorded, and its keys looked up when the schema places keys there.
        private mutating func enter(_ node: PlistNode, path: [PathComponent]?) -> Frame {
            var frame = Frame(node: node, path: path)
            guard node.kind == .dictionary else { return frame }
            dictionaries.append(DictionaryInfo(node: node, path: path))
            if let path, let paths {
                frame.custom = paths.allowsCustomKeys(path)
                frame.fixed = !frame.custom && paths.hasFixedKeys(path)
                frame.lookups = paths.isPlacement(path) || frame.custom
            }
            return frame
        }
    }
}
