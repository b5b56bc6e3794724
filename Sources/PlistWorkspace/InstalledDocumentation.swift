// Where the user's copy of docs/diagnostics.md is: installed beside the executable
// (`make install` puts it in PREFIX/share/doc/plist-lsp/), or the repository's docs/ for a build
// from source. Diagnostics link their rule ids there, so that the page a link opens is the one
// for the version that reported them (the `documentationURL` setting chooses another).
import PlistSupport

public enum InstalledDocumentation {
    /// The `file://` URL of the installed docs/diagnostics.md, or nil when there is none.
    public static let diagnosticsPage: String? = executablePath().flatMap { diagnosticsPage(executable: $0, exists: isRegularFile) }

    /// The installed docs/diagnostics.md for the executable at `executable` (symbolic links
    /// resolved): `BIN/../share/doc/plist-lsp/diagnostics.md`, else, for an executable built in a
    /// checkout (`REPO/.build/…`), `REPO/docs/diagnostics.md`; as a `file://` URL, or nil.
    public static func diagnosticsPage(executable: String, exists: (String) -> Bool) -> String? {
        let prefix = PathName.directory(of: PathName.directory(of: executable))
        var candidates = [PathName.joining(prefix, "share/doc/plist-lsp/diagnostics.md")]
        let components = executable.split(separator: "/", omittingEmptySubsequences: false)
        if let build = components.firstIndex(of: ".build"), build > 0 {
            candidates.append(components[..<build].joined(separator: "/") + "/docs/diagnostics.md")
        }
        return candidates.first(where: exists).map(FileURI.uri(for:))
    }

    /// The running executable's absolute path with symbolic links resolved (a Homebrew link in
    /// PREFIX/bin leads to the keg that holds share/doc).
    static func executablePath() -> String? {
        #if os(Linux)
        return resolved("/proc/self/exe")
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return resolved(String(cString: buffer))
        #else
        return nil
        #endif
    }

    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
