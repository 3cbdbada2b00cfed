;;; rules-test.el --- a broken rules file, told to an eglot user  -*- lexical-binding: t -*-

;; eglot shows no `autofix/status' (it does not announce `experimental.autofixStatus'), so a
;; rules file that does not parse — and that the user may never open — is reported once with
;; window/showMessage, naming its place (file:line:col) and what stays in force.

;;; Code:

(load (expand-file-name "helpers" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(defconst rules-test-broken "[\n  {\n    \"Rule_number\": 1,,\n  }\n]\n"
  "A rules file whose line 3 has a stray comma at column 22.")

(defconst rules-test-told
  (concat "^\\[eglot\\] Server reports (type=1): autofix: \\.agents/autofix\\.json:3:22: "
          "invalid JSON: .*")
  "The message for `rules-test-broken', as *Messages* shows it.")

(defvar rules-test-good nil "The demo's rules file, as it was.")

(defun rules-test-break (dir)
  "Replace the rules file of the demo copy DIR by `rules-test-broken', on disk."
  (let ((file (expand-file-name ".agents/autofix.json" dir)))
    (setq rules-test-good (with-temp-buffer (insert-file-contents file) (buffer-string)))
    (with-temp-file file (insert rules-test-broken))))

(ert-deftest rules-broken-on-disk-told-once ()
  "Broken before the server starts, never opened: one error message with file:line:col; no
rule applies; told once however often the server reconsiders its rules."
  (autofix-test-with-demo #'rules-test-break
    (let ((format (autofix-test-open "src/lib/format.ts")))
      (should (equal (autofix-test-wait-message rules-test-told)
                     (list (concat "[eglot] Server reports (type=1): autofix: .agents/autofix.json:3:22: "
                                   "invalid JSON: Unexpected token in object — fix the syntax here; "
                                   "autofix.json is plain JSON (no comments, no trailing commas) "
                                   "(none of its rules apply until it is fixed)"))))
      ;; Without rules, format.ts is clean (published, and empty).
      (should (equal (autofix-test-wait-published "src/lib/format.ts") []))
      (should-not (autofix-test-diags format))
      ;; More files opened and edited, and the settings sent again (which reads the rules
      ;; again, and sends the status again): the message is not repeated.
      (autofix-test-open "src/server/routes/orders.ts")
      (should (equal (autofix-test-wait-published "src/server/routes/orders.ts") []))
      (let ((seen (length (autofix-test-published "src/lib/format.ts"))))
        (with-current-buffer format
          (goto-char (point-max))
          (insert "export const x: any = 1;\n")
          (autofix-test-idle))
        ;; Still no rule applies.
        (should (equal (autofix-test-wait-published "src/lib/format.ts" seen) [])))
      (let ((broken (lambda ()
                      (cl-count-if (lambda (p) (eq (plist-get p :broken) t))
                                   (autofix-test-notifications 'autofix/status)))))
        (let ((before (funcall broken)))
          (should (>= before 1))
          (eglot-signal-didChangeConfiguration (eglot-current-server))
          (should (autofix-test-wait (lambda () (> (funcall broken) before))))))
      (autofix-test-settle 0.3)
      (should (= 1 (length (autofix-test-messages-matching rules-test-told)))))))

(ert-deftest rules-mended-then-broken-again ()
  "Mended in Emacs, the rules apply again; broken again, the user is told again, now that
the last good rules stay in force."
  (autofix-test-with-demo #'rules-test-break
    (let ((format (autofix-test-open "src/lib/format.ts")))
      (should (autofix-test-wait-message rules-test-told))
      (with-current-buffer (autofix-test-open ".agents/autofix.json")
        ;; Open, it gets the lint's diagnostic at the stray comma.
        (should (equal (mapcar (lambda (d) (butlast d 2))
                               (autofix-test-wait-diags (lambda (d) d)))
                       '((3 21 3 22))))
        (erase-buffer)
        (insert rules-test-good)
        (autofix-test-idle)
        (save-buffer))
      (should (equal (mapcar #'car (autofix-test-wait-diags (lambda (d) (= (length d) 2)) format))
                     '(1 11)))
      (with-current-buffer (get-file-buffer (autofix-test-file ".agents/autofix.json"))
        (goto-char (point-min))
        (search-forward "\"Rule_number\": 1,")
        (insert ",")
        (autofix-test-idle))
      (should (equal (autofix-test-wait-message
                      "^\\[eglot\\] Server reports (type=1): autofix: \\.agents/autofix\\.json:3:22: .*(its last good rules stay in force (12))$")
                     (list (concat "[eglot] Server reports (type=1): autofix: .agents/autofix.json:3:22: "
                                   "invalid JSON: Unexpected token in object — fix the syntax here; "
                                   "autofix.json is plain JSON (no comments, no trailing commas) "
                                   "(its last good rules stay in force (12))"))))
      ;; …and they do.
      (should (equal (mapcar #'car (autofix-test-diags format)) '(1 11))))))

;;; rules-test.el ends here
