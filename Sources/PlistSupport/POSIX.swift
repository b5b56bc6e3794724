// Small POSIX helpers on the C library, in place of what FoundationEssentials lacks (FileHandle,
// FileManager's enumerator): descriptors, whole writes, what is on disk at a path.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call and its `errno`.
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    public let call: String
    public let code: Int32

    public init(_ call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    public var description: String { "\(call) failed: \(errnoDescription(code))" }
}

/// `close(2)`, named to avoid clashing with `close()` methods.
public func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(fd)
    #else
    _ = Darwin.close(fd)
    #endif
}

/// What `errno` value `code` means (`strerror(3)`).
public func errnoDescription(_ code: Int32) -> String {
    String(cString: strerror(code))
}

/// Writes every byte of `bytes` to `fd`: `write(2)` again after a short write or `EINTR`. Throws
/// the `errno` of the write that failed (`EIO` for one that wrote nothing).
public func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
    var offset = 0
    while offset < bytes.count {
        let written = write(fd, bytes.baseAddress!.advanced(by: offset), bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written < 0 { throw SystemCallError("write", code: errno) }
        if written == 0 { throw SystemCallError("write", code: EIO) }
        offset += written
    }
}

/// Writes as much of `bytes` to `fd` as it takes without blocking, in one call, and returns the
/// count written (0: no room now). A socket is written with a non-blocking `send`; anything else
/// (a pipe, a file) is polled for room first, then written once: a pipe with room takes a write
/// of up to `PIPE_BUF` bytes whole, so keep to that size there. The descriptor's own flags are
/// not changed (a borrowed stdout's are shared with whoever started us). A peer that went away
/// raises SIGPIPE, as `write` does: callers ignore it (`Connection` does).
public func writeWithoutBlocking(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, SystemCallError> {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return .success(0) }
    while true {
        let sent = send(fd, base, bytes.count, Int32(MSG_DONTWAIT))
        if sent >= 0 { return .success(sent) }
        let code = errno
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK { return .success(0) }
        if code != ENOTSOCK { return .failure(SystemCallError("send", code: code)) }
        break
    }
    var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    while true {
        let ready = poll(&descriptor, 1, 0)
        if ready < 0 && errno == EINTR { continue }
        if ready < 0 { return .failure(SystemCallError("poll", code: errno)) }
        // No room (0), or an error the write below reports.
        if ready == 0 || descriptor.revents & Int16(POLLOUT | POLLERR | POLLHUP) == 0 { return .success(0) }
        break
    }
    while true {
        let written = write(fd, base, bytes.count)
        if written >= 0 { return .success(written) }
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK { return .success(0) }
        return .failure(SystemCallError("write", code: errno))
    }
}

/// Writes `text` to stderr (fd 2) in full, as far as stderr takes it (a failure is not reported:
/// there is nowhere left to report it).
public func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { try? writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
}

/// Writes `text` to stdout (fd 1) in full, unbuffered, as `writeToStandardError` writes stderr: the
/// command line's output goes through these two only, each call with whole lines, so that when
/// both streams go to one file (`> out 2>&1`) no line is cut by a line of the other (stdio's
/// buffer would flush stdout in pieces of 4 KB wherever they end). Returns false when stdout
/// takes no more (a closed pipe: the caller may stop writing).
@discardableResult
public func writeToStandardOutput(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
        do { try writeAll(STDOUT_FILENO, UnsafeRawBufferPointer(bytes)); return true } catch { return false }
    }
}

public enum FileKindOnDisk: Sendable {
    case missing, directory, other
}

/// What is at `path`, following symbolic links (as `FileManager.fileExists(atPath:isDirectory:)`).
public func fileKindOnDisk(_ path: String) -> FileKindOnDisk {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return info.st_mode & S_IFMT == S_IFDIR ? .directory : .other
}

/// Whether `path` is a folder that holds many unrelated things: `/`, the folders of homes and of
/// temporary files, this user's home (`HOME`) and temporary folder (`TMPDIR`). No search for a
/// project's files looks into its subfolders, and none is taken for a project's root (a home that
/// is a git repository of dotfiles is not a project whose sources to scan).
public func isSharedFolder(_ path: String) -> Bool { sharedFolders.contains(path) }

private let sharedFolders: Set<String> = {
    var folders: Set<String> = ["/", "/tmp", "/private/tmp", "/var/tmp", "/Users", "/home"]
    for name in ["HOME", "TMPDIR"] {
        guard let value = getenv(name).map({ String(cString: $0) }), value.count > 1 else { continue }
        folders.insert(value.hasSuffix("/") ? String(value.dropLast()) : value)
    }
    return folders
}()

/// The entries of a directory (no `.` and `..`), or nil when it cannot be read.
public func directoryEntries(_ path: String) -> [(name: String, isDirectory: Bool)]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var entries: [(name: String, isDirectory: Bool)] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name == "." || name == ".." { continue }
        // Symbolic links to directories are not followed (as FileManager's enumerator does not).
        // The entry's type comes with its name on most file systems; only when it does not
        // (DT_UNKNOWN) is the entry asked (a stat per entry made listing a large folder slow).
        let type = Int32(entry.pointee.d_type)
        let isDirectory: Bool
        if type != Int32(DT_UNKNOWN) {
            isDirectory = type == Int32(DT_DIR)
        } else {
            var info = stat()
            isDirectory = lstat(PathName.joining(path, name), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
        entries.append((name, isDirectory))
    }
    return entries
}
