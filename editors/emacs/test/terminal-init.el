;;; terminal-init.el --- Emacs set up as docs/editors.md says, for the typed terminal tests  -*- lexical-binding: t; -*-

;;; Commentary:

;; emacs -nw -Q -l editors/emacs/test/terminal-init.el FILE, in tmux, typed at by
;; Tests/EndToEndTests/EditorTypedCompletionTests.swift.
;;
;; Environment:
;;   PLIST_LSP_BINARY        the server (else plist-lsp on exec-path)
;;   PLIST_LSP_EMACS_CLIENT  eglot (default) or lsp-mode
;;   PLIST_LSP_READY         a file written once the server manages the buffer
;;   PLIST_LSP_ELPA          directory of ELPA packages (default Debian's)

;;; Code:

(require 'package)
(setq package-user-dir (make-temp-file "plist-lsp-elpa" t))
;; Gone when Emacs exits (a test run left one folder in /tmp per Emacs).
(add-hook 'kill-emacs-hook (lambda () (ignore-errors (delete-directory package-user-dir t))))
(setq package-directory-list (list (or (getenv "PLIST_LSP_ELPA") "/usr/share/emacs/site-lisp/elpa")))
(package-initialize)

;; What docs/editors.md tells a user to write.
(add-to-list 'load-path (expand-file-name ".." (file-name-directory load-file-name)))
(require 'plist-lsp)
(when (getenv "PLIST_LSP_BINARY") (setq plist-lsp-server-path (getenv "PLIST_LSP_BINARY")))
(defvar plist-lsp-test-client (or (getenv "PLIST_LSP_EMACS_CLIENT") "eglot"))
(dolist (hook '(plist-mode-hook plist-strings-mode-hook xcstrings-mode-hook))
  (add-hook hook (if (equal plist-lsp-test-client "lsp-mode") #'lsp-deferred #'eglot-ensure)))

;; The test's own: no backups or lock files beside the file, and a signal once the server is there.
(setq make-backup-files nil create-lockfiles nil)
(defun plist-lsp-test-ready ()
  "Write $PLIST_LSP_READY once the buffer is managed by the server."
  (let ((ready (getenv "PLIST_LSP_READY")))
    (when (and ready (apply #'derived-mode-p plist-lsp-modes))
      (with-temp-file ready (insert "attached\n")))))
(defvar lsp-after-open-hook)
(add-hook 'eglot-managed-mode-hook
          (lambda () (when (bound-and-true-p eglot--managed-mode) (plist-lsp-test-ready))))
(add-hook 'lsp-after-open-hook #'plist-lsp-test-ready)

;;; terminal-init.el ends here
