import PlistSupport
import PlistTestSupport
import Testing

@Suite struct POSIXTests {
    @Test func writeAllWritesMoreThanAPipeHoldsAtOnce() async throws {
        let pipe = try makePipe()
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        // Both ends on threads of their own: a write that waits for its reader must not hold a
        // thread of the cooperative pool (the reader's task may need that very thread to start).
        async let received = onOwnThread { readToEnd(pipe.read) }
        try await onOwnThread {
            try bytes.withUnsafeBytes { try writeAll(pipe.write, $0) }
            closeDescriptor(pipe.write)
        }
        #expect(try await received == bytes)
    }

    @Test func writeAllReportsTheFailure() throws {
        _ = signal(SIGPIPE, SIG_IGN)  // a write to a pipe nobody reads fails with EPIPE instead
        let pipe = try makePipe()
        closeDescriptor(pipe.read)
        #expect(throws: SystemCallError("write", code: EPIPE)) {
            try [UInt8(1)].withUnsafeBytes { try writeAll(pipe.write, $0) }
        }
        closeDescriptor(pipe.write)
    }
}

@Suite struct PathNameTests {
    @Test(arguments: [("a/b", "a"), ("/b", "/"), ("b", ""), ("a/b//", "a"), ("a//b", "a"), ("/", "/"), ("", "")])
    func directory(path: String, expected: String) {
        #expect(PathName.directory(of: path) == expected)
    }

    @Test(arguments: [("a/b/", "b"), ("/", "/"), ("b", "b"), ("/a/b", "b")])
    func lastComponent(path: String, expected: String) {
        #expect(PathName.lastComponent(of: path) == expected)
    }

    @Test func joining() {
        #expect(PathName.joining("a", "b") == "a/b")
        #expect(PathName.joining("a//", "b") == "a//b")
        #expect(PathName.joining("", "b") == "b")
    }

    @Test func percentEncodingKeepsWhatAURLPathAllows() {
        #expect(PathName.percentEncoded("/a b/é~!$&'()*+,-.=@_") == "/a%20b/%C3%A9~!$&'()*+,-.=@_")
        #expect(PathName.percentEncoded("#?%[]") == "%23%3F%25%5B%5D")
    }
}

@Suite struct LockedTests {
    @Test func lazyComputesOnce() async {
        let calls = Locked(0)
        let lazy = Lazy {
            calls.withLock { $0 += 1 }; return 42
        }
        await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { lazy.value } }
            for await value in group { #expect(value == 42) }
        }
        #expect(calls.withLock { $0 } == 1)
        #expect(Lazy(value: 7).value == 7)
    }
}
