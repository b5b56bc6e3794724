;;; plist-lsp.el --- Apple property lists with the plist-lsp language server  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "26.1"))
;; Keywords: languages, xml, tools

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `plist-mode' for Apple property lists (Info.plist, *.entitlements,
;; PrivacyInfo.xcprivacy): `nxml-mode' plus the plist-lsp language
;; server (diagnostics, hover, completion, quick-fixes) through eglot
;; or lsp-mode.
;;
;;   (add-to-list 'load-path "/path/to/plist-lsp/editors/emacs")
;;   (require 'plist-lsp)
;;   (add-hook 'plist-mode-hook #'eglot-ensure)   ; or #'lsp-deferred
;;
;; Customize `plist-lsp-server-path' when plist-lsp is not on `exec-path',
;; and `plist-lsp-settings' for the server settings.
;;
;; Why a mode of its own: Emacs 28 opens a .plist in nxml-mode only when
;; its first line is "<?xml" (`magic-fallback-mode-alist'), never opens
;; *.entitlements or *.xcprivacy as XML, and eglot would announce the
;; buffers as languageId "nxml" and start the server for every XML file.

;;; Code:

(require 'nxml-mode)

(defgroup plist-lsp nil
  "Apple property lists and the plist-lsp language server."
  :group 'languages
  :prefix "plist-lsp-")

(defcustom plist-lsp-server-path "plist-lsp"
  "The plist-lsp executable: a name looked up on `exec-path', or a path."
  :type 'string)

(defcustom plist-lsp-server-args nil
  "Extra arguments for plist-lsp (for example (\"--log-level\" \"debug\"))."
  :type '(repeat string))

(defcustom plist-lsp-settings nil
  "Settings for the server, as a plist that becomes a JSON object.
They are sent as `initializationOptions.settings' when the server
starts and as the \"plist\" section of workspace/didChangeConfiguration.
See docs/editors.md for the settings the server understands."
  :type 'plist)

(defconst plist-lsp-file-regexp "\\.\\(?:plist\\|entitlements\\|xcprivacy\\)\\'"
  "File names that `plist-mode' opens.")

(defvar plist-mode-syntax-table
  (let ((table (make-syntax-table nxml-mode-syntax-table)))
    ;; nxml makes markup characters symbol constituents, so in <key>NSCam</key> the symbol at
    ;; point is the whole element, and eglot 1.9, which completes the symbol at point, finds
    ;; no candidate for it.  As punctuation, the symbol is the key text alone (with its dots
    ;; and dashes: com.apple.security.app-sandbox).
    (dolist (char '(?< ?> ?/ ?= ?& ?\; ?! ??))
      (modify-syntax-entry char "." table))
    table)
  "Syntax table of `plist-mode': nxml's, with markup characters as punctuation.")

;;;###autoload
(define-derived-mode plist-mode nxml-mode "Plist"
  "Major mode for Apple property lists (XML), served by plist-lsp.
Everything of `nxml-mode' works; the language server is started by
`eglot-ensure' or `lsp' (see `plist-lsp-server-path')."
  :group 'plist-lsp)

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.\\(?:plist\\|entitlements\\|xcprivacy\\)\\'" . plist-mode))

(defun plist-lsp--command ()
  "The command line that starts the server on stdio."
  (cons plist-lsp-server-path plist-lsp-server-args))

(defun plist-lsp--settings-object ()
  "`plist-lsp-settings' as a JSON object (an empty one when nil)."
  (or plist-lsp-settings (make-hash-table :test 'equal)))

;;;; eglot

(defvar eglot-server-programs)
(defvar eglot-connect-hook)
(declare-function eglot--major-modes "eglot" (server) t)
(declare-function jsonrpc-notify "jsonrpc" (connection method params))

(defun plist-lsp--eglot-contact (&optional _interactive)
  "The eglot contact for plist-lsp: the command and its initializationOptions."
  (append (plist-lsp--command)
          (list :initializationOptions
                (list :settings (plist-lsp--settings-object)))))

(defun plist-lsp--eglot-send-settings (server)
  "Send `plist-lsp-settings' to SERVER if it is plist-lsp.
eglot announces `eglot-workspace-configuration' on connect (often
empty), which would replace the settings given at start."
  (when (and plist-lsp-settings
             (memq 'plist-mode (eglot--major-modes server)))
    (jsonrpc-notify server :workspace/didChangeConfiguration
                    (list :settings (list :plist plist-lsp-settings)))))

(defun plist-lsp-eglot-setup ()
  "Register plist-lsp with eglot for `plist-mode' buffers (languageId \"plist\")."
  (add-to-list 'eglot-server-programs
               '((plist-mode :language-id "plist") . plist-lsp--eglot-contact))
  (add-hook 'eglot-connect-hook #'plist-lsp--eglot-send-settings t))

;;;###autoload
(with-eval-after-load 'eglot (plist-lsp-eglot-setup))

;;;; lsp-mode

(defvar lsp-language-id-configuration)
(defvar lsp--cur-workspace)
(declare-function lsp-register-client "lsp-mode" (client))
(declare-function make-lsp-client "lsp-mode" (&rest args))
(declare-function lsp-stdio-connection "lsp-mode" (command &optional test-command))
(declare-function lsp-activate-on "lsp-mode" (&rest languages))
(declare-function lsp--set-configuration "lsp-mode" (settings))

(defun plist-lsp--lsp-initialized (workspace)
  "Send `plist-lsp-settings' to WORKSPACE once it is initialized."
  (when plist-lsp-settings
    (let ((lsp--cur-workspace workspace))
      (lsp--set-configuration (list :plist plist-lsp-settings)))))

(defun plist-lsp-lsp-mode-setup ()
  "Register plist-lsp with lsp-mode for `plist-mode' buffers.
lsp-mode counts columns in code points, so the client asks the
server for UTF-32 positions (the server's default is UTF-16)."
  (add-to-list 'lsp-language-id-configuration '(plist-mode . "plist"))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection #'plist-lsp--command)
    :activation-fn (lsp-activate-on "plist")
    :major-modes '(plist-mode)
    :server-id 'plist-lsp
    :priority 1
    :custom-capabilities '((general . ((positionEncodings . ["utf-32"]))))
    :initialization-options (lambda () (list :settings (plist-lsp--settings-object)))
    :initialized-fn #'plist-lsp--lsp-initialized)))

;;;###autoload
(with-eval-after-load 'lsp-mode (plist-lsp-lsp-mode-setup))

(provide 'plist-lsp)
;;; plist-lsp.el ends here
