// File systems for the tests: the disk (through Foundation) and one in memory.
import Foundation
import XcodeProject

/// Reads the disk.
struct DiskFileSystem: ProjectFileSystem {
    func contents(of path: String) -> [UInt8]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return FileManager.default.contents(atPath: path).map { Array($0) }
    }

    func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        return names.map { name in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory)
            return (name, isDirectory.boolValue)
        }
    }
}

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
