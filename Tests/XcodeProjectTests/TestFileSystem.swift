// A file system in memory for the tests (the disk's is the product's `DiskProjectFileSystem`).
import Foundation
import XcodeProject

/// Files given as text, by absolute path.
struct MemoryFileSystem: ProjectFileSystem {
    let files: [String: String]

    func contents(of path: String) -> [UInt8]? { files[path].map { Array($0.utf8) } }

    func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        var out: [String: Bool] = [:]
        for path in files.keys where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            if let slash = rest.firstIndex(of: "/") { out[String(rest[..<slash])] = true } else { out[String(rest)] = false }
        }
        return out.isEmpty ? nil : out.map { ($0.key, $0.value) }
    }
}
