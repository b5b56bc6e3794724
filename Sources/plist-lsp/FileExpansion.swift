// The files `check` and `format` read: a path as given, or the plist files below a directory.
import PlistSupport

enum FileExpansion {
    /// A file, or the plist files below a directory (sorted, hidden folders and build folders skipped).
    static func plistFiles(_ path: String) throws -> [String] {
        switch fileKindOnDisk(path) {
        case .missing: throw FileSystemError(description: "no such file or directory")
        case .other: return [path]
        case .directory: break
        }
        var out: [String] = []
        func walk(_ directory: String) {
            for entry in directoryEntries(directory) ?? [] {
                if entry.name.hasPrefix(".") || entry.name == "DerivedData" { continue }
                let full = PathName.joining(directory, entry.name)
                if entry.name.hasSuffix(".plist") || entry.name.hasSuffix(".entitlements") || entry.name.hasSuffix(".xcprivacy") {
                    out.append(full)
                }
                if entry.isDirectory { walk(full) }
            }
        }
        walk(path)
        return out.sorted()
    }
}
