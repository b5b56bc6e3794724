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
;;   (dolist (hook '(plist-mode-hook plist-strings-mode-hook xcstrings-mode-hook))
;;     (add-hook hook #'eglot-ensure))            ; or #'lsp-deferred
;;
;; The translation modes (InfoPlist.strings, InfoPlist.xcstrings) do not derive
;; from `plist-mode': each needs its hook.
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
(require 'subr-x)
(require 'seq)

(defgroup plist-lsp nil
  "Apple property lists and the plist-lsp language server."
  :group 'languages
  :prefix "plist-lsp-")

(defconst plist-lsp-modes '(plist-mode plist-strings-mode xcstrings-mode)
  "The major modes plist-lsp serves: plists, and the translations of an Info.plist.")

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

(defconst plist-lsp-file-regexp "\\.\\(?:plist\\|entitlements\\|xcprivacy\\|mobileconfig\\)\\'"
  "File names that `plist-mode' opens.")

(defvar plist-mode-syntax-table
  (let ((table (make-syntax-table nxml-mode-syntax-table)))
    ;; nxml makes markup characters symbol constituents, so in <key>NSCam</key> the symbol at
    ;; point is the whole element, and eglot 1.9, which completes the symbol at point, finds
    ;; no candidate for it.  As punctuation, the symbol is the key text alone (with its dots
    ;; and dashes: com.apple.security.app-sandbox).
    (dolist (char '(?< ?> ?/ ?= ?& ?\; ?! ??))
      (modify-syntax-entry char "." table))
    ;; The standard table makes `.' punctuation; in a key or bundle id it joins the name.
    (modify-syntax-entry ?. "_" table)
    table)
  "Syntax table of `plist-mode': nxml's, with markup characters as punctuation.")

;;;###autoload
(define-derived-mode plist-mode nxml-mode "Plist"
  "Major mode for Apple property lists (XML), served by plist-lsp.
Everything of `nxml-mode' works; the language server is started by
`eglot-ensure' or `lsp' (see `plist-lsp-server-path')."
  :group 'plist-lsp)

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.\\(?:plist\\|entitlements\\|xcprivacy\\|mobileconfig\\)\\'" . plist-mode))
;;;; The translations of an Info.plist: InfoPlist.strings in an .lproj folder, InfoPlist.xcstrings

(defvar plist-strings-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?/ ". 124b" table)
    (modify-syntax-entry ?* ". 23" table)
    (modify-syntax-entry ?\n "> b" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    table)
  "Syntax table of `plist-strings-mode': C comments, double-quoted strings.")

;;;###autoload
(define-derived-mode plist-strings-mode prog-mode "InfoPlist.strings"
  "Major mode for InfoPlist.strings (an Info.plist's translations), for plist-lsp."
  :group 'plist-lsp
  (setq-local comment-start "/* ")
  (setq-local comment-end " */"))

;;;###autoload
(define-derived-mode xcstrings-mode js-mode "xcstrings"
  "Major mode for InfoPlist.xcstrings String Catalogs (JSON), for plist-lsp."
  :group 'plist-lsp)

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.lproj/[^/]*InfoPlist\\.strings\\'" . plist-strings-mode))
;;;###autoload
(add-to-list 'auto-mode-alist '("InfoPlist\\.xcstrings\\'" . xcstrings-mode))

;;; Binary property lists

(defcustom plist-lsp-binary-plists t
  "Whether binary property lists are shown as XML and saved as binary.
A file whose first bytes are \"bplist00\" (whatever its name: Info.plist,
.nib, .xcuserstate, .webloc) is converted by `plist-lsp convert' when it
is visited, opened in `plist-mode', and converted back to binary when it
is saved (atomically: `file-precious-flag').  A signed configuration
profile (a .mobileconfig in CMS) is shown as the plist it signs,
read-only, and never written.  Set before loading plist-lsp."
  :type 'boolean)

(defvar-local plist-lsp--binary nil
  "Non-nil in a buffer that shows a binary property list as XML.")
(put 'plist-lsp--binary 'permanent-local t)

(defun plist-lsp--program ()
  "The plist-lsp executable's full path, or nil when there is none.
`plist-lsp-server-path' is looked up on `exec-path' (a GUI Emacs on
macOS often lacks the PATH of a shell, and so Homebrew's bin folder)."
  (if (file-name-absolute-p plist-lsp-server-path)
      (and (file-executable-p plist-lsp-server-path) plist-lsp-server-path)
    (executable-find plist-lsp-server-path)))

(defun plist-lsp--convert-region (begin end to)
  "Replace BEGIN..END with its conversion by `plist-lsp convert --to TO'.
Return the new end.  When the conversion fails, signal an error saying
why and leave the text as it is."
  (unless (plist-lsp--program)
    (error "the program %s is not found on `exec-path' (%s); set `plist-lsp-server-path' to its full path"
           plist-lsp-server-path (mapconcat #'identity exec-path ":")))
  (let* ((binary-in (not (equal to "binary1")))
         (input (buffer-substring-no-properties begin end))
         (errors (make-temp-file "plist-lsp-convert"))
         (in (generate-new-buffer " *plist-lsp convert input*"))
         (out (generate-new-buffer " *plist-lsp convert output*")))
    (unwind-protect
        (let (status)
          (with-current-buffer out (set-buffer-multibyte binary-in))
          (with-current-buffer in
            ;; Bytes in (a unibyte buffer: each raw byte as itself), XML out as UTF-8; or back.
            (set-buffer-multibyte (not binary-in))
            (insert input)
            (let ((coding-system-for-write (if binary-in 'binary 'utf-8-unix))
                  (coding-system-for-read (if binary-in 'utf-8-unix 'binary)))
              (setq status (call-process-region (point-min) (point-max) plist-lsp-server-path
                                                nil (list out errors) nil
                                                "convert" "--to" to "-o" "-" "-"))))
          (unless (eql status 0)
            ;; The text went in on standard input, which the message names: drop that; the
            ;; callers name the file.
            (error "%s"
                   (replace-regexp-in-string
                    "\\`plist-lsp: (standard input): " ""
                    (string-trim (with-temp-buffer
                                   (insert-file-contents errors)
                                   (buffer-string))))))
          (save-excursion
            (goto-char begin)
            (delete-region begin end)
            (insert-buffer-substring out)
            (point)))
      (kill-buffer in)
      (kill-buffer out)
      (delete-file errors))))

(defun plist-lsp--multibyte ()
  "Make the buffer multibyte, its bytes kept (each a raw-byte character).
A file read with `no-conversion' is visited in a unibyte buffer, where
the XML's non-ASCII characters kept only their low byte: \"🍎 ō\"
showed as \"N M\", and a save wrote that."
  (unless enable-multibyte-characters (set-buffer-multibyte 'to)))

(defvar-local plist-lsp--unconverted nil
  "Why this buffer's binary property list did not convert (it shows the bytes).")
(put 'plist-lsp--unconverted 'permanent-local t)

(defun plist-lsp--binary-decode (begin end)
  "Show the binary property list between BEGIN and END as XML; return the new end.
When it does not convert, the bytes stay, the reason is shown once, and
the buffer is made read-only when the file is visited."
  (plist-lsp--multibyte)
  (condition-case err
      (prog1 (plist-lsp--convert-region begin end "xml1")
        (setq plist-lsp--binary t)
        (setq plist-lsp--unconverted nil)
        (setq-local file-precious-flag t))
    (error
     ;; `format-decode' tries every format again after one decoded, until none matches the
     ;; text: the bytes still start with "bplist00", so without this it called this function
     ;; again, forever (37,000 warnings in 20 s when plist-lsp was not on `exec-path').  The
     ;; buffer's own `format-alist' lacks this format; `normal-mode' drops it later.
     (setq-local format-alist (seq-remove (lambda (f) (eq (car f) 'plist-lsp-binary)) format-alist))
     (setq plist-lsp--unconverted (error-message-string err))
     (display-warning 'plist-lsp
                      (format "%s is a binary property list that does not convert; shown as bytes, read-only: %s"
                              (or buffer-file-name "the file") (error-message-string err)))
     end)))

(defun plist-lsp--binary-unconverted ()
  "Make a buffer whose binary property list did not convert read-only.
Saving it (after \\[read-only-mode]) writes the bytes as they are.  For
`find-file-hook'."
  (when plist-lsp--unconverted
    (setq buffer-file-format (delq 'plist-lsp-binary (delq 'plist-lsp-signed buffer-file-format)))
    (setq buffer-read-only t)))

(defun plist-lsp--binary-encode (begin end buffer)
  "Write the XML between BEGIN and END as a binary property list.
Return the new end.  Signals an error (nothing is written) when the
text does not convert, naming the file of BUFFER (the text is in a
temporary buffer)."
  (condition-case err
      (plist-lsp--convert-region begin end "binary1")
    (error
     (error "plist-lsp: %s not written (the file is unchanged): %s"
            (or (and (buffer-live-p buffer) (buffer-file-name buffer)) buffer-file-name (buffer-name))
            (error-message-string err)))))

(defun plist-lsp--binary-buffer-p ()
  "Whether this buffer shows a binary property list (for `magic-mode-alist')."
  plist-lsp--binary)

(when plist-lsp-binary-plists
  ;; Read the bytes as they are, then convert them (format-decode matches the first bytes).
  (add-to-list 'auto-coding-regexp-alist '("\\`bplist00" . no-conversion))
  (add-to-list 'format-alist
               '(plist-lsp-binary "Apple binary property list (bplist00), edited as XML by plist-lsp"
                                  "\\`bplist00" plist-lsp--binary-decode plist-lsp--binary-encode t nil nil))
  (add-to-list 'magic-mode-alist '(plist-lsp--binary-buffer-p . plist-mode))
  (add-hook 'find-file-hook #'plist-lsp--binary-unconverted))

;;; Signed configuration profiles

;; A signed profile (a .mobileconfig that is a CMS SignedData structure: first bytes 30 80 or
;; 30 81-84) is shown as the plist it signs, as `plist-lsp convert --to xml1' writes it, in
;; `plist-mode' (so the server checks it), read-only, and is never written: editing it would
;; break its signature (docs/profiles.md).  Only a .mobileconfig: certificates start with the
;; same bytes.

(defvar-local plist-lsp--signed nil
  "Non-nil in a buffer that shows the plist a signed configuration profile signs.")
(put 'plist-lsp--signed 'permanent-local t)

(defconst plist-lsp--signed-note
  "a signed profile, read-only: editing it breaks its signature"
  "What a user is told of a buffer that shows a signed profile's plist.")

(defconst plist-lsp--signed-regexp
  (concat "\\`0\\(?:\x80\\|\x81[^z-a]\\|\x82[^z-a]\\{2\\}\\|\x83[^z-a]\\{3\\}\\|\x84[^z-a]\\{4\\}\\)"
          ;; The SignedData object identifier (1.2.840.113549.1.7.2) that follows, as the server checks.
          (regexp-quote "\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x02"))
  "The first bytes of a CMS SignedData structure (DER or BER).
As read with `no-conversion'.")

(defun plist-lsp--signed-profile-name-p (file)
  "Whether FILE is named as a configuration profile (*.mobileconfig)."
  (and file (let ((case-fold-search t)) (string-match-p "\\.mobileconfig\\'" file))))

(defun plist-lsp--drop-format (format)
  "Remove FORMAT from this buffer's `format-alist'.
`format-decode' tries every format again after one decoded, until none
matches the text: bytes left as they are would match again, forever."
  (setq-local format-alist (seq-remove (lambda (f) (eq (car f) format)) format-alist)))

(defun plist-lsp--signed-decode (begin end)
  "Show the plist the signed profile between BEGIN and END signs.
Return the new end.  A file not named *.mobileconfig is left as it is;
a profile whose plist cannot be read shows its bytes, read-only, and
the reason once."
  (if (not (plist-lsp--signed-profile-name-p buffer-file-name))
      (progn (plist-lsp--drop-format 'plist-lsp-signed) end)
    (plist-lsp--multibyte)
    (condition-case err
        (prog1 (plist-lsp--convert-region begin end "xml1")
          (setq plist-lsp--signed t)
          ;; Never written: the mode line names the text's coding, not the bytes'.
          (setq buffer-file-coding-system 'utf-8-unix)
          (setq plist-lsp--unconverted nil))
      (error
       (plist-lsp--drop-format 'plist-lsp-signed)
       (setq plist-lsp--unconverted (error-message-string err))
       (display-warning 'plist-lsp
                        (format "%s is a signed configuration profile whose plist cannot be read; shown as bytes, read-only: %s"
                                (or buffer-file-name "the file") (error-message-string err)))
       end))))

(defun plist-lsp--signed-encode (_begin _end buffer)
  "Refuse to write BUFFER's text over a signed profile: signal an error.
Nothing is written, whether the buffer was made writable or not."
  (error "plist-lsp: %s not written: a signed profile (editing it breaks its signature)"
         (or (and (buffer-live-p buffer) (buffer-file-name buffer)) buffer-file-name (buffer-name))))

(defun plist-lsp--signed-visited ()
  "Make a buffer that shows a signed profile's plist read-only, and say why.
The note stays in the header line (the server's connect message
replaces the echo area's).  For `find-file-hook'."
  (cond
   (plist-lsp--signed
    (setq buffer-read-only t)
    (setq header-line-format (list (concat " plist-lsp: " plist-lsp--signed-note)))
    (message "plist-lsp: %s: %s; shown is the plist it signs"
             (file-name-nondirectory buffer-file-name) plist-lsp--signed-note))
   ((memq 'plist-lsp-signed buffer-file-format)
    ;; Not converted (another file's name, or it did not convert): saved as the bytes it has.
    (setq buffer-file-format (delq 'plist-lsp-signed buffer-file-format)))))

(when plist-lsp-binary-plists
  (add-to-list 'auto-coding-regexp-alist (cons plist-lsp--signed-regexp 'no-conversion))
  (add-to-list 'format-alist
               (list 'plist-lsp-signed "Signed configuration profile (CMS), its plist shown read-only by plist-lsp"
                     plist-lsp--signed-regexp #'plist-lsp--signed-decode #'plist-lsp--signed-encode t nil nil))
  (add-hook 'find-file-hook #'plist-lsp--signed-visited))

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
             (seq-some (lambda (mode) (memq mode plist-lsp-modes)) (eglot--major-modes server)))
    (jsonrpc-notify server :workspace/didChangeConfiguration
                    (list :settings (list :plist plist-lsp-settings)))))

;; eglot's completion applies an item's textEdit in its exit function, after the completion UI
;; has put the item's label (the "proxy") in place of the symbol at point.  eglot 1.9 first
;; deletes what it takes to be the label's tail: (length proxy) minus the symbol's length,
;; counted back from point.  That holds only if the UI left exactly the label in the field with
;; point after it.  It does not always: with eglot's default `flex' style, C-M-i on
;; "<key>NSCameraUsa" merges NSCameraUsageDescription and NSMainCameraUsageDescription into the
;; former with point after "NS" (status `exact'), and eglot deleted "se/>\n\t<key>NS" before it
;; and put the edit on the next line; a label shorter than the symbol made it delete text after
;; the field.  The wrapper below puts the buffer back as it was when the server answered (the
;; symbol's original text, point after it) and hands eglot a proxy as long as that symbol, so
;; eglot deletes nothing of its own and applies the server's edit to the text it was made for.

(declare-function eglot-completion-at-point "eglot" ())

;; Emacs 28's `completion--replace' strips the text properties of the string it inserts, in
;; place, and with one candidate that string is the client's own cached candidate, which carries
;; the LSP item in its properties.  Both eglot 1.9 and lsp-mode 8 then find no item for the
;; candidate and apply no edit: `<key>NSLocationWhen' became the bare name with no "</key>", and
;; lsp-mode left "Privacy - " before the name.  The tables below hand out copies, so what is
;; stripped is a copy and the cache keeps its items.

(defun plist-lsp--copying-table (table &optional category on-candidate exact)
  "TABLE, whose candidates are copies; of CATEGORY when non-nil.
ON-CANDIDATE is called with each candidate before it is copied.  With
EXACT, a candidate is an exact match of itself (test-completion)."
  (lambda (probe pred action)
    (cond
     ((and exact (eq action 'lambda))
      (and (member probe (funcall table "" pred t)) t))
     ((and category (eq action 'metadata))
      (cons 'metadata
            (cons (cons 'category category)
                  (assq-delete-all 'category (copy-sequence (cdr (funcall table probe pred 'metadata)))))))
     ((eq action t)
      (mapcar (lambda (candidate)
                (when on-candidate (funcall on-candidate candidate))
                (copy-sequence candidate))
              (funcall table probe pred action)))
     (t (funcall table probe pred action)))))

(defun plist-lsp--completion-candidates (table pred)
  "Every candidate of TABLE that PRED accepts (the server filtered them)."
  (all-completions "" table pred))

(defun plist-lsp--completion-try (string table pred point)
  "The `plist-lsp' style's try function: STRING as it is, or the only candidate.
Never a merge of several candidates, whose text no candidate has (`flex'
turned \"com.apple.developer.associated\" into
\"com.apple.developer.apple.developer.associated-\"); POINT stays put."
  (let ((all (plist-lsp--completion-candidates table pred)))
    (cond ((null all) nil)
          ((and (null (cdr all)) (string= (car all) string)) t)
          ((null (cdr all)) (cons (car all) (length (car all))))
          (t (cons string point)))))

(defun plist-lsp--completion-all (_string table pred _point)
  "The `plist-lsp' style's candidates: all the server proposed, in TABLE and PRED."
  (let ((all (plist-lsp--completion-candidates table pred)))
    (and all (nconc all 0))))

(add-to-list 'completion-styles-alist
             '(plist-lsp plist-lsp--completion-try plist-lsp--completion-all
                         "Trust the plist-lsp server's filtering (raw and Xcode names)."))

;; The category of plist-lsp's completions.  Override it in `completion-category-overrides'
;; to use other styles.
(add-to-list 'completion-category-defaults '(plist-lsp (styles plist-lsp)))

(defun plist-lsp--eglot-completion-at-point ()
  "`eglot-completion-at-point', with an exit function that cannot damage text.
Its completions are of category `plist-lsp', whose style shows what the
server proposed and inserts only a candidate the user chose or the only one."
  (let ((capf (eglot-completion-at-point)))
    (if (not (and (consp capf) (plist-get (nthcdr 3 capf) :exit-function)))
        capf
      (let* ((beg (nth 0 capf))
             (end (nth 1 capf))
             ;; Each candidate's LSP item, by its text (see `plist-lsp--copying-table').
             (items (make-hash-table :test #'equal))
             (table (plist-lsp--copying-table
                     (nth 2 capf) 'plist-lsp
                     (lambda (candidate)
                       (let ((item (get-text-property 0 'eglot--lsp-item candidate)))
                         (when item (puthash (substring-no-properties candidate) item items))))))
             (props (copy-sequence (nthcdr 3 capf)))
             (exit (plist-get props :exit-function))
             (original (buffer-substring-no-properties beg end))
             (start (copy-marker beg))
             (finish (copy-marker end t)))
        (append (list beg end table)
                (plist-put
                 props :exit-function
                 (lambda (proxy status)
                   (let ((item (and (memq status '(finished exact))
                                    (or (get-text-property 0 'eglot--lsp-item proxy)
                                        (gethash proxy items)))))
                     (if (not item)
                         (funcall exit proxy status)
                       ;; The text the server's edit was made for, point where eglot expects it.
                       (goto-char start)
                       (delete-region start finish)
                       (insert original)
                       (if (= (length original) 0)
                           (let ((inserted (copy-sequence proxy)))
                             (put-text-property 0 (length inserted) 'eglot--lsp-item item inserted)
                             (insert inserted)
                             (funcall exit inserted status))
                         (funcall exit (propertize (make-string (length original) ?x)
                                                   'eglot--lsp-item item)
                                  status)))
                     (set-marker start nil)
                     (set-marker finish nil)))))))))

(defun plist-lsp--eglot-use-safe-completion ()
  "Use `plist-lsp--eglot-completion-at-point' in eglot buffers.
Those of `plist-lsp-modes'; in `plist-strings-mode' too: there
eglot's own completion turned \"Privacy - Cam into \"Privacy - Came
\(its `flex' style merged the candidates)."
  (when (apply #'derived-mode-p plist-lsp-modes)
    (if (bound-and-true-p eglot--managed-mode)
        (when (memq #'eglot-completion-at-point completion-at-point-functions)
          (remove-hook 'completion-at-point-functions #'eglot-completion-at-point t)
          (add-hook 'completion-at-point-functions #'plist-lsp--eglot-completion-at-point nil t))
      (remove-hook 'completion-at-point-functions #'plist-lsp--eglot-completion-at-point t))))

(defun plist-lsp-eglot-setup ()
  "Register plist-lsp with eglot for `plist-mode' buffers (languageId \"plist\")."
  (add-to-list 'eglot-server-programs
               '((plist-strings-mode :language-id "strings") . plist-lsp--eglot-contact))
  (add-to-list 'eglot-server-programs
               '((xcstrings-mode :language-id "xcstrings") . plist-lsp--eglot-contact))
  (add-to-list 'eglot-server-programs
               '((plist-mode :language-id "plist") . plist-lsp--eglot-contact))
  (add-hook 'eglot-connect-hook #'plist-lsp--eglot-send-settings t)
  (add-hook 'eglot-managed-mode-hook #'plist-lsp--eglot-use-safe-completion))

;;;###autoload
(with-eval-after-load 'eglot (plist-lsp-eglot-setup))

;;;; Tag editing, with eglot or lsp-mode
;; Both clients add the close tag as the `>' of a start tag is typed (the server's
;; textDocument/onTypeFormatting, trigger `>'; point stays between the tags) and highlight the
;; tag pair at point (documentHighlight).  Neither implements textDocument/linkedEditingRange, so
;; `plist-lsp-rename-tag' renames both tags of an element; `plist-lsp-matching-tag' jumps between
;; them (plist/matchingTag).

(declare-function eglot--current-server-or-lose "eglot" ())
(declare-function eglot--TextDocumentPositionParams "eglot" ())
(declare-function eglot--lsp-position-to-point "eglot" (pos-plist &optional marker))
(declare-function eglot--apply-text-edits "eglot" (edits &optional version))
(declare-function eglot--signal-textDocument/didChange "eglot" ())
(declare-function jsonrpc-request "jsonrpc" (connection method params &rest args))
(declare-function lsp-request "lsp-mode" (method params &rest args))
(declare-function lsp--text-document-position-params "lsp-mode" (&optional identifier position))
(declare-function lsp--position-to-point "lsp-mode" (params))
(declare-function lsp--apply-text-edits "lsp-mode" (edits &optional operation))

(defun plist-lsp--tag-request (method)
  "Send METHOD (a string) with the position at point; return (CLIENT . RESULT)."
  (cond
   ((bound-and-true-p eglot--managed-mode)
    ;; The buffer's pending changes first (eglot sends them after an idle time).
    (eglot--signal-textDocument/didChange)
    (cons 'eglot (jsonrpc-request (eglot--current-server-or-lose) (intern (concat ":" method))
                                  (eglot--TextDocumentPositionParams))))
   ((bound-and-true-p lsp-mode)
    (cons 'lsp (lsp-request method (lsp--text-document-position-params))))
   (t (user-error "plist-lsp: no language server in this buffer"))))

(defun plist-lsp-matching-tag ()
  "Jump to the tag matching the start or end tag at point."
  (interactive)
  (pcase-let ((`(,client . ,position) (plist-lsp--tag-request "plist/matchingTag")))
    (if (not position)
        (message "plist-lsp: no matching tag at point")
      (push-mark)
      (goto-char (if (eq client 'eglot) (eglot--lsp-position-to-point position)
                   (lsp--position-to-point position))))))

(defun plist-lsp-rename-tag (name)
  "Rename the element at point to NAME, in its start and end tag."
  (interactive "sNew element name: ")
  (unless (string-match-p "\\`[A-Za-z_:][-A-Za-z0-9_.:]*\\'" name)
    (user-error "plist-lsp: not an element name: %s" name))
  (pcase-let ((`(,client . ,result) (plist-lsp--tag-request "textDocument/linkedEditingRange")))
    (let ((ranges (and result (if (eq client 'eglot) (plist-get result :ranges) (gethash "ranges" result)))))
      (unless ranges (user-error "plist-lsp: no tag pair at point"))
      (if (eq client 'eglot)
          (eglot--apply-text-edits (mapcar (lambda (r) (list :range r :newText name)) ranges))
        (lsp--apply-text-edits
         (mapcar (lambda (r) (let ((edit (make-hash-table :test 'equal)))
                               (puthash "range" r edit)
                               (puthash "newText" name edit)
                               edit))
                 ranges))))))

(define-key plist-mode-map (kbd "C-c %") #'plist-lsp-matching-tag)
(define-key plist-mode-map (kbd "C-c C-r") #'plist-lsp-rename-tag)

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

(declare-function lsp-completion-at-point "lsp-completion" ())

(defun plist-lsp--lsp-completion-at-point ()
  "`lsp-completion-at-point', with copies as candidates.
See `plist-lsp--copying-table'."
  (let ((capf (lsp-completion-at-point)))
    (if (not (consp capf))
        capf
      ;; lsp-mode 8 says no candidate is an exact match (it wants company to show its list), so
      ;; after C-M-i inserts the only candidate it never runs the exit function: no edit, and
      ;; `<key>Privacy - Cam' became `<key>Privacy - NSCameraUsageDescription'.
      (append (list (nth 0 capf) (nth 1 capf) (plist-lsp--copying-table (nth 2 capf) nil nil t))
              (nthcdr 3 capf)))))

(defun plist-lsp--lsp-use-safe-completion ()
  "Use `plist-lsp--lsp-completion-at-point' in lsp-mode buffers.
Those of `plist-lsp-modes'."
  (when (apply #'derived-mode-p plist-lsp-modes)
    (if (bound-and-true-p lsp-completion-mode)
        (when (memq #'lsp-completion-at-point completion-at-point-functions)
          (remove-hook 'completion-at-point-functions #'lsp-completion-at-point t)
          (add-hook 'completion-at-point-functions #'plist-lsp--lsp-completion-at-point nil t))
      (remove-hook 'completion-at-point-functions #'plist-lsp--lsp-completion-at-point t))))

(defun plist-lsp-lsp-mode-setup ()
  "Register plist-lsp with lsp-mode for `plist-mode' buffers.
lsp-mode counts columns in code points, so the client asks the
server for UTF-32 positions (the server's default is UTF-16)."
  (add-to-list 'lsp-language-id-configuration '(plist-mode . "plist"))
  (add-to-list 'lsp-language-id-configuration '(plist-strings-mode . "strings"))
  (add-to-list 'lsp-language-id-configuration '(xcstrings-mode . "xcstrings"))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection #'plist-lsp--command)
    :activation-fn (lsp-activate-on "plist" "strings" "xcstrings")
    :major-modes '(plist-mode plist-strings-mode xcstrings-mode)
    :server-id 'plist-lsp
    :priority 1
    :custom-capabilities '((general . ((positionEncodings . ["utf-32"]))))
    :initialization-options (lambda () (list :settings (plist-lsp--settings-object)))
    :initialized-fn #'plist-lsp--lsp-initialized))
  (add-hook 'lsp-completion-mode-hook #'plist-lsp--lsp-use-safe-completion))

;;;###autoload
(with-eval-after-load 'lsp-mode (plist-lsp-lsp-mode-setup))

(provide 'plist-lsp)
;;; plist-lsp.el ends here
