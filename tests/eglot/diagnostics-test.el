;;; diagnostics-test.el --- flymake diagnostics from autofix in eglot  -*- lexical-binding: t -*-

;; What a user sees on opening a file of examples/demo that breaks its rules, and while editing
;; it: flymake diagnostics with the rule's message, at the rule's place, gone once fixed.

;;; Code:

(load (expand-file-name "helpers" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(defconst diagnostics-test-any
  "autofix [5]: Never use `any` in TypeScript - use `unknown` with type guards.")
(defconst diagnostics-test-camel
  "autofix [7]: Always use camelCase for helper function names.")

(ert-deftest diagnostics-on-open ()
  "Opening a file with violations shows each as a flymake diagnostic where `autofix check' puts it."
  (autofix-test-with-demo nil
    ;; `autofix check' reports format.ts:1:17 (#7) and format.ts:11:35 (#5); line 7's `any'
    ;; carries an `autofix-ignore: 5' comment on the line above.
    (let ((format (autofix-test-open "src/lib/format.ts")))
      (should (equal (autofix-test-wait-diags (lambda (d) (= (length d) 2)) format)
                     `((1 16 1 27 eglot-warning ,diagnostics-test-camel)
                       (11 34 11 39 eglot-warning ,diagnostics-test-any)))))
    ;; Severity error (#2's forbidden path: all of line 1; #12: the axios import).
    (let ((users (autofix-test-open "src/api/users.ts")))
      (should (equal (autofix-test-wait-diags (lambda (d) (= (length d) 2)) users)
                     '((1 0 1 26 eglot-error
                          "autofix [2]: API route handlers live in src/server/routes/, not src/api/.")
                       (1 13 1 25 eglot-error
                          "autofix [12]: Always use native fetch instead of Axios.")))))))

(ert-deftest diagnostics-follow-edits ()
  "Fixing a violation in the buffer clears it (didChange); a new one appears at its place,
columns counted right past a character outside the BMP (UTF-16 positions both ways)."
  (autofix-test-with-demo nil
    (let ((format (autofix-test-open "src/lib/format.ts")))
      (should (= 2 (length (autofix-test-wait-diags (lambda (d) (= (length d) 2)) format))))
      ;; The user fixes line 11 and pauses.
      (goto-char (point-min))
      (forward-line 10)
      (should (looking-at (regexp-quote "export function parse(raw: string): any {")))
      (search-forward ": any")
      (replace-match ": unknown" t t)
      (autofix-test-idle)
      (should (equal (autofix-test-wait-diags (lambda (d) (= (length d) 1)) format)
                     `((1 16 1 27 eglot-warning ,diagnostics-test-camel))))
      ;; An emoji (two UTF-16 code units, one Emacs character) before a new `any'.
      (goto-char (line-beginning-position))
      (search-forward "raw")
      (insert "🚀")
      (search-forward ": unknown")
      (replace-match ": any" t t)
      (autofix-test-idle)
      (should (equal (buffer-substring-no-properties (line-beginning-position) (line-end-position))
                     "export function parse(raw🚀: string): any {"))
      (should (equal (autofix-test-wait-diags (lambda (d) (= (length d) 2)) format)
                     `((1 16 1 27 eglot-warning ,diagnostics-test-camel)
                       (11 35 11 40 eglot-warning ,diagnostics-test-any))))
      ;; Undone by hand: clean again.
      (search-backward ": any")
      (replace-match ": unknown" t t)
      (autofix-test-idle)
      (should (equal (autofix-test-wait-diags (lambda (d) (= (length d) 1)) format)
                     `((1 16 1 27 eglot-warning ,diagnostics-test-camel)))))))

;;; diagnostics-test.el ends here
