;;; hover-test.el --- hovers on violations, in the format eglot asks for  -*- lexical-binding: t -*-

;; eglot 1.9 announces hover formats ["markdown" "plaintext"] when markdown-mode's
;; `gfm-view-mode' is available to render them, else ["plaintext"] alone; the server answers
;; in the first format the client lists.

;;; Code:

(load (expand-file-name "helpers" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(defun hover-test-at-any ()
  "Point on the `any' of format.ts's line 11 (rule #5's violation)."
  (goto-char (point-min))
  (forward-line 10)
  (search-forward ": any")
  (backward-char 1))

(defun hover-test-asked-formats ()
  "The hover formats eglot announced to the server."
  (append (plist-get (plist-get (plist-get autofix-test-capabilities :textDocument) :hover)
                     :contentFormat)
          nil))

(defconst hover-test-markup "\\*\\*\\|`\\|\\](\\|^#\\|\\_<_[^_ ]"
  "Markdown syntax: strong emphasis, code spans, links, headings, `_emphasis_'.")

(defun hover-test-says-rule-5 (text)
  "Whether TEXT (markup left out) tells rule #5: number, category, instruction, why, where."
  (let ((words (replace-regexp-in-string "[`*_]" "" text)))
    (and (string-match-p "Rule #5\\b" words)
         (string-match-p (regexp-quote "[CODE]") words)
         (string-match-p (regexp-quote "Never use any in TypeScript - use unknown with type guards.")
                         words)
         (string-match-p (regexp-quote "prevents runtime errors") words)
         (string-match-p (regexp-quote ".agents/autofix.json") words))))

(ert-deftest hover-plaintext-without-markdown-mode ()
  "Without markdown-mode eglot asks for plain text, and the hover is plain text, as eldoc shows it."
  (autofix-test-with-demo nil
    (should-not (fboundp 'gfm-view-mode))
    (let ((format (autofix-test-open "src/lib/format.ts")))
      (should (equal (hover-test-asked-formats) '("plaintext")))
      (should (= 2 (length (autofix-test-wait-diags (lambda (d) (= (length d) 2)) format))))
      (hover-test-at-any)
      (let* ((hover (autofix-test-request :textDocument/hover (eglot--TextDocumentPositionParams)))
             (contents (plist-get hover :contents))
             (text (plist-get contents :value)))
        (autofix-test-log "hover: %S" text)
        (should (equal (plist-get contents :kind) "plaintext"))
        (should (hover-test-says-rule-5 text))
        (should-not (string-match-p hover-test-markup text))
        ;; The violation's range: line 11, `: any' (UTF-16 columns 34-39).
        (should (equal (plist-get hover :range)
                       '(:start (:line 10 :character 34) :end (:line 10 :character 39))))
        ;; What eldoc gets from eglot (`eglot-hover-eldoc-function'): the same text.
        (should (equal (eglot--hover-info contents (plist-get hover :range)) text)))
      ;; Off any violation: no hover at all.
      (goto-char (point-min))
      (forward-line 11)
      (back-to-indentation)
      (should-not (autofix-test-request :textDocument/hover (eglot--TextDocumentPositionParams))))))

(ert-deftest hover-markdown-with-markdown-mode ()
  "With markdown-mode's `gfm-view-mode' eglot asks for Markdown first, and gets Markdown."
  (autofix-test-with-demo nil
    ;; Only while connecting: eglot reads `fboundp' once, to build its capabilities.
    (cl-letf (((symbol-function 'gfm-view-mode) #'text-mode))
      (autofix-test-open "src/lib/format.ts"))
    (should (equal (hover-test-asked-formats) '("markdown" "plaintext")))
    (should (= 2 (length (autofix-test-wait-diags (lambda (d) (= (length d) 2))))))
    (hover-test-at-any)
    (let* ((contents (plist-get (autofix-test-request :textDocument/hover
                                                      (eglot--TextDocumentPositionParams))
                                :contents))
           (text (plist-get contents :value)))
      (should (equal (plist-get contents :kind) "markdown"))
      (should (hover-test-says-rule-5 text))
      ;; The rule's code spans stay code spans.
      (should (string-match-p (regexp-quote "Never use `any` in TypeScript - use `unknown`") text))
      (should (string-match-p hover-test-markup text)))))

;;; hover-test.el ends here
