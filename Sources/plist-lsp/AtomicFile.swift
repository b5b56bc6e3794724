// How `check --fix`, `format` and `convert` read and rewrite a file without ever losing a write:
// through symbolic links to their target, keeping owner, group, mode and extended attributes (ACLs
// among them), refusing read-only and hard-linked files and
// files changed by another program since they were read, and cleaning up after a signal.
import PlistSupport

/// A file as `check` read it: the bytes and the identity of what they came from, so that a later
/// write can tell whether someone else changed the file in between.
struct FileSnapshot {
    /// The path as the user gave it.
    let path: String
    /// The file itself, every symbolic link resolved (what a fix rewrites).
    let target: String
    let bytes: [UInt8]
    let identity: FileIdentity
}

/// What identifies one version of a file on disk.
struct FileIdentity: Equatable {
    let device, inode: UInt64
    let size: Int64
    let modifiedSeconds, modifiedNanoseconds: Int
    let mode, owner, group: UInt32
    let links: UInt64

    init(_ s: stat) {
        device = UInt64(s.st_dev)
        inode = UInt64(s.st_ino)
        size = Int64(s.st_size)
        #if canImport(Darwin)
        modifiedSeconds = Int(s.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int(s.st_mtimespec.tv_nsec)
        #else
        modifiedSeconds = Int(s.st_mtim.tv_sec)
        modifiedNanoseconds = Int(s.st_mtim.tv_nsec)
        #endif
        mode = UInt32(s.st_mode)
        owner = UInt32(s.st_uid)
        group = UInt32(s.st_gid)
        links = UInt64(s.st_nlink)
    }

    var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }

    /// Whether the content may have changed between the two: another inode (the file was replaced),
    /// another size or another modification time.
    func sameVersion(as other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modifiedSeconds == other.modifiedSeconds && modifiedNanoseconds == other.modifiedNanoseconds
    }
}

