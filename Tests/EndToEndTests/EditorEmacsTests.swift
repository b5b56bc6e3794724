// Batch Emacs with eglot (Debian's elpa-eglot) and editors/emacs/plist-lsp.el against the built
// plist-lsp, on editors/test/Info.plist. The checks live in editors/emacs/test/plist-lsp-test.el;
// each test here runs one of them in a fresh Emacs.
import Foundation
import Testing
import PlistTestSupport

@Suite("Editors: Emacs", .tags(.realEditor), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote), .serialized)
struct EditorEmacsTests {
    static let available = EditorTools.shouldRun(EditorTools.emacs != nil)
    static let withEglot = EditorTools.shouldRun(EditorTools.emacs != nil && EditorTools.emacsHasEglot)
    static let skipReason: Comment = "emacs is not installed (apt-get install emacs-nox); skipped here, a failure when CI=true"
    static let eglotSkipReason: Comment =
        "emacs or eglot is not installed (apt-get install emacs-nox elpa-eglot); skipped here, a failure when CI=true"
    static let package = SharedData.repositoryRoot.appendingPathComponent("editors/emacs/plist-lsp.el")

    func emacs(_ check: String) async throws {
        let emacs = try EditorTools.require(EditorTools.emacs, "emacs")
        if !EditorTools.emacsHasEglot {
            Issue.record("eglot cannot be loaded, and CI=true requires it (apt-get install elpa-eglot)")
            return
        }
        let script = SharedData.repositoryRoot.appendingPathComponent("editors/emacs/test/plist-lsp-test.el")
        try await EditorRun.check(check, editor: "Emacs") { _, _ in
            (emacs, ["--batch", "-Q", "-l", Self.package.path, "-l", script.path], [:])
        }
    }

    /// Byte-compiles a copy of plist-lsp.el with warnings as errors; `preamble` runs first (Emacs
    /// is waited for on a thread of its own, off the cooperative pool).
    func byteCompile(preamble: String) async throws {
        let emacs = try EditorTools.require(EditorTools.emacs, "emacs")
        let scratch = try TemporaryDirectory()
        let copy = scratch.url.appendingPathComponent("plist-lsp.el")
        try FileManager.default.copyItem(at: Self.package, to: copy)
        let arguments = [
            "--batch", "-Q", "--eval", "(progn \(preamble) (setq byte-compile-error-on-warn t))",
            "-f", "batch-byte-compile", copy.path,
        ]
        let home = scratch.url.path
        let result = try await onOwnThread { try EditorRun.run(emacs, arguments, environment: ["HOME": home]) }
        #expect(result.status == 0 && !result.timedOut, "byte-compilation failed:\n\(result.stderr)")
        #expect(!result.stderr.contains("Warning"), "byte-compilation warned:\n\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("plist-lsp.elc").path))
    }

    @Test("plist-lsp.el byte-compiles with no warnings (neither eglot nor lsp-mode loaded)", .enabled(if: available, skipReason))
    func byteCompilesAlone() async throws { try await byteCompile(preamble: "") }

    @Test("plist-lsp.el byte-compiles with no warnings with eglot loaded", .enabled(if: withEglot, eglotSkipReason))
    func byteCompilesWithEglot() async throws {
        try await byteCompile(
            preamble: """
                (require 'package) (setq package-user-dir (make-temp-file "elpa" t)) \
                (setq package-directory-list (list "/usr/share/emacs/site-lisp/elpa")) (package-initialize) (require 'eglot)
                """)
    }

    @Test(
        "plist-mode (from nxml-mode) for .plist, .entitlements, .xcprivacy; eglot uses languageId plist",
        .enabled(if: withEglot, eglotSkipReason))
    func modes() async throws { try await emacs("modes") }

    @Test("every editor's checks, with eglot", .enabled(if: withEglot, eglotSkipReason), arguments: EditorCheck.allCases)
    func sharedCheck(_ check: EditorCheck) async throws { try await emacs(check.rawValue) }
}

// MARK: Binary plists when the server cannot convert (issue #38, points 5 and 14)

