;;; apply-diff-test.el --- "Apply diff to PATH" from a note, and what eglot shows of it  -*- lexical-binding: t -*-

;; An agent's SEARCH/REPLACE diff pasted in a note (a markdown buffer): M-x eglot-code-actions
;; on it offers "Apply diff to PATH (N blocks)", which runs `autofix.applyDiff'; the edit comes
;; back as workspace/applyEdit, which eglot applies once the user says yes. eglot drops the
;; replies of commands, so the server reports the outcome with window/showMessage (a summary,
;; in the echo area and *Messages*) and window/logMessage (each block, in the events buffer).

;;; Code:

(load (expand-file-name "helpers" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(defun apply-diff-test-note (target &rest blocks)
  "Open notes.md holding a fenced diff to TARGET made of BLOCKS, each (SEARCH . REPLACE).
Point is left inside the diff."
  (with-current-buffer (autofix-test-open "notes.md")
    (insert "The agent proposes:\n\n```ts " target "\n")
    (dolist (b blocks)
      (insert "<<<<<<< SEARCH\n" (car b) "\n=======\n" (cdr b) "\n>>>>>>> REPLACE\n"))
    (insert "```\n")
    (autofix-test-idle)                 ; didChange
    (search-backward "<<<<<<< SEARCH")
    (forward-line 1)
    (current-buffer)))

(defun apply-diff-test-question (relative)
  "The question eglot asks before it edits RELATIVE."
  (format "[eglot] Server wants to edit:\n  %s\n Proceed? " (autofix-test-file relative)))

(defun apply-diff-test-shown (regexp)
  "Wait for the message the server shows matching REGEXP (after eglot's prefix)."
  (autofix-test-wait-message (concat "^\\[eglot\\] Server reports (type=[0-9]): " regexp)))

