// Reading a file whole on the C library, the one loop behind `check`'s reads, the source scan and
// the project reader: open, `fstat(2)`, `read(2)` until the end (again after `EINTR`), close.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for reading and its status as `fstat(2)` gave it when opened. Only valid inside
/// `withOpenFile(atPath:blocking:_:)`, which closes it.
public struct OpenFile {
    public let descriptor: Int32
    public let status: stat

    /// A regular file (not a folder, a FIFO, a device or a socket).
    public var isRegularFile: Bool { status.st_mode & S_IFMT == S_IFREG }

    /// What the file is, when it is not a regular file: "a FIFO", "a socket", "a character
    /// device", "a block device", "a folder" (nil for a regular file).
    public var kindIfNotRegular: String? { fileKindIfNotRegular(mode: status.st_mode) }

    /// The size `fstat(2)` gave (0 for what has none).
    public var size: Int { max(0, Int(status.st_size)) }

    /// Reads from the current position until the end of the file or `limit` bytes, whichever comes
    /// first: `read(2)` again after a short read or `EINTR`. A regular file of `size` bytes or
    /// fewer is read with one buffer of its size; one that grew since `fstat` is read on to its end.
    public func readAll(upTo limit: Int = .max) throws(SystemCallError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: min(size, limit))
        var count = 0
        while true {
            if count == bytes.count {
                guard count < limit else { break }
                // Past the expected end: a small buffer to find the end, then doubling for a file that grew.
                let more = count == size ? 16 << 10 : max(count, 16 << 10)
                bytes += repeatElement(0, count: min(limit - count, more))
            }
            let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw SystemCallError("read", code: errno) }
            if n == 0 { break }
            count += n
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}

/// Opens `path` read-only and close-on-exec, runs `body` with it and its status, and closes it.
/// Unless `blocking`, it is opened with `O_NONBLOCK`, so that a FIFO found where a file was
/// expected cannot hold the reader (check `isRegularFile` before reading). Throws the `open` or
/// `fstat` that failed.
public func withOpenFile<Result>(
    atPath path: String, blocking: Bool = false, _ body: (OpenFile) throws(SystemCallError) -> Result
) throws(SystemCallError) -> Result {
    let fd = open(path, O_RDONLY | O_CLOEXEC | (blocking ? 0 : O_NONBLOCK))
    guard fd >= 0 else { throw SystemCallError("open", code: errno) }
    defer { closeDescriptor(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw SystemCallError("fstat", code: errno) }
    return try body(OpenFile(descriptor: fd, status: info))
}

/// The whole content of the regular file at `path`, or nil when it cannot be opened or read, is
/// not a regular file, or is larger than `maximumSize` bytes. Never blocks on a FIFO.
public func readRegularFile(atPath path: String, maximumSize: Int = .max) -> [UInt8]? {
    try? withOpenFile(atPath: path) { file throws(SystemCallError) -> [UInt8]? in
        guard file.isRegularFile, file.size <= maximumSize else { return nil }
        return try file.readAll(upTo: file.size)
    }
}

/// What a file of this `st_mode` is when it is not a regular file ("a FIFO", "a socket", "a
/// character device", "a block device", "a folder", "a symbolic link"), nil for a regular file:
/// the words of the one line `check`, `format` and the project reader give such a file.
public func fileKindIfNotRegular(mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFDIR: return "a folder"
    case S_IFLNK: return "a symbolic link"
    default: return "not a file"
    }
}

/// Why `readRegularFile(atPath:maximumSize:)` gives nil for `path`, in a few words for the user
/// ("not a regular file (a FIFO)", "larger than the limit", the `open` error), or nil when it
/// would read it. `limitText` names the limit ("16 MB a project file may be").
public func whyNotReadable(atPath path: String, maximumSize: Int, limitText: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return errnoDescription(errno) }
    if let kind = fileKindIfNotRegular(mode: info.st_mode) { return "not a regular file (\(kind))" }
    if Int(info.st_size) > maximumSize { return "larger than the \(limitText)" }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return errnoDescription(errno) }
    closeDescriptor(fd)
    return nil
}