/// Reads files and writes them all at once: a temporary file in the same directory, flushed to
/// disk, given the original's owner, group, permissions and extended attributes (a POSIX ACL is
/// one, `system.posix_acl_access`; so are Finder tags and quarantine flags on macOS), then
/// renamed over it. Nothing is
/// changed if any step fails or the file changed since it was read.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    /// The temporary name's pattern: short, so that a file whose name is close to the 255-byte
    /// limit can still be fixed, and hidden.
    static let temporaryPrefix = ".plist-lsp-"

    /// The largest file `check` and `format` read (docs/configuration.md): far above any real
    /// plist (the corpus's largest is under 1 MB), low enough that a runaway file cannot exhaust memory.
    static let maximumSize = 256 << 20

    /// Reads the whole regular file at `path` (following symbolic links) with its identity. Anything
    /// else is refused without being read, so that nothing named or found can hold the run: a FIFO
    /// (`check <(…)` too: save the output to a file first), a socket, a device such as `/dev/zero`,
    /// and a file over `maximumSize` bytes.
    static func read(_ path: String) throws -> FileSnapshot {
        guard let resolved = realpath(path, nil) else { throw WriteError(description: "cannot read the file: \(errorText())") }
        let target = String(cString: resolved)
        free(resolved)
        // Asked before opening: opening a socket fails, and opening a FIFO would wait for a writer.
        var info = stat()
        guard stat(target, &info) == 0 else { throw WriteError(description: "cannot read the file: \(errorText())") }
        if let kind = fileKindIfNotRegular(mode: info.st_mode) { throw WriteError(description: "not a regular file (\(kind)); not read") }
        let tooLarge = WriteError(description: "larger than the \(maximumSize >> 20) MB a plist may be; not read")
        guard Int(info.st_size) <= maximumSize else { throw tooLarge }
        let result: Result<([UInt8], stat), WriteError>
        do {
            // Without blocking, and checked again once open: the name may have been replaced meanwhile.
            result = try withOpenFile(atPath: target) { file throws(SystemCallError) -> Result<([UInt8], stat), WriteError> in
                if let kind = file.kindIfNotRegular { return .failure(WriteError(description: "not a regular file (\(kind)); not read")) }
                guard file.size <= maximumSize else { return .failure(tooLarge) }
                LargeInputHeap.prepare(forFileOfSize: file.size)
                let bytes = try file.readAll(upTo: maximumSize + 1)  // a file that grows is cut off
                return bytes.count > maximumSize ? .failure(tooLarge) : .success((bytes, file.status))
            }
        } catch {
            throw WriteError(description: "cannot read the file: \(errnoDescription(error.code))")
        }
        let (bytes, status) = try result.get()
        return FileSnapshot(path: path, target: target, bytes: bytes, identity: FileIdentity(status))
    }

    /// Replaces the file `snapshot` was read from with `bytes`, unless it changed since.
    /// `purpose` is the past participle of what the write does ("fixed", "formatted",
    /// "converted"), for the message when another program changed the file meanwhile.
    static func write(_ bytes: [UInt8], over snapshot: FileSnapshot, purpose: String = "fixed") throws {
        let original = snapshot.identity
        guard original.isRegularFile else { throw WriteError(description: "not a regular file; left as it is") }
        // Renaming over one name of a hard-linked file would split it from the others, which
        // would keep the old text; writing in place would not be atomic. Refused (docs/configuration.md).
        guard original.links <= 1 else {
            throw WriteError(description: "the file has \(original.links) hard links and rewriting it would split them; left as it is")
        }
        // Root may write anything; a file nobody may write is still meant to stay as it is.
        guard original.mode & 0o222 != 0, access(snapshot.target, W_OK) == 0 else {
            throw WriteError(description: "the file is read-only; left as it is")
        }
        let directory = PathName.directory(of: snapshot.target)
        var template = Array(((directory.isEmpty ? "." : directory) + "/" + temporaryPrefix + "XXXXXX").utf8CString)
        let fd = SignalCleanup.creatingTemporaryFile(&template)
        guard fd >= 0 else { throw WriteError(description: "cannot create a temporary file: \(errorText())") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { SignalCleanup.removingTemporaryFile(temporary) }
        }
        do {
            try bytes.withUnsafeBytes { try writeAll(fd, $0) }
        } catch let error as SystemCallError {
            close(fd)
            throw WriteError(description: "cannot write: \(errnoDescription(error.code))")
        }
        // Owner and group first (chown clears the set-id bits anyway), then the mode without
        // setuid/setgid: a plist is data, and a fixed file must not gain the fixer's identity.
        var created = stat()
        if fstat(fd, &created) == 0, UInt32(created.st_uid) != original.owner || UInt32(created.st_gid) != original.group {
            guard fchown(fd, uid_t(original.owner), gid_t(original.group)) == 0 else {
                let message = errorText()
                close(fd)
                throw WriteError(description: "cannot keep the file's owner and group (\(message)); left as it is")
            }
        }
        guard fchmod(fd, mode_t(original.mode & 0o1777)) == 0 else {
            let message = errorText()
            close(fd)
            throw WriteError(description: "cannot keep the file's permissions (\(message)); left as it is")
        }
        // After the mode: an access ACL carries the group bits as its mask, which fchmod would reset.
        if let failure = ExtendedAttributes.copy(from: snapshot.target, to: fd) {
            close(fd)
            throw WriteError(description: "cannot keep the file's extended attribute \(failure); left as it is")
        }
        guard fsync(fd) == 0 else {
            let message = errorText()
            close(fd)
            throw WriteError(description: "cannot flush the file: \(message)")
        }
        close(fd)
        pauseForTests()
        // Another program may have saved the file while the fix ran: compare identity and content
        // just before the rename, and keep their version.
        var now = stat()
        guard stat(snapshot.target, &now) == 0, FileIdentity(now).sameVersion(as: original),
            let current = contents(of: snapshot.target), current == snapshot.bytes
        else {
            throw WriteError(description: "the file changed on disk while it was being \(purpose); left as the other program saved it")
        }
        guard SignalCleanup.renaming(temporary, to: snapshot.target) else {
            throw WriteError(description: "cannot replace the file: \(errorText())")
        }
        renamed = true
        let dfd = open(directory.isEmpty ? "." : directory, O_RDONLY)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
    }

    /// For the end-to-end tests only: `PLIST_LSP_TEST_PAUSE_BEFORE_RENAME=SECONDS` waits with the
    /// temporary file written, so that a test can change the file or send a signal at that moment.
    private static func pauseForTests() {
        guard let value = getenv("PLIST_LSP_TEST_PAUSE_BEFORE_RENAME"), let seconds = Double(String(cString: value)), seconds > 0 else {
            return
        }
        var remaining = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&remaining, &left) != 0 && errno == EINTR { remaining = left }
    }

    private static func contents(of path: String) -> [UInt8]? {
        try? withOpenFile(atPath: path, blocking: true) { file throws(SystemCallError) in try file.readAll() }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

/// Removes the temporary file of a write in progress when SIGINT, SIGTERM or SIGHUP arrives, then
/// dies of the signal as it would have. The path lives in a C buffer the handler can read without
/// allocating; the signals are blocked while it is set or cleared, so no window leaves a file behind.
enum SignalCleanup {
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    nonisolated(unsafe) private static var installed = false

    /// `mkstemp` with the signals blocked, the name recorded for the handler.
    static func creatingTemporaryFile(_ template: inout [CChar]) -> Int32 {
        install()
        let saved = block()
        defer { restore(saved) }
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd >= 0 { pendingTemporaryPath = strdup(template) }
        return fd
    }

    /// Removes the temporary file and forgets it.
    static func removingTemporaryFile(_ path: String) {
        let saved = block()
        defer { restore(saved) }
        unlink(path)
        forget()
    }

    /// Renames the temporary file into place and forgets it; false (with `errno`) on failure.
    static func renaming(_ temporary: String, to target: String) -> Bool {
        let saved = block()
        defer { restore(saved) }
        guard rename(temporary, target) == 0 else { return false }
        forget()
        return true
    }

    private static func forget() {
        free(pendingTemporaryPath)
        pendingTemporaryPath = nil
    }

    private static func install() {
        guard !installed else { return }
        installed = true
        for s in signals {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = removePendingTemporaryFile
            #else
            action.__sigaction_handler.sa_handler = removePendingTemporaryFile
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            // A signal the parent set to be ignored stays ignored.
            var previous = sigaction()
            sigaction(s, nil, &previous)
            #if canImport(Darwin)
            let ignored = unsafeBitCast(previous.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            #else
            let ignored = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            #endif
            if !ignored { sigaction(s, &action, nil) }
        }
    }

    private static func block() -> sigset_t {
        var set = sigset_t(), saved = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, &saved)
        return saved
    }

    private static func restore(_ saved: sigset_t) {
        var saved = saved
        pthread_sigmask(SIG_SETMASK, &saved, nil)
    }
}

/// The temporary file of the write in progress, for the signal handler (set and cleared with the
/// signals blocked).
nonisolated(unsafe) private var pendingTemporaryPath: UnsafeMutablePointer<CChar>? = nil

private func removePendingTemporaryFile(_ signal: Int32) {
    if let path = pendingTemporaryPath { unlink(path) }
    // Back to the default action, then die of the same signal once the handler returns.
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
    raise(signal)
}
