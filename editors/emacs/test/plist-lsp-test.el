;;; plist-lsp-test.el --- batch checks of plist-lsp.el with eglot  -*- lexical-binding: t; -*-

;;; Commentary:

;; emacs --batch -Q -l editors/emacs/plist-lsp.el -l editors/emacs/test/plist-lsp-test.el
;;
;; Environment:
;;   PLIST_LSP_CHECK   modes, diagnostics, hover, completion or quickfix
;;   PLIST_LSP_FILE    the fixture to open (a copy of editors/test/Info.plist)
;;   PLIST_LSP_BINARY  the server (else plist-lsp on exec-path)
;;   PLIST_LSP_RESULT  where to write "PASS|FAIL <check>: <detail>" lines (else stderr)
;;   PLIST_LSP_ELPA    directory of ELPA packages (default Debian's /usr/share/emacs/site-lisp/elpa)
;;
;; Exits 0 only if the check passed.  Every wait is bounded (40 s); a watchdog ends the run
;; after 85 s.

;;; Code:

(require 'cl-lib)
(require 'subr-x)

(defvar plist-lsp-test-check (or (getenv "PLIST_LSP_CHECK") "diagnostics"))
(defvar plist-lsp-test-lines nil)
(defvar plist-lsp-test-failed nil)

(defun plist-lsp-test-log (status fmt &rest args)
  "Record a STATUS (\"PASS\" or \"FAIL\") line formatted from FMT and ARGS."
  (when (equal status "FAIL") (setq plist-lsp-test-failed t))
  (push (format "%s %s: %s" status plist-lsp-test-check (apply #'format fmt args))
        plist-lsp-test-lines))

(defun plist-lsp-test-dump-events ()
  "Append the tail of the eglot events buffer to the results (for failures)."
  (let ((events (cl-find-if (lambda (b) (string-match-p "EGLOT.*events" (buffer-name b))) (buffer-list))))
    (when events
      (with-current-buffer events
        (push (concat "--- eglot events (tail) ---\n"
                      (buffer-substring-no-properties (max (point-min) (- (point-max) 4000)) (point-max)))
              plist-lsp-test-lines)))))

(defun plist-lsp-test-finish ()
  "Write the results and exit."
  (when plist-lsp-test-failed (plist-lsp-test-dump-events))
  (let ((text (concat (string-join (reverse plist-lsp-test-lines) "\n") "\n"))
        (path (getenv "PLIST_LSP_RESULT")))
    (if path
        (with-temp-file path (insert text))
      (princ text #'external-debugging-output)))
  ;; A server request that arrives while Emacs exits (the file-watcher registration that follows
  ;; initialize) must not turn a finished run into an error: stop reading from the server first.
  (dolist (process (process-list)) (set-process-filter process #'ignore))
  (kill-emacs (if plist-lsp-test-failed 1 0)))

(run-at-time 85 nil (lambda ()
                      (plist-lsp-test-log "FAIL" "watchdog: the check did not finish within 85 s")
                      (plist-lsp-test-finish)))

(defun plist-lsp-test-wait (pred &optional seconds)
  "Process events until PRED returns non-nil or SECONDS (40) pass; return its value."
  (let ((deadline (+ (float-time) (or seconds 40))) value)
    (while (and (not (setq value (funcall pred))) (< (float-time) deadline))
      ;; eglot sends buffer changes from an idle timer, and batch Emacs is never idle: do what
      ;; the timer would do once the user pauses.
      (when (and (bound-and-true-p eglot--managed-mode) (bound-and-true-p eglot--recent-changes))
        (eglot--signal-textDocument/didChange))
      (accept-process-output nil 0.05))
    value))

;;; Loading eglot the way Debian's elpa-eglot installs it, hermetically.
(require 'package)
(setq package-user-dir (make-temp-file "plist-lsp-elpa" t))
;; Gone when Emacs exits (a test run left one folder in /tmp per Emacs).
(add-hook 'kill-emacs-hook (lambda () (ignore-errors (delete-directory package-user-dir t))))
(setq package-directory-list (list (or (getenv "PLIST_LSP_ELPA") "/usr/share/emacs/site-lisp/elpa")))
(package-initialize)

(unless (require 'eglot nil t)
  (plist-lsp-test-log "FAIL" "eglot is not installed (apt-get install elpa-eglot)")
  (plist-lsp-test-finish))
(unless (featurep 'plist-lsp)
  (plist-lsp-test-log "FAIL" "plist-lsp.el is not loaded (-l editors/emacs/plist-lsp.el)")
  (plist-lsp-test-finish))

(defvar plist-lsp-server-path)
(defvar plist-lsp-settings)
(when (getenv "PLIST_LSP_BINARY") (setq plist-lsp-server-path (getenv "PLIST_LSP_BINARY")))
(setq eglot-sync-connect 40
      eglot-connect-timeout 40
      eglot-autoreconnect nil
      make-backup-files nil
      create-lockfiles nil)

;;; Helpers

(defun plist-lsp-test-lsp-diag (diag)
  "The LSP diagnostic (a plist) behind the flymake DIAG."
  (cdr (assoc 'eglot-lsp-diag (eglot--diag-data diag))))

(defun plist-lsp-test-code (diag)
  "The rule id of the flymake DIAG, as a string."
  (let ((code (plist-get (plist-lsp-test-lsp-diag diag) :code)))
    (if code (format "%s" code) "")))

(defun plist-lsp-test-line-col (pos)
  "1-based line and 0-based character column of POS."
  (save-excursion
    (goto-char pos)
    (cons (line-number-at-pos) (- pos (line-beginning-position)))))

(defun plist-lsp-test-describe (diags)
  "DIAGS as a short string."
  (format "[%s]" (mapconcat (lambda (d)
                              (let ((lc (plist-lsp-test-line-col (flymake-diagnostic-beg d))))
                                (format "%d:%d %s" (car lc) (cdr lc) (plist-lsp-test-code d))))
                            diags ", ")))

(defun plist-lsp-test-find (pred)
  "The first flymake diagnostic of the buffer satisfying PRED."
  (cl-find-if pred (flymake-diagnostics)))

(defun plist-lsp-test-camera-p (diag)
  "Whether DIAG is privacy-missing-usage-description about NSCameraUsageDescription."
  (and (equal (plist-lsp-test-code diag) "privacy-missing-usage-description")
       (string-match-p "NSCameraUsageDescription" (flymake-diagnostic-text diag))))

(defun plist-lsp-test-goto (line column)
  "Move to 1-based LINE and character COLUMN."
  (goto-char (point-min))
  (forward-line (1- line))
  (forward-char column))

(defun plist-lsp-test-capable (capability)
  "Whether the server announces CAPABILITY, else log why not."
  (or (eglot--server-capable capability)
      (progn (plist-lsp-test-log "FAIL" "the server does not announce %s (feature not implemented yet?)"
                                 capability)
             nil)))

;;; The checks

(defun plist-lsp-test-modes ()
  "plist-mode for the three extensions, eglot with languageId \"plist\"."
  (plist-lsp-test-log "PASS" "Info.plist opens in plist-mode, eglot manages it as languageId %S"
                      (eglot--language-id (eglot-current-server)))
  (unless (equal (eglot--language-id (eglot-current-server)) "plist")
    (plist-lsp-test-log "FAIL" "languageId is %S, expected \"plist\"" (eglot--language-id (eglot-current-server))))
  ;; plist-lsp-settings (set by the run for this check) reach the server at start and after
  ;; eglot's own workspace/didChangeConfiguration on connect.
  (let* ((events (cl-find-if (lambda (b) (string-match-p "EGLOT.*events" (buffer-name b))) (buffer-list)))
         (text (with-current-buffer events (buffer-substring-no-properties (point-min) (point-max))))
         (init (string-match-p ":initializationOptions[ \t\n]*(:settings[ \t\n]*(:editorTest t))" text))
         (last-config (let ((pos 0) last)
                        (while (string-match "\"workspace/didChangeConfiguration\"" text pos)
                          (setq last (substring text (match-end 0) (min (length text) (+ (match-end 0) 200)))
                                pos (match-end 0)))
                        last)))
    (if init
        (plist-lsp-test-log "PASS" "plist-lsp-settings sent as initializationOptions.settings")
      (plist-lsp-test-log "FAIL" "initializationOptions lack plist-lsp-settings"))
    (if (and last-config (string-match-p "\\`[ \t\n]*:params[ \t\n]*(:settings[ \t\n]*(:plist[ \t\n]*(:editorTest t)" last-config))
        (plist-lsp-test-log "PASS" "the last workspace/didChangeConfiguration carries the plist section")
      (plist-lsp-test-log "FAIL" "the last workspace/didChangeConfiguration is %S" last-config)))
  (let ((dir (make-temp-file "plist-lsp-modes" t)))
    (dolist (name '("App.entitlements" "PrivacyInfo.xcprivacy" "Settings.plist"))
      (let ((path (expand-file-name name dir)))
        (with-temp-file path (insert "<plist version=\"1.0\">\n<dict>\n</dict>\n</plist>\n"))
        (with-current-buffer (find-file-noselect path)
          (if (not (eq major-mode 'plist-mode))
              (plist-lsp-test-log "FAIL" "%s opens in %s, expected plist-mode" name major-mode)
            (if (not (derived-mode-p 'nxml-mode))
                (plist-lsp-test-log "FAIL" "plist-mode is not derived from nxml-mode")
              (plist-lsp-test-log "PASS" "%s opens in plist-mode (derived from nxml-mode)" name))))))))

(defun plist-lsp-test-diagnostics ()
  "Diagnostics at the right lines and columns."
  ;; Line 10 has "Snap 📷" before the error: one character in Emacs, two UTF-16 units on the wire.
  (let ((want '(("plist-invalid-integer" 10 62) ("plist-key-without-value" 11 1))))
    (if (not (plist-lsp-test-wait
              (lambda () (cl-every (lambda (w) (plist-lsp-test-find
                                                (lambda (d) (equal (plist-lsp-test-code d) (car w)))))
                                   want))))
        (plist-lsp-test-log "FAIL" "expected diagnostics did not arrive within 40 s; got %s"
                            (plist-lsp-test-describe (flymake-diagnostics)))
      (dolist (w want)
        (let* ((d (plist-lsp-test-find (lambda (d) (equal (plist-lsp-test-code d) (car w)))))
               (lc (plist-lsp-test-line-col (flymake-diagnostic-beg d))))
          (if (equal lc (cons (nth 1 w) (nth 2 w)))
              (plist-lsp-test-log "PASS" "%s at line %d, column %d" (car w) (car lc) (cdr lc))
            (plist-lsp-test-log "FAIL" "%s at %d:%d, expected %d:%d"
                                (car w) (car lc) (cdr lc) (nth 1 w) (nth 2 w))))))))

(defun plist-lsp-test-hover ()
  "Hover on a key shows the key's documentation."
  (when (plist-lsp-test-capable :hoverProvider)
    (plist-lsp-test-goto 12 8)            ; inside "UIRequiredDeviceCapabilities"
    (let* ((server (eglot-current-server))
           (hover (jsonrpc-request server :textDocument/hover (eglot--TextDocumentPositionParams)))
           (contents (plist-get hover :contents))
           (text (and contents (eglot--hover-info contents (plist-get hover :range)))))
      (cond ((null text)
             (plist-lsp-test-log "FAIL" "hover returned nothing on UIRequiredDeviceCapabilities"))
            ((and (string-match-p "Required device capabilities" text)
                  (string-match-p "UIRequiredDeviceCapabilities" text))
             (plist-lsp-test-log "PASS" "hover on UIRequiredDeviceCapabilities shows its docs"))
            (t (plist-lsp-test-log "FAIL" "hover text lacks the key docs: %S" text)))
      ;; eglot 1.9 asks for plaintext hovers unless markdown-mode is installed (it is not here);
      ;; markdown sent anyway shows its markup raw in the echo area.
      (let ((formats (append (plist-get (plist-get (plist-get (eglot-client-capabilities server) :textDocument) :hover)
                                        :contentFormat)
                             nil))
            (kind (and (listp contents) (plist-get contents :kind))))
        (when (and kind (not (member kind formats)))
          (plist-lsp-test-log "FAIL" "hover is %s, but eglot asked for %S" kind formats))))))

(defun plist-lsp-test-outline ()
  "The outline (imenu) names array items by their content; the Xcode name leads the detail."
  (when (plist-lsp-test-capable :documentSymbolProvider)
    (let* ((server (eglot-current-server))
           (symbols (append (jsonrpc-request server :textDocument/documentSymbol
                                             `(:textDocument ,(eglot--TextDocumentIdentifier)))
                            nil))
           (caps (seq-find (lambda (s) (equal (plist-get s :name) "UIRequiredDeviceCapabilities")) symbols))
           (items (mapcar (lambda (s) (plist-get s :name)) (append (plist-get caps :children) nil)))
           (bundle (seq-find (lambda (s) (equal (plist-get s :name) "CFBundleIdentifier")) symbols))
           (detail (plist-get bundle :detail)))
      (if (equal items '("armv7" "still-camera"))
          (plist-lsp-test-log "PASS" "the items of UIRequiredDeviceCapabilities are named %S" items)
        (plist-lsp-test-log "FAIL" "the items of UIRequiredDeviceCapabilities are named %S" items))
      ;; eglot 1.9 shows no inlay hints (it declares no textDocument.inlayHint).
      (let ((expected (if (plist-get (plist-get (eglot-client-capabilities server) :textDocument) :inlayHint)
                          "string · Bundle identifier" "Bundle identifier · string")))
        (if (equal detail expected)
            (plist-lsp-test-log "PASS" "CFBundleIdentifier has the detail %S" detail)
          (plist-lsp-test-log "FAIL" "CFBundleIdentifier has the detail %S, expected %S" detail expected)))
      ;; What M-x imenu offers, from the same request.
      (let* ((index (funcall imenu-create-index-function))
             (flat (let (out (pending index))
                     ;; Every name at any depth (eglot groups the entries by kind, then nests them).
                     (while pending
                       (let ((e (pop pending)))
                         (push (car e) out)
                         (when (consp (cdr e)) (setq pending (append (cdr e) pending)))))
                     out)))
        (if (seq-some (lambda (name) (and (stringp name) (string-match-p "still-camera" name))) flat)
            (plist-lsp-test-log "PASS" "imenu lists still-camera")
          (plist-lsp-test-log "FAIL" "imenu does not list still-camera: %S" index))))))

(defun plist-lsp-test-completion ()
  "Completion in a top-level <key> offers NSCameraUsageDescription."
  (when (plist-lsp-test-capable :completionProvider)
    (goto-char (point-min))
    (forward-line 4)
    (insert "\t<key>NSCam</key>\n\t<string></string>\n")
    (plist-lsp-test-goto 5 11)            ; after "NSCam"
    (let* ((capf (eglot-completion-at-point))
           (start (nth 0 capf)) (end (nth 1 capf)) (table (nth 2 capf))
           (candidates (and capf (all-completions (buffer-substring-no-properties start end) table))))
      (if (member "NSCameraUsageDescription" candidates)
          (let ((proxy (car (member "NSCameraUsageDescription" candidates)))
                (exit (plist-get (nthcdr 3 capf) :exit-function)))
            (plist-lsp-test-log "PASS" "completion offers NSCameraUsageDescription (%d candidates for %S)"
                                (length candidates) (buffer-substring-no-properties start end))
            ;; Accept it as `completion-at-point' does: insert the candidate, run :exit-function.
            (delete-region start end)
            (goto-char start)
            (insert proxy)
            (when exit (funcall exit proxy 'finished))
            (let ((line (save-excursion (goto-char (point-min)) (forward-line 4)
                                        (buffer-substring-no-properties (point) (line-end-position)))))
              (if (equal line "\t<key>NSCameraUsageDescription</key>")
                  (plist-lsp-test-log "PASS" "accepting it gives %S" line)
                (plist-lsp-test-log "FAIL" "accepting it gives %S" line))))
        (plist-lsp-test-log "FAIL" "NSCameraUsageDescription not among the candidates for %S: %S"
                            (and capf (buffer-substring-no-properties start end)) (seq-take candidates 10))))))

(defun plist-lsp-test-quickfix ()
  "The \"Add NSCameraUsageDescription\" quick-fix edits the buffer."
  (let ((diag (plist-lsp-test-wait (lambda () (plist-lsp-test-find #'plist-lsp-test-camera-p)))))
    (if (not diag)
        (plist-lsp-test-log "FAIL" "no diagnostic about a missing NSCameraUsageDescription within 40 s; got %s"
                            (plist-lsp-test-describe (flymake-diagnostics)))
      (plist-lsp-test-log "PASS" "missing-usage diagnostic %s at line %d" (plist-lsp-test-code diag)
                          (car (plist-lsp-test-line-col (flymake-diagnostic-beg diag))))
      (when (plist-lsp-test-capable :codeActionProvider)
        (let* ((server (eglot-current-server))
               (actions (eglot-code-actions (flymake-diagnostic-beg diag) (flymake-diagnostic-end diag) "quickfix"))
               (action (cl-find-if (lambda (a) (string-prefix-p "Add NSCameraUsageDescription" (plist-get a :title)))
                                   actions)))
          (if (not action)
              (plist-lsp-test-log "FAIL" "no \"Add NSCameraUsageDescription\" quick-fix among %S"
                                  (mapcar (lambda (a) (plist-get a :title)) actions))
            ;; What M-x eglot-code-actions does with the chosen action.
            (eglot--read-execute-code-action (list action) server "quickfix")
            (let ((text (buffer-substring-no-properties (point-min) (point-max))))
              (cond
               ((not (string-match-p "<key>NSCameraUsageDescription</key>[ \t\n]*<string>[^<]*</string>" text))
                (plist-lsp-test-log "FAIL" "after the fix the buffer lacks the key and its string:\n%s" text))
               ((not (string-match-p "<dict>\\(?:.\\|\n\\)*<key>NSCameraUsageDescription</key>\\(?:.\\|\n\\)*</dict>[ \t\n]*</plist>" text))
                (plist-lsp-test-log "FAIL" "NSCameraUsageDescription was not inserted in the top-level dict:\n%s" text))
               (t
                (plist-lsp-test-log "PASS" "the quick-fix inserted NSCameraUsageDescription")
                (if (not (plist-lsp-test-wait (lambda () (not (plist-lsp-test-find #'plist-lsp-test-camera-p)))))
                    (plist-lsp-test-log "FAIL" "the missing-usage diagnostic is still there after the fix")
                  (let ((broken (plist-lsp-test-find (lambda (d) (string-prefix-p "xml-" (plist-lsp-test-code d))))))
                    (if broken
                        (plist-lsp-test-log "FAIL" "the fix broke the XML: %s" (plist-lsp-test-describe (list broken)))
                      (plist-lsp-test-log "PASS" "after the fix the diagnostic is gone: %s"
                                          (plist-lsp-test-describe (flymake-diagnostics)))))))))))))))

(defun plist-lsp-test-l10n ()
  "A real InfoPlist.strings with a planted missing ';': l10n-syntax where it is."
  (let ((line (string-to-number (getenv "PLIST_LSP_L10N_LINE")))
        (column (string-to-number (getenv "PLIST_LSP_L10N_CHAR"))))
    (if (not (plist-lsp-test-wait
              (lambda () (plist-lsp-test-find (lambda (d) (equal (plist-lsp-test-code d) "l10n-syntax"))))))
        (plist-lsp-test-log "FAIL" "no l10n-syntax diagnostic within 40 s; got %s"
                            (plist-lsp-test-describe (flymake-diagnostics)))
      (let* ((d (plist-lsp-test-find (lambda (d) (equal (plist-lsp-test-code d) "l10n-syntax"))))
             (lc (plist-lsp-test-line-col (flymake-diagnostic-beg d))))
        (if (equal lc (cons line column))
            (plist-lsp-test-log "PASS" "plist-strings-mode, languageId %S; l10n-syntax at line %d, column %d"
                                (eglot--language-id (eglot-current-server)) line column)
          (plist-lsp-test-log "FAIL" "l10n-syntax at %d:%d, expected %d:%d" (car lc) (cdr lc) line column))))))

;;; Run

(defun plist-lsp-test-run ()
  "Open the fixture as a user would and run the check."
  (add-hook 'plist-mode-hook #'eglot-ensure)
  (add-hook 'plist-strings-mode-hook #'eglot-ensure)
  (when (equal plist-lsp-test-check "modes")
    (setq plist-lsp-settings '(:editorTest t)))
  (let ((file (getenv "PLIST_LSP_FILE")))
    (unless (and file (file-readable-p file))
      (plist-lsp-test-log "FAIL" "PLIST_LSP_FILE %S is not readable" file)
      (plist-lsp-test-finish))
    (set-buffer (find-file-noselect file))
    (unless (memq major-mode (if (equal plist-lsp-test-check "l10n") '(plist-strings-mode) '(plist-mode)))
      (plist-lsp-test-log "FAIL" "%s opened in %s, expected plist-mode" file major-mode)
      (plist-lsp-test-finish))
    ;; eglot-ensure connects from `post-command-hook', which batch Emacs never runs by itself.
    (run-hooks 'post-command-hook)
    (unless (plist-lsp-test-wait (lambda () (and (eglot-current-server) eglot--managed-mode)))
      (plist-lsp-test-log "FAIL" "eglot did not connect to plist-lsp within 40 s")
      (plist-lsp-test-finish))
    ;; Flymake defers its first run until the buffer is displayed, which batch Emacs never does.
    (switch-to-buffer (current-buffer))
    (flymake-start)
    (let ((fn (intern-soft (concat "plist-lsp-test-" plist-lsp-test-check))))
      (if (not (fboundp fn))
          (plist-lsp-test-log "FAIL" "unknown check")
        (condition-case err
            (funcall fn)
          (error (plist-lsp-test-log "FAIL" "error: %S" err)))))
    (plist-lsp-test-finish)))

(plist-lsp-test-run)

;;; plist-lsp-test.el ends here
