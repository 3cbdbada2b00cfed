;;; helpers.el --- shared harness of the eglot end-to-end tests  -*- lexical-binding: t -*-

;; Loaded by each tests/eglot/*-test.el, run by scripts/test-eglot:
;;   emacs --batch -Q -L <eglot dir> -l tests/eglot/NAME-test.el -f ert-run-tests-batch-and-exit
;; Env: AUTOFIX (the server binary), AUTOFIX_REPO (the repository root).

;;; Code:

(require 'cl-lib)
(require 'ert)
(require 'subr-x)
(require 'eglot)
(require 'flymake)

(defconst autofix-test-repo
  (file-name-as-directory
   (or (getenv "AUTOFIX_REPO") (error "AUTOFIX_REPO is not set (run scripts/test-eglot)"))))

(defconst autofix-test-server
  (or (getenv "AUTOFIX") (error "AUTOFIX is not set (run scripts/test-eglot)")))

(defvar autofix-test-timeout 10
  "Seconds a wait gives up after.")

(defun autofix-test-log (format-string &rest args)
  "Print FORMAT-STRING with ARGS on stderr, with a timestamp (not to *Messages*)."
  (princ (format "%8.3f %s\n" (float-time (time-since before-init-time))
                 (apply #'format format-string args))
         #'external-debugging-output))

;;;; The editor, as a user sets it up

;; Emacs 28 has no TypeScript mode of its own; this stands in for the typescript-mode package.
(define-derived-mode typescript-mode prog-mode "TypeScript"
  (setq-local comment-start "// "))
(add-to-list 'auto-mode-alist '("\\.tsx?\\'" . typescript-mode))
(add-to-list 'auto-mode-alist '("\\.md\\'" . text-mode))

;; As README.md tells users, with the built server; text-mode for the notes that hold diffs.
(add-to-list 'eglot-server-programs
             `((typescript-mode js-mode text-mode) . (,autofix-test-server "lsp")))

;; What the user's confirmations said: `eglot--apply-workspace-edit' asks with `y-or-n-p'
;; (`eglot-confirm-server-initiated-edits' is `confirm' by default). A batch Emacs cannot read
;; an answer, so the tests queue them; a question with nothing queued fails the test.
(defvar autofix-test-answers nil "Answers (t or nil) for the next `y-or-n-p' questions.")
(defvar autofix-test-asked nil "The questions asked, newest first.")
(defvar autofix-test-unexpected nil
  "Questions and menus that came with no answer queued (they are answered \"no\").
An error here would not fail the test: eglot asks from inside a server request's handler,
whose errors go back to the server.")
(advice-add 'y-or-n-p :override
            (lambda (prompt)
              (push prompt autofix-test-asked)
              (autofix-test-log "y-or-n-p: %s" prompt)
              (if autofix-test-answers
                  (pop autofix-test-answers)
                (push prompt autofix-test-unexpected)
                nil)))

;; What the user picked in a menu: `eglot-code-actions' offers the actions with
;; `completing-read'. The tests queue the titles to pick; each menu shown is recorded as
;; (PROMPT . TITLES).
(defvar autofix-test-picks nil "Titles to pick in the next menus.")
(defvar autofix-test-menus nil "The menus shown, newest first: (PROMPT . TITLES).")
(advice-add 'completing-read :override
            (lambda (prompt collection &rest _)
              (let ((titles (all-completions "" collection)))
                (push (cons prompt titles) autofix-test-menus)
                (autofix-test-log "menu: %s %S" prompt titles)
                (if autofix-test-picks
                    (pop autofix-test-picks)
                  (push (cons prompt titles) autofix-test-unexpected)
                  nil))))

(defun autofix-test-code-action-menu (&optional pick)
  "\\[eglot-code-actions] from the keyboard, at point or on the active region.
Picks PICK in the menu (nil: cancels it, as \\[keyboard-quit]). Returns the titles offered,
or nil when eglot said there were none."
  (setq autofix-test-picks (list (or pick "")))
  (let ((last-nonmenu-event ?\r)   ; from the keyboard: a `completing-read' menu, no popup
        (before autofix-test-menus))
    (condition-case err
        (call-interactively #'eglot-code-actions)
      (error
       (cond ((eq before autofix-test-menus)
              ;; No menu: eglot found no actions, and says so.
              (unless (string-match-p "No code actions here" (error-message-string err))
                (signal (car err) (cdr err))))
             (pick (signal (car err) (cdr err))))))
    (setq autofix-test-picks nil)
    (and (not (eq before autofix-test-menus)) (cdar autofix-test-menus))))

;;;; Waiting

(defun autofix-test-wait (pred &optional timeout)
  "Process output until PRED returns non-nil, or TIMEOUT seconds pass.
Returns PRED's last value."
  (let ((deadline (+ (float-time) (or timeout autofix-test-timeout)))
        value)
    (while (and (not (setq value (funcall pred)))
                (< (float-time) deadline))
      (accept-process-output nil 0.02))
    value))

(defun autofix-test-settle (seconds)
  "Process output for SECONDS, whatever happens."
  (let ((deadline (+ (float-time) seconds)))
    (while (< (float-time) deadline)
      (accept-process-output nil 0.02))))

;; A batch Emacs is never idle, so idle timers never fire by themselves: eglot sends didChange
;; (`eglot-send-changes-idle-time') and flymake re-checks (`flymake-no-changes-timeout') from them.
(defun autofix-test-idle ()
  "Run the idle timers, as when the user stops typing."
  (dolist (timer (copy-sequence timer-idle-list))
    (when (memq timer timer-idle-list)
      (timer-event-handler timer))))

;;;; The workspace

(defvar autofix-test-root nil "The demo copy of the running test (with a final slash).")

(defun autofix-test--project (dir)
  "The demo copy as the project of DIR (as the user's VC project would be)."
  (when (and autofix-test-root
             (string-prefix-p autofix-test-root (file-truename (file-name-as-directory dir))))
    (cons 'transient autofix-test-root)))
(add-hook 'project-find-functions #'autofix-test--project)

(defun autofix-test-demo (&optional before)
  "Copy examples/demo into a fresh temporary directory and return its true name.
BEFORE, a function, is called with the directory before anything else happens there."
  (let ((dir (file-name-as-directory (file-truename (make-temp-file "autofix-demo" t)))))
    (copy-directory (expand-file-name "examples/demo" autofix-test-repo) dir nil nil t)
    (when before (funcall before dir))
    ;; Each test reads only its own messages.
    (with-current-buffer (messages-buffer)
      (let ((inhibit-read-only t)) (erase-buffer)))
    (setq autofix-test-root dir)))

(defun autofix-test-file (relative)
  "RELATIVE's absolute name in the demo copy."
  (expand-file-name relative autofix-test-root))

(defun autofix-test-read (relative)
  "The text of RELATIVE on disk."
  (with-temp-buffer
    (insert-file-contents (autofix-test-file relative))
    (buffer-string)))

;;;; The server

(defvar autofix-test-capabilities nil
  "The client capabilities eglot announced last, in its `initialize' request.")
(advice-add 'eglot-client-capabilities :filter-return
            (lambda (caps) (setq autofix-test-capabilities caps)))

(defun autofix-test-open (relative)
  "Visit RELATIVE of the demo copy, as \\[find-file] does, and have eglot manage it.
The first buffer starts the server as \\[eglot] does (a batch Emacs runs no commands, so
`eglot-ensure', which waits for one, would never connect); later buffers join it. Returns
the buffer, once eglot manages it."
  (let ((buffer (find-file (autofix-test-file relative))))
    (with-current-buffer buffer
      (unless (eglot-current-server)
        (apply #'eglot (eglot--guess-contact)))
      (should (autofix-test-wait (lambda () (and (eglot-current-server) eglot--managed-mode))))
      (should (equal (project-root (eglot--project (eglot-current-server))) autofix-test-root))
      ;; Flymake starts checking a buffer once it is displayed, on the redisplay that runs
      ;; `window-configuration-change-hook' (its buffer-local part, where flymake waits); a
      ;; batch Emacs never redisplays.
      (run-hooks 'window-configuration-change-hook))
    buffer))

(defun autofix-test-request (method params &optional buffer)
  "Send METHOD with PARAMS from BUFFER's server and return the answer."
  (with-current-buffer (or buffer (current-buffer))
    (jsonrpc-request (eglot--current-server-or-lose) method params
                     :timeout autofix-test-timeout)))

;;;; What the user sees

(defvar autofix-test-notified nil
  "Every notification from the server: (METHOD . PARAMS), newest first, METHOD a symbol.")
(advice-add 'eglot-handle-notification :before
            (lambda (_server method &rest params)
              (push (cons method params) autofix-test-notified)))

(defun autofix-test-notifications (method)
  "The params of each METHOD notification received, newest first."
  (mapcar #'cdr (cl-remove-if-not (lambda (n) (eq (car n) method)) autofix-test-notified)))

(defun autofix-test-logged ()
  "Each window/logMessage received, newest first: (TYPE . MESSAGE). eglot shows them only in
its events buffer (\\[eglot-events-buffer])."
  (mapcar (lambda (p) (cons (plist-get p :type) (plist-get p :message)))
          (autofix-test-notifications 'window/logMessage)))

(defun autofix-test-wait-logged (regexp &optional timeout)
  "Wait until a window/logMessage matching REGEXP arrived; return it as (TYPE . MESSAGE).
The server logs a command's details just before its answer and lets them go out before it
\(`Session::let_messages_out'), so eglot reads them without a poke."
  (autofix-test-wait
   (lambda () (cl-find-if (lambda (l) (string-match-p regexp (cdr l))) (autofix-test-logged)))
   timeout))

(defun autofix-test-published (relative)
  "The diagnostics published for RELATIVE, newest first (one vector each time)."
  (let ((uri (eglot--path-to-uri (autofix-test-file relative))))
    (mapcar (lambda (p) (plist-get p :diagnostics))
            (cl-remove-if-not (lambda (p) (equal (plist-get p :uri) uri))
                              (autofix-test-notifications 'textDocument/publishDiagnostics)))))

(defun autofix-test-wait-published (relative &optional seen timeout)
  "Wait until the server has published diagnostics for RELATIVE more than SEEN times (default
0); return the newest ones."
  (car (autofix-test-wait (lambda ()
                            (let ((all (autofix-test-published relative)))
                              (and (> (length all) (or seen 0)) all)))
                          timeout)))

(defun autofix-test--char-column (pos)
  "Characters between the start of POS's line and POS (not display columns)."
  (save-excursion (goto-char pos) (- pos (line-beginning-position))))

(defun autofix-test-diags (&optional buffer)
  "The flymake diagnostics of BUFFER: (LINE COL END-LINE END-COL TYPE TEXT) each, sorted.
Lines count from 1; columns are characters from the line's start (from 0)."
  (with-current-buffer (or buffer (current-buffer))
    (let (out)
      (dolist (d (flymake-diagnostics))
        (let ((beg (flymake-diagnostic-beg d))
              (end (flymake-diagnostic-end d)))
          (push (list (line-number-at-pos beg t)
                      (autofix-test--char-column beg)
                      (line-number-at-pos end t)
                      (autofix-test--char-column end)
                      (flymake-diagnostic-type d)
                      (flymake-diagnostic-text d))
                out)))
      (sort out (lambda (a b) (or (< (car a) (car b))
                                  (and (= (car a) (car b)) (< (cadr a) (cadr b)))))))))

(defun autofix-test-wait-diags (pred &optional buffer timeout)
  "Wait until PRED holds for BUFFER's diagnostics; return them."
  (let ((buffer (or buffer (current-buffer))))
    (autofix-test-wait (lambda () (funcall pred (autofix-test-diags buffer))) timeout)
    (autofix-test-diags buffer)))

(defun autofix-test-messages ()
  "The lines of *Messages*, oldest first."
  (with-current-buffer (messages-buffer)
    (split-string (buffer-substring-no-properties (point-min) (point-max)) "\n" t)))

(defun autofix-test-messages-matching (regexp)
  "The lines of *Messages* matching REGEXP."
  (cl-remove-if-not (lambda (line) (string-match-p regexp line)) (autofix-test-messages)))

(defun autofix-test-wait-message (regexp &optional timeout)
  "Wait until a line of *Messages* matches REGEXP; return the matching lines."
  (autofix-test-wait (lambda () (autofix-test-messages-matching regexp)) timeout))

;;;; Each test

(defun autofix-test-cleanup ()
  "Shut every server down and kill the demo's buffers, so the next test starts afresh."
  (dolist (server (hash-table-values eglot--servers-by-project))
    (dolist (s server) (ignore-errors (eglot-shutdown s))))
  (dolist (buffer (buffer-list))
    (when-let ((file (buffer-file-name buffer)))
      (when (and autofix-test-root (string-prefix-p autofix-test-root file))
        (with-current-buffer buffer (set-buffer-modified-p nil))
        (kill-buffer buffer))))
  (when autofix-test-root
    (delete-directory autofix-test-root t))
  (setq autofix-test-root nil autofix-test-answers nil autofix-test-asked nil
        autofix-test-picks nil autofix-test-menus nil autofix-test-unexpected nil
        autofix-test-notified nil))

(defun autofix-test--dump ()
  "Print the end of each server's events buffer (after a failure), on stderr."
  (dolist (servers (hash-table-values eglot--servers-by-project))
    (dolist (server servers)
      (when-let ((events (get-buffer (jsonrpc-events-buffer server))))
        (with-current-buffer events
          (autofix-test-log "--- %s (last 80 lines)\n%s" (buffer-name)
                            (buffer-substring-no-properties
                             (save-excursion (goto-char (point-max)) (forward-line -80) (point))
                             (point-max))))))))

(defmacro autofix-test-with-demo (before &rest body)
  "Run BODY in a fresh demo copy (BEFORE as in `autofix-test-demo'), cleaning up after.
After BODY: no question or menu came unanswered, and eglot warned of nothing. On a failure,
the end of the events buffer is printed."
  (declare (indent 1))
  (let ((done (make-symbol "done")))
    `(let ((,done nil))
       (unwind-protect
           (progn (autofix-test-demo ,before)
                  ,@body
                  (should-not autofix-test-unexpected)
                  ;; eglot warns of a server that died, of requests it cannot handle…
                  (should-not (autofix-test-messages-matching "^\\[eglot\\] (warning)"))
                  (setq ,done t))
         (unless (or ,done (eq (ert-test-expected-result-type (ert-running-test)) :failed))
           (autofix-test--dump))
         (autofix-test-cleanup)))))

(provide 'autofix-test-helpers)
;;; helpers.el ends here
