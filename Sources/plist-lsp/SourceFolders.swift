// `check`'s source folders: the one `--sources` names, or each checked file's project root, each
// scanned once per run for the privacy rules (docs/source-evidence.md).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PlistAnalysis
import PlistWorkspace
import PlistSupport
import SourceEvidence
import XcodeProject

/// The source trees of one `check` run.
final class SourceFolders {
    private let given: SourceTree?
    private let enabled: Bool
    private var trees: [String: SourceTree] = [:]

    /// `given`: the `--sources` folder; `enabled`: the `sourceEvidence` setting.
    init(given: String?, enabled: Bool) {
        self.given = given.map { SourceTree(root: Self.absolute($0)) }
        self.enabled = enabled
    }

    /// What the sources show the plist at `path` needs (nil: scanning is off or the file has no
    /// project root).
    func evidence(forPlistAt path: String, scope: SourceScope? = nil) -> SourceEvidence? {
        guard enabled else { return nil }
        let file = Self.absolute(path)
        let tree: SourceTree
        if let given {
            tree = given
        } else {
            guard let root = SourceTree.projectRoot(containing: file) else { return nil }
            tree = trees[root] ?? SourceTree(root: root)
            trees[root] = tree
        }
        if tree.evidence == nil {
            tree.scan()
            if tree.isTruncated {
                writeToStandardError(
                    "plist-lsp: \(TerminalText.escaped(tree.root)): scanned the first \(SourceTree.maximumFiles) source files only\n")
            }
        }
        if let scope { return tree.evidence?.relevant(toPlistAt: file, isTargetCode: scope.contains) }
        return tree.evidence?.relevant(toPlistAt: file)
    }

    /// The current directory, with a trailing slash.
    private static let currentDirectory: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.hasSuffix("/") ? path : path + "/"
    }()

    /// `path` made absolute against the current directory, with `.` and `..` resolved as text.
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : currentDirectory + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// An absolute path as `check` prints it: relative to the current directory when inside it.
    static func display(_ path: String) -> String {
        path.hasPrefix(currentDirectory) ? String(path.dropFirst(currentDirectory.count)) : path
    }
}
