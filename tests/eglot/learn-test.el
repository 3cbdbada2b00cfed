;;; learn-test.el --- "Learn rule: never use `…`" from the region  -*- lexical-binding: t -*-

;; The learn action is offered for a selection — a non-empty range — and never for an empty
;; one. M-x eglot-code-actions sends the active region; without one, eglot 1.9 sends the
;; bounds of the sexp at point (`eglot--region-bounds'), or point alone where there is none
;; (so on a word, even without a region, the server sees that word as the selection).

;;; Code:

(load (expand-file-name "helpers" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(defun learn-test-select-json ()
  "Activate the region over the `JSON' of format.ts's line 12, as the user marks it."
  (transient-mark-mode 1)
  (goto-char (point-min))
  (forward-line 11)
  (should (looking-at "  return JSON.parse(raw);$"))
  (search-forward "JSON")
  (push-mark (match-beginning 0) t t)
  (should (use-region-p)))

(defun learn-test-titles (beg end)
  "The titles of the actions the server offers for BEG..END, asked directly."
  (mapcar (lambda (a) (plist-get a :title))
          (autofix-test-request
           :textDocument/codeAction
           (list :textDocument (eglot--TextDocumentIdentifier)
                 :range (list :start (eglot--pos-to-lsp-position beg)
                              :end (eglot--pos-to-lsp-position end))
                 :context (list :diagnostics [])))))

(ert-deftest learn-offered-for-a-selection-only ()
  "A region gets the learn action, titled with the region's text; an empty range gets none."
  (autofix-test-with-demo nil
    (let ((format (autofix-test-open "src/lib/format.ts")))
      (should (= 2 (length (autofix-test-wait-diags (lambda (d) (= (length d) 2)) format))))
      (learn-test-select-json)
      (should (equal (autofix-test-code-action-menu) '("Learn rule: never use `JSON`")))
      ;; The same place as an empty range: nothing to learn (and nothing else there).
      (should (equal (learn-test-titles (point) (point)) '()))
      (deactivate-mark)
      ;; No region and no sexp at point (the line's indentation): eglot sends point alone,
      ;; and there is no action at all.
      (back-to-indentation)
      (backward-char 1)
      (should-not (use-region-p))
      (should (equal (eglot--region-bounds) '(nil nil)))
      (should-not (autofix-test-code-action-menu))
      ;; An empty range on a violation: its fixes, nothing to learn.
      (goto-char (point-min))
      (forward-line 10)
      (search-forward ": any")
      (should (equal (learn-test-titles (point) (point))
                     '("Fix: replace with `: unknown`" "Ignore rule #5 on this line"))))))

(ert-deftest learn-from-selection-records-the-rule ()
  "Picking the action appends the rule to .agents/autofix.json (after a yes), says so, and
the new rule's diagnostics appear at once."
  (autofix-test-with-demo nil
    (let ((format (autofix-test-open "src/lib/format.ts"))
          (rules (autofix-test-file ".agents/autofix.json")))
      (should (= 2 (length (autofix-test-wait-diags (lambda (d) (= (length d) 2)) format))))
      (learn-test-select-json)
      (setq autofix-test-answers (list t))
      (autofix-test-code-action-menu "Learn rule: never use `JSON`")
      (should (equal autofix-test-asked
                     (list (format "[eglot] Server wants to edit:\n  %s\n Proceed? " rules))))
      ;; eglot edits the buffer and saves nothing: the message says the rule is only there.
      (should (equal (autofix-test-wait-message "^\\[eglot\\] Server reports (type=3): Learned rule")
                     '("[eglot] Server reports (type=3): Learned rule #14 ([CODE]): Never use `JSON` in *.ts files. — recorded in .agents/autofix.json — unsaved: save .agents/autofix.json to keep it")))
      (autofix-test-idle)
      ;; In the rules file's buffer (eglot opened it), for the user to save.
      (with-current-buffer (get-file-buffer rules)
        (should (buffer-modified-p))
        (let ((added (car (last (json-parse-string (buffer-string) :object-type 'alist
                                                   :array-type 'list)))))
          (should (equal (alist-get 'Rule_number added) 14))
          (should (equal (alist-get 'Instruction added) "Never use `JSON` in *.ts files."))
          (should (equal (alist-get 'Check added)
                         '((Files "**/*.ts") (Pattern . "\\bJSON\\b"))))))
      ;; The open rules buffer is in force: both JSON.parse calls are flagged.
      (with-current-buffer format
        (deactivate-mark)
        (should (equal (autofix-test-wait-diags (lambda (d) (= (length d) 4)) format)
                       '((1 16 1 27 eglot-warning "autofix [7]: Always use camelCase for helper function names.")
                         (8 9 8 13 eglot-warning "autofix [14]: Never use `JSON` in *.ts files.")
                         (11 34 11 39 eglot-warning "autofix [5]: Never use `any` in TypeScript - use `unknown` with type guards.")
                         (12 9 12 13 eglot-warning "autofix [14]: Never use `JSON` in *.ts files."))))))))

;;; learn-test.el ends here
