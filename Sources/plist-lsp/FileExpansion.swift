// The files `check` and `format` read: a path as given, or the plist files below a directory.
import PlistAnalysis
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
                if DocumentKind.isChecked(path: full) {
                    out.append(full)
                }
                if entry.isDirectory { walk(full) }
            }
        }
        walk(path)
        return out.sorted()
    }

    /// Reads each file that `paths` name (a directory: its plist files), in order, and hands it to
    /// `body` with its snapshot, each file once however many paths name it; a path or file that
    /// cannot be read gets one line on stderr and the run goes on. Returns whether any could not be read.
    @discardableResult
    static func forEachFile(in paths: [String], _ body: (_ file: String, _ snapshot: FileSnapshot) throws -> Void) rethrows -> Bool {
        var ioError = false
        var seen = Set<String>()
        for path in paths {
            let files: [String]
            do { files = try plistFiles(path) } catch {
                writeToStandardError("plist-lsp: \(TerminalText.escaped(path)): \(error)\n")
                ioError = true
                continue
            }
            for file in files where seen.insert(SourceFolders.absolute(file)).inserted {
                let snapshot: FileSnapshot
                do { snapshot = try AtomicFile.read(file) } catch {
                    writeToStandardError("plist-lsp: \(TerminalText.escaped(file)): \(error)\n")
                    ioError = true
                    continue
                }
                try body(file, snapshot)
            }
        }
        return ioError
    }
}
