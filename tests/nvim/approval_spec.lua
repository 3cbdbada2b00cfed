-- The plugin's workspace/applyEdit handler for the autofix client, fed the edits a server sends
-- (through the client's own server-request path, in a coroutine as Neovim's RPC runs them):
-- approval prompt with a diff, accept / reject, stale versions, CreateFile, autosave.
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

H.run(function()
  local root = H.demo()
  H.setup()
  local path = root .. '/src/lib/format.ts'
  local buf = H.open(path)
  local client = H.client(buf)
  local uri = vim.uri_from_fname(path)
  H.check(H.wait_diags(buf, function(d) return #d == 2 end), 'format.ts diagnostics arrived')
  H.check(client:_resolve_handler('workspace/applyEdit') == vim.lsp.config.autofix.handlers['workspace/applyEdit'],
    'the autofix client resolves workspace/applyEdit to the plugin handler')
  H.check(vim.lsp.handlers['workspace/applyEdit'] ~= client:_resolve_handler('workspace/applyEdit'),
    'the global handler is left alone (other servers keep the stock behaviour)')
  local caps = client.capabilities.workspace.workspaceEdit
  H.check(caps.documentChanges == true and caps.changeAnnotationSupport ~= nil,
    'the client advertises documentChanges and change annotations', caps)

  --- Sends `workspace/applyEdit` the way the RPC layer does and waits for the reply.
  local function apply_edit(params)
    local reply
    vim.schedule(coroutine.wrap(function()
      reply = client:_server_request('workspace/applyEdit', params)
    end))
    H.wait(5000, function() return reply ~= nil end)
    return reply
  end
  local function version()
    return vim.lsp.util.buf_versions[buf]
  end
  local function line(n)
    return vim.api.nvim_buf_get_lines(buf, n - 1, n, false)[1]
  end
  local function replace_any(v, text, annotated)
    local e = { range = { start = { line = 10, character = 34 }, ['end'] = { line = 10, character = 39 } }, newText = text }
    local params = { edit = { documentChanges = { { textDocument = { uri = uri, version = v }, edits = { e } } } } }
    if annotated then
      e.annotationId = 'confirm'
      params.edit.changeAnnotations = {
        confirm = { label = 'Apply diff to src/lib/format.ts (1 block)', needsConfirmation = true, description = 'from the test' },
      }
    end
    return params
  end

  -- 1. Needs confirmation, rejected: the review tab showed the whole change with its keys;
  --    nothing changes, the server hears why, and the user is back where they were.
  local origin_win = vim.api.nvim_get_current_win()
  local tabs_before = #vim.api.nvim_list_tabpages()
  table.insert(H.reviews, 'reject')
  local reply = apply_edit(replace_any(version(), ': unknown', true))
  H.eq(reply, { applied = false, failureReason = 'rejected by the user' }, 'rejected: applied=false with the reason')
  H.eq(line(11), 'export function parse(raw: string): any {', 'rejected: buffer unchanged')
  local shown = H.reviewed[#H.reviewed] or { lines = {} }
  H.eq(shown.tabs, tabs_before + 1, 'the review opened in a tab of its own')
  H.check(shown.focused, 'the review has the focus (its keys work at once)')
  H.check(shown.name:match('^autofix://review%-') ~= nil, 'the review buffer is named autofix://review-N', shown.name)
  H.eq(shown.title, 'Apply diff to src/lib/format.ts (1 block)', 'the review names the change')
  H.check((shown.winbar or ''):find('Apply diff to src/lib/format.ts (1 block)', 1, true)
    and shown.winbar:find('autofix review: a accept · r reject · q close', 1, true),
    'the hint line (as rendered) names the keys and the change', shown.winbar)
  H.eq(shown.ft, 'diff', 'the review buffer is a diff')
  H.eq(shown.modifiable, false, 'the review is read-only')
  H.check(vim.list_contains(shown.lines, '--- a/src/lib/format.ts') and vim.list_contains(shown.lines, '+++ b/src/lib/format.ts')
    and vim.list_contains(shown.lines, '-export function parse(raw: string): any {')
    and vim.list_contains(shown.lines, '+export function parse(raw: string): unknown {'), 'the review is a unified diff of the change', shown.lines)
  H.check(vim.list_contains(shown.lines, '# from the test'), 'the annotation description is shown')
  H.eq(shown.lines[shown.cursor and shown.cursor[1] or 1], '-export function parse(raw: string): any {', 'the cursor starts on the first changed line')
  H.eq(#vim.api.nvim_list_tabpages(), tabs_before, 'the review tab is closed after the answer')
  H.eq(vim.api.nvim_get_current_win(), origin_win, 'back in the window the user was in')
  local leftover = vim.tbl_filter(function(b)
    return vim.api.nvim_buf_get_name(b):match('^autofix://') ~= nil
  end, vim.api.nvim_list_bufs())
  H.eq(#leftover, 0, 'the review buffer is gone')

  -- 1b. The review is not modal: the user leaves it, it waits (the statusline says so,
  --     :AutofixReview goes back), and closing its tab rejects.
  local review_mod = require('autofix.review')
  local came_back
  table.insert(H.reviews, function()
    return 'wait'
  end)
  local pending_reply
  vim.schedule(coroutine.wrap(function()
    pending_reply = client:_server_request('workspace/applyEdit', replace_any(version(), ': unknown', true))
  end))
  H.check(H.wait(3000, function() return review_mod.waiting() == 1 end), 'the review waits')
  vim.cmd('tabprevious')
  -- (The statusline speaks once the server's first autofix/status arrived.)
  H.wait(5000, function() return require('autofix').statusline(buf) ~= '' end)
  H.check(require('autofix').statusline(buf):find('1 review waiting', 1, true) ~= nil, 'the statusline shows the waiting review',
    require('autofix').statusline(buf))
  vim.cmd('AutofixReview')
  came_back = vim.api.nvim_buf_get_name(0):match('^autofix://review%-') ~= nil
  H.check(came_back, ':AutofixReview goes back to the waiting review')
  vim.cmd('tabclose')
  H.wait(3000, function() return pending_reply ~= nil end)
  H.eq(pending_reply, { applied = false, failureReason = 'rejected by the user' }, 'closing the review tab rejects')
  H.eq(review_mod.waiting(), 0, 'nothing waits any more')
  H.eq(line(11), 'export function parse(raw: string): any {', 'closed: buffer unchanged')

  -- 1c. approve = 'select': the preview window and vim.ui.select, for a picker the user prefers.
  require('autofix').options.approve = 'select'
  local selected
  table.insert(H.selects, function(items, opts)
    for _, w in ipairs(vim.api.nvim_list_wins()) do
      local b = vim.api.nvim_win_get_buf(w)
      if vim.api.nvim_buf_get_name(b):match('^autofix://approve/') then
        selected = { lines = vim.api.nvim_buf_get_lines(b, 0, -1, false), prompt = opts.prompt, items = items }
      end
    end
    return 'Reject'
  end)
  reply = apply_edit(replace_any(version(), ': unknown', true))
  require('autofix').options.approve = true
  H.eq(reply, { applied = false, failureReason = 'rejected by the user' }, "approve = 'select': rejected through vim.ui.select")
  H.eq(selected and selected.items, { 'Accept', 'Reject' }, "approve = 'select': vim.ui.select offers Accept / Reject")
  H.check(selected and vim.list_contains(selected.lines, '+export function parse(raw: string): unknown {'), "approve = 'select': the preview shows the diff")

  -- 2. Needs confirmation, accepted: applied, saved (the buffer had no unsaved changes).
  table.insert(H.selects, 'Accept')
  reply = apply_edit(replace_any(version(), ': unknown', true))
  H.eq(reply, { applied = true }, 'accepted: applied=true')
  H.eq(line(11), 'export function parse(raw: string): unknown {', 'accepted: buffer changed')
  H.check(not vim.bo[buf].modified and H.read(path):find('parse%(raw: string%): unknown') ~= nil, 'accepted: written to disk (autosave)')
  H.check(H.wait_diags(buf, function(d) return #d == 1 end), 'the server saw the change: the `any` diagnostic is gone')

  -- 3. A stale version is refused, not silently skipped.
  local old = version()
  vim.api.nvim_buf_set_lines(buf, 0, 0, false, { '// a user edit' })
  reply = apply_edit(replace_any(old, ': any', false))
  H.check(reply.applied == false and tostring(reply.failureReason):find('changed since the edit was computed') ~= nil,
    'stale version: applied=false with a reason', reply)
  H.eq(line(12), 'export function parse(raw: string): unknown {', 'stale version: buffer unchanged')

  -- 4. No annotation: applied at once, no question; a buffer with unsaved changes is not saved.
  local asked = #H.asked
  reply = apply_edit((function()
    local p = replace_any(version(), ': any', false)
    p.edit.documentChanges[1].edits[1].range = { start = { line = 11, character = 34 }, ['end'] = { line = 11, character = 43 } }
    return p
  end)())
  H.eq(reply, { applied = true }, 'plain edit: applied=true')
  H.eq(#H.asked, asked, 'plain edit: nobody was asked')
  H.eq(line(12), 'export function parse(raw: string): any {', 'plain edit: buffer changed')
  H.check(vim.bo[buf].modified, 'plain edit: a buffer that had unsaved changes stays unsaved')

  -- 5. The user types while the question is open, then accepts: refused as stale.
  table.insert(H.selects, function()
    vim.api.nvim_buf_set_lines(buf, 0, 1, false, { '// typed while asked' })
    return 'Accept'
  end)
  reply = apply_edit(replace_any(version(), ': unknown', true))
  H.check(reply.applied == false and tostring(reply.failureReason):find('changed since') ~= nil, 'edited during the prompt: refused', reply)
  H.eq(line(12), 'export function parse(raw: string): any {', 'edited during the prompt: buffer unchanged')

  -- 6. CreateFile (ignoreIfExists, as the server sends it) + text into a new directory.
  local new = root .. '/notes/deep/new.md'
  local new_uri = vim.uri_from_fname(new)
  local create = {
    edit = {
      documentChanges = {
        { kind = 'create', uri = new_uri, options = { overwrite = false, ignoreIfExists = true }, annotationId = 'c' },
        { textDocument = { uri = new_uri, version = vim.NIL }, edits = {
          { range = { start = { line = 0, character = 0 }, ['end'] = { line = 0, character = 0 } }, newText = '# Notes\n\nhello\n', annotationId = 'c' },
        } },
      },
      changeAnnotations = { c = { label = 'Create notes', needsConfirmation = true } },
    },
  }
  local request
  require('autofix').options.approve = function(req, done)
    request = req
    vim.defer_fn(function() done(true) end, 10) -- asynchronous answer
  end
  reply = apply_edit(create)
  H.eq(reply, { applied = true }, 'create + edit: applied')
  H.eq(request and request.title, 'Create notes', 'approve() gets the title')
  H.eq(request and request.files[1].created, true, 'approve() sees a new file')
  H.eq(request and request.files[1].diff, '--- /dev/null\n+++ b/notes/deep/new.md\n@@ -0,0 +1,3 @@\n+# Notes\n+\n+hello\n',
    'approve() gets the diff of the new file')
  H.eq(H.read(new), '# Notes\n\nhello\n', 'the new file is on disk, directory created, no stray empty line')

  -- 7. approve() answering false synchronously; approve = false applies without asking.
  require('autofix').options.approve = function() return false end
  reply = apply_edit(replace_any(version(), ': unknown', true))
  H.eq(reply, { applied = false, failureReason = 'rejected by the user' }, 'approve() returning false rejects')
  require('autofix').options.approve = false
  asked = #H.asked
  reply = apply_edit((function()
    local p = replace_any(version(), ': unknown', true)
    p.edit.documentChanges[1].edits[1].range = { start = { line = 11, character = 34 }, ['end'] = { line = 11, character = 39 } }
    return p
  end)())
  H.eq(reply, { applied = true }, 'approve = false: applied')
  H.eq(#H.asked, asked, 'approve = false: nobody was asked')
  H.eq(line(12), 'export function parse(raw: string): unknown {', 'approve = false: buffer changed')
  require('autofix').options.approve = true
end)