extension EditorEmacsTests {
    /// A small binary Info.plist, written by `plist-lsp convert`, in a folder of its own.
    static func binaryPlist(in scratch: TemporaryDirectory) throws -> URL {
        let xml = try scratch.write("Info.xml", Array(PlistText.dictionary("\t<key>CFBundleName</key>\n\t<string>Receipts</string>").utf8))
        let binary = scratch.url.appendingPathComponent("App/Info.plist")
        try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try Binary.run(["convert", "--to", "binary1", "-o", binary.path, xml.path])
        #expect(result.status == 0, "\(result.stderr)")
        return binary
    }

    /// `emacs --batch -Q` with plist-lsp.el loaded (no eglot: a binary plist is read before any
    /// server starts), running `body`; bounded by `timeout` seconds.
    func batch(_ body: String, environment: [String: String], timeout: TimeInterval = 30) async throws -> EditorRun.Result {
        let emacs = try EditorTools.require(EditorTools.emacs, "emacs")
        let arguments = ["--batch", "-Q", "-l", Self.package.path, "--eval", body]
        return try await onOwnThread { try EditorRun.run(emacs, arguments, environment: environment, timeout: timeout) }
    }

    @Test(
        "a binary plist opened with plist-lsp not on PATH: one message, the bytes, read-only (no endless warnings)",
        .enabled(if: available, skipReason))
    func binaryPlistWithoutTheServerOnPathOpensWithOneMessage() async throws {
        let scratch = try TemporaryDirectory()
        let file = try Self.binaryPlist(in: scratch)
        let bytes = try Data(contentsOf: file)
        // A PATH with Emacs and no plist-lsp (as GUI Emacs on macOS lacks Homebrew's bin folder).
        let path = "/usr/bin:/bin"
        #expect(
            !FileManager.default.isExecutableFile(atPath: "/usr/bin/plist-lsp")
                && !FileManager.default.isExecutableFile(atPath: "/bin/plist-lsp"))
        let result = try await batch(
            """
            (progn (find-file \(Self.quoted(file.path)))
                   (message "RESULT read-only=%s size=%d format=%S bytes=%s" buffer-read-only (buffer-size) buffer-file-format
                            (string-prefix-p "bplist00" (buffer-substring-no-properties 1 9))))
            """, environment: ["PATH": path, "HOME": scratch.url.path], timeout: 30)
        let warnings = result.stderr.components(separatedBy: "does not convert").count - 1
        #expect(
            !result.timedOut,
            "Emacs did not finish opening the file within 30 s; \(warnings) warnings; stderr (tail):\n\(result.stderr.suffix(1500))")
        #expect(warnings == 1, "\(warnings) warnings; stderr (head):\n\(result.stderr.prefix(1500))")
        #expect(
            result.stderr.contains("the program plist-lsp is not found on `exec-path'")
                || result.stderr.contains("the program plist-lsp is not found on ‘exec-path’"),
            "\(result.stderr.prefix(1500))")
        #expect(result.stderr.contains("RESULT read-only=t size=\(bytes.count) format=nil bytes=t"), "\(result.stderr.prefix(1500))")
        #expect(try Data(contentsOf: file) == bytes)
    }

    @Test(
        "a refused binary save names the file, not \"(standard input)\", and leaves it as it was",
        .enabled(if: available, skipReason))
    func aRefusedBinarySaveNamesTheFile() async throws {
        let scratch = try TemporaryDirectory()
        let file = try Self.binaryPlist(in: scratch)
        let bytes = try Data(contentsOf: file)
        let result = try await batch(
            """
            (progn (setq plist-lsp-server-path \(Self.quoted(Binary.url.path)))
                   (find-file \(Self.quoted(file.path)))
                   (goto-char (point-min)) (search-forward "<dict>") (insert "\\n<key>Open</key><array>")
                   (condition-case err (save-buffer) (error (message "REFUSED %s" (error-message-string err))))
                   (message "DONE"))
            """, environment: ["HOME": scratch.url.path])
        #expect(result.stderr.contains("DONE"), "\(result.stderr.suffix(1500))")
        let refused = result.stderr.components(separatedBy: "\n").first { $0.hasPrefix("REFUSED ") } ?? ""
        #expect(refused.contains("\(file.path) not written (the file is unchanged)"), "\(result.stderr.suffix(1500))")
        #expect(refused.contains("the XML has errors"), "\(refused)")
        #expect(!refused.contains("(standard input)"), "\(refused)")
        #expect(try Data(contentsOf: file) == bytes)
    }

    static func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
