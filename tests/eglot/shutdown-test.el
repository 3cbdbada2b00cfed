;;; shutdown-test.el --- M-x eglot-shutdown, and the server's own exit  -*- lexical-binding: t -*-

;;; Code:

(load (expand-file-name "helpers" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(defun shutdown-test-errors (server)
  "The error replies and error-level output in SERVER's events and stderr buffers."
  (append
   (with-current-buffer (jsonrpc-events-buffer server)
     (goto-char (point-min))
     (let (found)
       (while (re-search-forward ":error[ \t\n]*(:code\\|(:type 1 " nil t)
         (push (buffer-substring-no-properties (line-beginning-position) (line-end-position)) found))
       found))
   (with-current-buffer (jsonrpc-stderr-buffer server)
     (let ((text (buffer-string)))
       (and (string-match-p "ERROR\\|panic" text) (list text))))))

(ert-deftest shutdown-by-eglot ()
  "\\[eglot-shutdown]: the server answers `shutdown', nothing went wrong on the way, and the
buffers are no longer managed."
  (autofix-test-with-demo nil
    (let* ((format (autofix-test-open "src/lib/format.ts"))
           (server (eglot-current-server))
           (process (jsonrpc--process server)))
      (should (= 2 (length (autofix-test-wait-diags (lambda (d) (= (length d) 2)) format))))
      ;; Some work first: a hover and an edit.
      (goto-char (point-min))
      (forward-line 10)
      (search-forward "any")
      (should (autofix-test-request :textDocument/hover (eglot--TextDocumentPositionParams)))
      (insert " ")
      (autofix-test-idle)
      (autofix-test-settle 0.2)
      ;; As the command does, keeping the events buffer to read (a prefix argument).
      (eglot-shutdown server nil nil t)
      (should-not (process-live-p process))
      (should-not (with-current-buffer format eglot--managed-mode))
      (should-not (eglot-current-server))
      (with-current-buffer (jsonrpc-events-buffer server)
        ;; The shutdown request, its reply, then the exit notification.
        (goto-char (point-max))
        (should (re-search-backward "^(:jsonrpc \"2.0\" :id \\([0-9]+\\) :method \"shutdown\"" nil t))
        (let ((id (match-string 1)))
          (should (re-search-forward (format "^\\[server-reply\\] (id:%s)" id) nil t))
          (forward-line 1)
          (should (looking-at (format "(:jsonrpc \"2.0\" :result nil :id %s)$" id)))
          (should (re-search-forward "^(:jsonrpc \"2.0\" :method \"exit\"" nil t))))
      (should-not (shutdown-test-errors server))
      (should-not (autofix-test-messages-matching "\\[eglot\\] (warning)\\|Server reports (type=1)")))))

(ert-deftest shutdown-exits-by-itself ()
  "After `shutdown' and `exit' the server ends on its own with status 0. (eglot 1.9's
jsonrpc kills the process right after sending `exit', so \\[eglot-shutdown] shows status 9
whatever the server does; here eglot's steps are taken without the kill.)"
  (autofix-test-with-demo nil
    (let* ((format (autofix-test-open "src/lib/format.ts"))
           (server (eglot-current-server))
           (process (jsonrpc--process server)))
      (should (= 2 (length (autofix-test-wait-diags (lambda (d) (= (length d) 2)) format))))
      (setf (eglot--shutdown-requested server) t) ; as `eglot-shutdown' does: no reconnection
      (should-not (jsonrpc-request server :shutdown nil :timeout 5))
      (jsonrpc-notify server :exit nil)
      (should (autofix-test-wait (lambda () (not (process-live-p process))) 5))
      (should (eq (process-status process) 'exit))
      (should (= (process-exit-status process) 0))
      (should (autofix-test-wait-message "^\\[jsonrpc\\] Server exited with status 0$"))
      (should-not (with-current-buffer format eglot--managed-mode))
      (should-not (shutdown-test-errors server)))))

;;; shutdown-test.el ends here