(ert-deftest apply-diff-applies-after-confirmation ()
  "A diff whose blocks match lands in the target's buffer once the user says yes; the summary
and the blocks are reported; the target's diagnostics follow."
  (autofix-test-with-demo nil
    (let ((format (autofix-test-open "src/lib/format.ts"))
          (on-disk (autofix-test-read "src/lib/format.ts")))
      (should (= 2 (length (autofix-test-wait-diags (lambda (d) (= (length d) 2)) format))))
      (with-current-buffer (apply-diff-test-note
                            "src/lib/format.ts"
                            '("export function format_date(date: Date): string {"
                              . "export function formatDate(date: Date): string {"))
        (setq autofix-test-answers (list t))
        (should (member "Apply diff to src/lib/format.ts (1 block)"
                        (autofix-test-code-action-menu "Apply diff to src/lib/format.ts (1 block)")))
        (should (equal (apply-diff-test-shown "autofix: src/lib/format.ts: .*")
                       '("[eglot] Server reports (type=3): autofix: src/lib/format.ts: 1 of 1 block applied (details in the log)")))
        (should (equal autofix-test-asked (list (apply-diff-test-question "src/lib/format.ts")))))
      (with-current-buffer format
        (goto-char (point-min))
        (should (equal (buffer-substring-no-properties (point) (line-end-position))
                       "export function formatDate(date: Date): string {"))
        ;; Applied to the buffer, for the user to save: the file is untouched so far.
        (should (buffer-modified-p))
        (should (equal (autofix-test-read "src/lib/format.ts") on-disk))
        (autofix-test-idle)
        ;; #7 (snake_case helper name) is fixed; #5 stays.
        (should (equal (mapcar (lambda (d) (list (car d) (nth 5 d)))
                               (autofix-test-wait-diags (lambda (d) (= (length d) 1)) format))
                       '((11 "autofix [5]: Never use `any` in TypeScript - use `unknown` with type guards.")))))
      (should (equal (autofix-test-wait-logged "^autofix: src/lib/format.ts")
                     '(3 . "autofix: src/lib/format.ts: 1 of 1 block applied\n  block 1: applied at line 1 (100%)"))))))

(ert-deftest apply-diff-partly-applied ()
  "One block of two matches: it is applied, and the summary says one failed (a warning)."
  (autofix-test-with-demo nil
    (with-current-buffer (apply-diff-test-note
                          "src/lib/logger.ts"
                          '("export const logger = {" . "export const log = {")
                          '("this line is not in logger.ts" . "x"))
      (setq autofix-test-answers (list t))
      (autofix-test-code-action-menu "Apply diff to src/lib/logger.ts (2 blocks)")
      (should (equal (apply-diff-test-shown "autofix: src/lib/logger.ts: .*")
                     '("[eglot] Server reports (type=2): autofix: src/lib/logger.ts: 1 of 2 blocks applied, 1 failed (details in the log)")))
      ;; logger.ts was not open: eglot asked, opened it and edited the buffer.
      (should (equal autofix-test-asked (list (apply-diff-test-question "src/lib/logger.ts"))))
      (with-current-buffer (get-file-buffer (autofix-test-file "src/lib/logger.ts"))
        (goto-char (point-min))
        (should (looking-at "export const log = {\n  info(message: string) {\n")))
      (should (equal (car (autofix-test-wait-logged
                           (concat "\\`autofix: src/lib/logger.ts: 1 of 2 blocks applied, 1 failed\n"
                                   "  block 1: applied at line 1 (100%)\n"
                                   "  block 2: failed: No match for the SEARCH lines anywhere in the file\\. ")))
                     2)))))

(ert-deftest apply-diff-failure-is-reported ()
  "A diff whose SEARCH matches nothing edits nothing, asks nothing, and says it failed."
  (autofix-test-with-demo nil
    (let ((on-disk (autofix-test-read "src/lib/logger.ts")))
      (with-current-buffer (apply-diff-test-note
                            "src/lib/logger.ts"
                            '("export const logger = { warn() {} };" . "x"))
        (autofix-test-code-action-menu "Apply diff to src/lib/logger.ts (1 block)")
        (should (equal (apply-diff-test-shown "autofix: diff to src/lib/logger.ts .*")
                       '("[eglot] Server reports (type=2): autofix: diff to src/lib/logger.ts not applied: No block applied: 1 of 1 failed. (details in the log)")))
        (should-not autofix-test-asked)
        (should-not (get-file-buffer (autofix-test-file "src/lib/logger.ts")))
        (should (equal (autofix-test-read "src/lib/logger.ts") on-disk))
        ;; The details: why, and how close the file came.
        (should (equal (car (autofix-test-wait-logged
                             (concat "\\`autofix: diff to src/lib/logger.ts not applied: No block applied: 1 of 1 failed\\.\n"
                                     "  block 1: failed: No match for the SEARCH lines anywhere in the file\\. "
                                     ".*line 1.* [0-9.]+% similar")))
                       2))))))

(defun apply-diff-test-declined ()
  "Run `autofix.applyDiff' as a command ({path, diff}) on format.ts and answer no."
  (let ((format (autofix-test-open "src/lib/format.ts")))
    (should (= 2 (length (autofix-test-wait-diags (lambda (d) (= (length d) 2)) format))))
    (setq autofix-test-answers (list nil))
    (eglot-execute-command
     (eglot-current-server) 'autofix.applyDiff
     (vector (list :path "src/lib/format.ts"
                   :diff (concat "<<<<<<< SEARCH\n:start_line:11\n-------\n"
                                 "export function parse(raw: string): any {\n"
                                 "=======\n"
                                 "export function parse(raw: string): unknown {\n"
                                 ">>>>>>> REPLACE\n"))))
    (should (equal autofix-test-asked (list (apply-diff-test-question "src/lib/format.ts"))))
    format))

(ert-deftest apply-diff-by-command-declined ()
  "`autofix.applyDiff' run as a command; the user answers no: nothing changes, and the
message says the diff was not applied."
  (autofix-test-with-demo nil
    (let ((format (apply-diff-test-declined)))
      (should (apply-diff-test-shown
               "autofix: diff to src/lib/format\\.ts not applied: .*User cancelled server edit"))
      ;; The details in the log (what `apply-diff-declined-details-say-not-applied' reads).
      (should (autofix-test-wait-logged
               (concat "\\`autofix: diff to src/lib/format\\.ts not applied: .*User cancelled server edit\n"
                       "  block 1: ")))
      (with-current-buffer format
        (should-not (buffer-modified-p))
        (goto-char (point-min))
        (forward-line 10)
        (should (looking-at "export function parse(raw: string): any {$"))))))

(ert-deftest apply-diff-declined-details-say-not-applied ()
  "When the editor refuses the edit (here: the user said no), the details in the log say the
block matches but was not applied, and the summary gives the editor's own words (\"User
cancelled server edit\"), not the error code's name (\"Server error\")."
  (autofix-test-with-demo nil
    (apply-diff-test-declined)
    (let ((logged (cdr (autofix-test-wait-logged "^autofix: diff to src/lib/format\\.ts not applied"))))
      (autofix-test-log "logged: %S" logged)
      (should logged)
      (should-not (string-match-p "Server error" logged))
      (should-not (string-match-p "^  block 1: applied" logged))
      (should (string-match-p "^  block 1: matches at line 11 (not applied)" logged)))))

;;; apply-diff-test.el ends here
