// Batch Emacs with eglot (Debian's elpa-eglot) and editors/emacs/plist-lsp.el against the built
// plist-lsp, on editors/test/Info.plist. The checks live in editors/emacs/test/plist-lsp-test.el;
// each test here runs one of them in a fresh Emacs.
import Foundation
import Testing
import PlistTestSupport

@Suite("Editors: Emacs", .serialized)
struct EditorEmacsTests {
    static let available = EditorTools.shouldRun(EditorTools.emacs != nil)
    static let withEglot = EditorTools.shouldRun(EditorTools.emacs != nil && EditorTools.emacsHasEglot)
    static let skipReason: Comment = "emacs is not installed (apt-get install emacs-nox); skipped here, a failure when CI=true"
    static let eglotSkipReason: Comment = "emacs or eglot is not installed (apt-get install emacs-nox elpa-eglot); skipped here, a failure when CI=true"
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
        let arguments = ["--batch", "-Q", "--eval", "(progn \(preamble) (setq byte-compile-error-on-warn t))",
                         "-f", "batch-byte-compile", copy.path]
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
        try await byteCompile(preamble: """
            (require 'package) (setq package-user-dir (make-temp-file "elpa" t)) \
            (setq package-directory-list (list "/usr/share/emacs/site-lisp/elpa")) (package-initialize) (require 'eglot)
            """)
    }

    @Test("plist-mode (from nxml-mode) for .plist, .entitlements, .xcprivacy; eglot uses languageId plist",
          .enabled(if: withEglot, eglotSkipReason))
    func modes() async throws { try await emacs("modes") }

    @Test("every editor's checks, with eglot", .enabled(if: withEglot, eglotSkipReason), arguments: EditorCheck.allCases)
    func sharedCheck(_ check: EditorCheck) async throws { try await emacs(check.rawValue) }
}
