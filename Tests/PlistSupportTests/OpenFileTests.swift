import Foundation
import PlistSupport
import PlistTestSupport
import Testing

@Suite struct OpenFileTests {
    private static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plist-lsp-open-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    private static func bytes(_ count: Int) -> [UInt8] {
        var random = SplitMix64(seed: UInt64(count))
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    @Test func anEmptyFileReadsAsNoBytes() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/empty.plist"
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(readRegularFile(atPath: path) == [])
        #expect(try withOpenFile(atPath: path, blocking: true) { file throws(SystemCallError) in try file.readAll() } == [])
    }

    @Test func whatIsNotARegularFileIsNotRead() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/Source.swift"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opened without blocking and refused: a FIFO nobody writes does not hold the reader.
        #expect(readRegularFile(atPath: fifo) == nil)
        #expect(readRegularFile(atPath: folder) == nil)
        #expect(readRegularFile(atPath: folder + "/missing") == nil)
        #expect(throws: SystemCallError("open", code: ENOENT)) {
            try withOpenFile(atPath: folder + "/missing") { _ throws(SystemCallError) in }
        }
        #expect(try withOpenFile(atPath: fifo) { file throws(SystemCallError) in file.isRegularFile } == false)
    }

    @Test func aFileLargerThanTheLimitIsNotRead() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big.plist"
        let content = Self.bytes(1 << 20)
        try Data(content).write(to: URL(fileURLWithPath: path))
        #expect(readRegularFile(atPath: path) == content)
        #expect(readRegularFile(atPath: path, maximumSize: content.count) == content)
        #expect(readRegularFile(atPath: path, maximumSize: content.count - 1) == nil)
    }

    @Test func aFileThatGrewAfterItWasOpenedIsReadToItsEndOrToItsSizeWhenOpened() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/growing.plist"
        let first = Self.bytes(100_000), more = Self.bytes(70_000)
        try Data(first).write(to: URL(fileURLWithPath: path))
        let append = { () -> Void in
            let handle = FileHandle(forWritingAtPath: path)!
            handle.seekToEndOfFile()
            handle.write(Data(more))
            handle.closeFile()
        }
        let (whole, atOpen) = try withOpenFile(atPath: path, blocking: true) { file throws(SystemCallError) in
            append()
            let atOpen = try file.readAll(upTo: file.size)
            _ = lseek(file.descriptor, 0, SEEK_SET)
            return (try file.readAll(), atOpen)
        }
        #expect(atOpen == first)
        #expect(whole == first + more)
    }

    @Test func aFIFOIsReadAcrossManyReadsToItsEnd() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let content = Self.bytes(300_000)  // several times what a pipe holds, so several reads
        async let received = onOwnThread {
            try withOpenFile(atPath: fifo, blocking: true) { file throws(SystemCallError) in try file.readAll() }
        }
        try await onOwnThread {
            let fd = open(fifo, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw SystemCallError("open", code: errno) }
            defer { closeDescriptor(fd) }
            try content.withUnsafeBytes { try writeAll(fd, $0) }
        }
        #expect(try await received == content)
    }
}
