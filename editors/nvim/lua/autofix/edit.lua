-- `workspace/applyEdit` for the autofix client: edits the server marks `needsConfirmation`
-- (learning a rule, applying an AI-written diff) are shown as a diff and applied only when the
-- user accepts; a versioned edit for a buffer that changed since is refused; the server is told
-- the truth either way. Neovim's stock handler applies everything at once, ignores change
-- annotations and answers `applied = true` even when it skipped a stale edit. What the user left
-- in the review's proposed buffers (lua/autofix/review.lua) lands instead of the server's text
-- edits for those files; a diff they rejected is kept for `:Autofix learn-rejection`.
local M = {}

local api = vim.api
local util = require('autofix.util')
local t = require('autofix.l10n').t

--- The failure reason of a rejected edit: words of the protocol between the plugin and the
--- server (which says the same when it asked itself), so always these; shown to the user as
--- t('reason.rejected').
M.REJECTED = 'rejected by the user'

--- The annotation id of the server's "Apply diff to …" edits.
M.DIFF = 'autofix.diff'

--- The last diff the user rejected (its files before and after): what `:Autofix learn-rejection`
--- drafts a rule from, so that the change is not proposed again.
---@type {title: string, files: autofix.FileChange[], client_id: integer}?
M.rejected = nil

-- What happened in a review — the user's own version landed, a diff was rejected — is said once.
-- While a command whose result the plugin reports is running (learn, apply diff), it waits for
-- that report, which says it in its own line; otherwise it is said at once.
local reporting = 0
local unreported = { edited = {}, rejected = {} } ---@type {edited: table<string, autofix.FileChange>, rejected: table<string, true>}

local function same_file(a, b)
  if a == b then
    return true
  end
  local ra, rb = vim.uv.fs_realpath(a), vim.uv.fs_realpath(b)
  return ra ~= nil and ra == rb
end

local function take(set, path)
  for p, v in pairs(set) do
    if type(path) == 'string' and same_file(p, path) then
      set[p] = nil
      return v
    end
  end
  return nil
end

local function relpaths(files)
  local names = {}
  for _, f in ipairs(files) do
    names[#names + 1] = f.relpath
  end
  table.sort(names)
  return table.concat(names, ', ')
end

local function say_edited(files)
  vim.notify(t('learn.applied_edited', relpaths(files)), vim.log.levels.INFO)
end

local function say_rejected()
  vim.notify(t('edit.rejected_hint'), vim.log.levels.INFO)
end

--- A command whose result the plugin reports starts (`begin_report`) or is done (`end_report`):
--- what its report did not claim is said then.
function M.begin_report()
  reporting = reporting + 1
end

function M.end_report()
  reporting = math.max(0, reporting - 1)
  if reporting > 0 then
    return
  end
  local edited = vim.tbl_values(unreported.edited)
  local rejected = next(unreported.rejected) ~= nil
  unreported = { edited = {}, rejected = {} }
  if #edited > 0 then
    say_edited(edited)
  end
  if rejected then
    say_rejected()
  end
end

--- The file (the user's own version of it) that landed from a review, for the report of the
--- command that proposed it; nil when the change to `path` was not edited.
---@param path? string
---@return autofix.FileChange?
function M.take_edited(path)
  return take(unreported.edited, path)
end

--- True when the diff to `path` was just rejected in its review (`:Autofix learn-rejection` can
--- learn from it), for the report of the command that proposed it.
---@param path? string
function M.take_rejected(path)
  return take(unreported.rejected, path) ~= nil
end

---@class autofix.FileChange
---@field path string        absolute path
---@field relpath string     path for display (relative to the root)
---@field before string      text before ('' for a file that does not exist yet)
---@field after string       text after the edit
---@field created boolean    the edit creates the file
---@field diff string        unified diff of before → after, with --- / +++ headers
---@field edited? string     the user's own version of `after`, edited in the review: what lands instead

---@class autofix.ApprovalRequest
---@field title string            the change annotations' labels, e.g. "Learn rule #14"
---@field descriptions string[]   their descriptions, if any
---@field files autofix.FileChange[]
---@field diff string             every file's diff, one after the other
---@field edit lsp.WorkspaceEdit  the edit itself
---@field client_id integer
---@field annotations string[]    the ids of its change annotations ("autofix.diff", "autofix.learn", …)

--- The edit's operations in order: text edits per document and resource operations.
---@param edit lsp.WorkspaceEdit
function M.operations(edit)
  local ops = {}
  if edit.documentChanges then
    for _, change in ipairs(edit.documentChanges) do
      if change.kind then
        ops[#ops + 1] = { kind = change.kind, change = change, uri = change.uri or change.newUri }
      else
        ops[#ops + 1] = {
          kind = 'edit',
          change = change,
          uri = change.textDocument.uri,
          version = change.textDocument.version ~= vim.NIL and change.textDocument.version or nil,
          edits = change.edits,
        }
      end
    end
  elseif edit.changes then
    for uri, edits in vim.spairs(edit.changes) do
      ops[#ops + 1] = { kind = 'edit', uri = uri, edits = edits }
    end
  end
  return ops
end

--- The change annotations that need confirmation and are used by the edit (labels, descriptions).
---@param edit lsp.WorkspaceEdit
---@return string[]? labels nil when nothing needs confirmation
---@return string[] descriptions
---@return string[] ids the annotations' ids, in order of use
function M.needs_confirmation(edit)
  local annotations = edit.changeAnnotations or {}
  local wanted = {}
  for id, a in pairs(annotations) do
    if type(a) == 'table' and a.needsConfirmation == true then
      wanted[id] = a
    end
  end
  if not next(wanted) then
    return nil, {}, {}
  end
  local used, order = {}, {}
  local function use(id)
    if id and wanted[id] and not used[id] then
      used[id] = true
      order[#order + 1] = id
    end
  end
  for _, op in ipairs(M.operations(edit)) do
    if op.kind == 'edit' then
      for _, e in ipairs(op.edits or {}) do
        use(e.annotationId)
      end
    else
      use(op.change.annotationId)
    end
  end
  if #order == 0 then
    return nil, {}, {}
  end
  local labels, descriptions = {}, {}
  for _, id in ipairs(order) do
    local a = wanted[id]
    if not vim.list_contains(labels, a.label) then
      labels[#labels + 1] = a.label
    end
    if type(a.description) == 'string' and a.description ~= '' then
      descriptions[#descriptions + 1] = a.description
    end
  end
  return labels, descriptions, order
end

--- Why a versioned edit cannot be applied any more, or nil when every version still matches.
---@param ops table[]
---@param client_id integer
---@return string?
function M.stale(ops, client_id)
  for _, op in ipairs(ops) do
    if op.kind == 'edit' and op.version then
      local fname = vim.uri_to_fname(op.uri)
      local buf = util.find_buf(fname)
      if buf and api.nvim_buf_is_loaded(buf) and vim.lsp.buf_is_attached(buf, client_id) then
        local current = vim.lsp.util.buf_versions[buf]
        if current ~= op.version then
          return t('edit.stale_version', vim.fn.fnamemodify(fname, ':~:.'), current, op.version)
        end
      end
    end
  end
  return nil
end

--- Which file (not created by the edit) no longer holds the text the approval showed, if any:
--- something (an agent, a formatter) wrote it meanwhile, and the edit would land in the wrong places.
---@param files autofix.FileChange[]
---@return string?
local function changed_since(files)
  for _, f in ipairs(files) do
    if not f.created and (util.read(f.path) or '') ~= f.before then
      return t('edit.changed_since', f.relpath or f.path)
    end
  end
  return nil
end

--- Applies LSP text edits to a text (offsets in the client's position encoding).
---@param text string
---@param edits lsp.TextEdit[]
---@param encoding 'utf-8'|'utf-16'|'utf-32'
---@return string
function M.apply_to_text(text, edits, encoding)
  local starts = { 1 }
  for i in text:gmatch('()\n') do
    starts[#starts + 1] = i + 1
  end
  local function offset(pos)
    local line = pos.line + 1
    if line > #starts then
      return #text + 1
    end
    local s = starts[line]
    local e = starts[line + 1] and (starts[line + 1] - 1) or (#text + 1)
    local ltext = text:sub(s, e - 1)
    local ok, col = pcall(vim.str_byteindex, ltext, encoding, pos.character, false)
    if not ok or col > #ltext then
      col = #ltext
    end
    return s + col
  end
  local list = {}
  for i, e in ipairs(edits) do
    local a, b = offset(e.range.start), offset(e.range['end'])
    if b < a then
      a, b = b, a
    end
    list[i] = { s = a, e = b, text = (e.newText:gsub('\r\n?', '\n')), i = i }
  end
  table.sort(list, function(x, y)
    if x.s ~= y.s then
      return x.s > y.s
    end
    return x.i > y.i
  end)
  for _, x in ipairs(list) do
    text = text:sub(1, x.s - 1) .. x.text .. text:sub(x.e)
  end
  return text
end

--- Text edits that turn `before` into `after` line by line — only the lines that differ, so
--- that marks, folds and diagnostics elsewhere in the buffer stay where they are. Ranges are
--- whole lines (character 0), the same in every position encoding, except for a text that does
--- not end in a newline: that one is replaced whole.
---@param before string
---@param after string
---@param encoding 'utf-8'|'utf-16'|'utf-32'
---@return lsp.TextEdit[]
function M.line_edits(before, after, encoding)
  local function at(line, character)
    return { line = line, character = character }
  end
  if before == after then
    return {}
  end
  if before == '' then
    return { { range = { start = at(0, 0), ['end'] = at(0, 0) }, newText = after } }
  end
  local function ends_in_newline(text)
    return text == '' or text:sub(-1) == '\n'
  end
  if not (ends_in_newline(before) and ends_in_newline(after)) then
    local lines = vim.split(before, '\n', { plain = true })
    local last = vim.str_utfindex(lines[#lines], encoding)
    return { { range = { start = at(0, 0), ['end'] = at(#lines - 1, last) }, newText = after } }
  end
  local a = vim.split(before, '\n', { plain = true })
  local b = vim.split(after, '\n', { plain = true })
  a[#a], b[#b] = nil, nil -- the empty string after the final newline
  local edits = {}
  for _, h in ipairs(vim.diff(before, after, { result_type = 'indices' }) --[[@as integer[][] ]]) do
    local start_a, count_a, start_b, count_b = h[1], h[2], h[3], h[4]
    local new = {}
    for i = start_b, start_b + count_b - 1 do
      new[#new + 1] = b[i] .. '\n'
    end
    local text = table.concat(new)
    if count_a == 0 and start_a == #a then
      -- After the last line: Neovim appends text that starts past the end as lines of their
      -- own ("x\n" would leave an empty last line), so the last line is rewritten, then the new.
      edits[#edits + 1] = { range = { start = at(#a - 1, 0), ['end'] = at(#a, 0) }, newText = a[#a] .. '\n' .. text }
    else
      -- An insertion goes before 0-based line `start_a`; a change covers lines start_a…
      local first = count_a == 0 and start_a or start_a - 1
      edits[#edits + 1] = { range = { start = at(first, 0), ['end'] = at(first + count_a, 0) }, newText = text }
    end
  end
  return edits
end

--- The edit with the user's own version of the files they edited in the review in place of the
--- server's text edits for those files; resource operations (a file created first) and the
--- other files stay as the server sent them. A versioned document keeps its version, so the
--- edit is refused, as any other, when the buffer moved on.
---@param edit lsp.WorkspaceEdit
---@param files autofix.FileChange[]
---@param encoding 'utf-8'|'utf-16'|'utf-32'
---@return lsp.WorkspaceEdit
function M.with_edits(edit, files, encoding)
  local mine = {}
  for _, f in ipairs(files) do
    if f.edited and f.edited ~= f.after then
      mine[f.path] = f
    end
  end
  if not next(mine) then
    return edit
  end
  edit = vim.deepcopy(edit)
  if edit.documentChanges then
    local out, done = {}, {}
    for _, change in ipairs(edit.documentChanges) do
      local f = not change.kind and mine[vim.uri_to_fname(change.textDocument.uri)] or nil
      if not f then
        out[#out + 1] = change
      elseif not done[f.path] then
        -- The file's first text edit carries the whole of the user's version; its others go.
        done[f.path] = true
        change.edits = M.line_edits(f.before, f.edited, encoding)
        out[#out + 1] = change
      end
    end
    for path, f in vim.spairs(mine) do
      if not done[path] then
        out[#out + 1] = {
          textDocument = { uri = vim.uri_from_fname(path), version = vim.NIL },
          edits = M.line_edits(f.before, f.edited, encoding),
        }
      end
    end
    edit.documentChanges = out
  else
    edit.changes = edit.changes or {}
    local done = {}
    for uri in pairs(edit.changes) do
      local f = mine[vim.uri_to_fname(uri)]
      if f then
        done[f.path] = true
        edit.changes[uri] = M.line_edits(f.before, f.edited, encoding)
      end
    end
    for path, f in pairs(mine) do
      if not done[path] then
        edit.changes[vim.uri_from_fname(path)] = M.line_edits(f.before, f.edited, encoding)
      end
    end
  end
  return edit
end

local function unified(before, after, from, to)
  local hunks = vim.diff(before, after, { result_type = 'unified', ctxlen = 3 }) --[[@as string]]
  if hunks == '' then
    return ''
  end
  return ('--- %s\n+++ %s\n%s'):format(from, to, hunks)
end

--- Each file's text before and after the edit, and their diffs.
---@param edit lsp.WorkspaceEdit
---@param encoding string
---@param root? string
---@return autofix.FileChange[]
function M.preview(edit, encoding, root)
  local files, by_path = {}, {}
  local function file(uri)
    local path = vim.uri_to_fname(uri)
    if not by_path[path] then
      local before = util.read(path)
      by_path[path] = {
        path = path,
        relpath = util.relpath(path, root),
        before = before or '',
        after = before or '',
        created = before == nil,
        diff = '',
      }
      files[#files + 1] = by_path[path]
    end
    return by_path[path]
  end
  for _, op in ipairs(M.operations(edit)) do
    if op.kind == 'edit' then
      local f = file(op.uri)
      f.after = M.apply_to_text(f.after, vim.deepcopy(op.edits or {}), encoding)
    elseif op.kind == 'create' then
      local f = file(op.uri)
      local opts = op.change.options or {}
      if opts.overwrite then
        f.after = ''
      end
    elseif op.kind == 'delete' then
      local f = file(op.uri)
      f.after = ''
      f.deleted = true
    elseif op.kind == 'rename' then
      local f = file(op.change.oldUri)
      f.renamed_to = util.relpath(vim.uri_to_fname(op.change.newUri), root)
    end
  end
  for _, f in ipairs(files) do
    f.diff = M.file_diff(f, f.after)
  end
  return files
end

--- The unified diff of a file's change, with `after` as the text it ends with (the server's, or
--- the user's own version from the review).
---@param f autofix.FileChange
---@param after string
---@return string
function M.file_diff(f, after)
  local from = f.created and '/dev/null' or ('a/' .. f.relpath)
  local to = f.deleted and '/dev/null' or ('b/' .. (f.renamed_to or f.relpath))
  local diff = unified(f.before, after, from, to)
  if diff == '' and (f.created or f.renamed_to) then
    diff = ('--- %s\n+++ %s\n'):format(from, to)
  end
  return diff
end

--- The preview window: a scratch buffer with the diff, above everything, without taking focus
--- (at the top: the default vim.ui.select asks in the message area, which would cover the end
--- of a window at the bottom — the lines the change adds).
local preview_count = 0
local function show(request)
  local lines = { t('edit.preview_header', request.title) }
  for _, d in ipairs(request.descriptions) do
    lines[#lines + 1] = '# ' .. d
  end
  lines[#lines + 1] = ''
  vim.list_extend(lines, vim.split(request.diff, '\n', { plain = true, trimempty = true }))
  local buf = api.nvim_create_buf(false, true)
  api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].bufhidden = 'wipe'
  vim.bo[buf].filetype = 'diff'
  preview_count = preview_count + 1
  pcall(api.nvim_buf_set_name, buf, ('autofix://approve/%d'):format(preview_count))
  local height = math.max(3, math.min(#lines, math.floor(vim.o.lines / 2)))
  local ok, win = pcall(api.nvim_open_win, buf, false, { split = 'above', win = -1, height = height })
  if not ok then
    return nil
  end
  vim.wo[win].winfixheight = true
  vim.wo[win].wrap = false
  vim.cmd.redraw()
  return win
end

--- Asks the user (through `approve`: a function, the review tab, or with 'select' the preview and
--- vim.ui.select) and calls `done` once.
---@param request autofix.ApprovalRequest
---@param done fun(accepted: boolean)
function M.ask(request, done)
  local approve = require('autofix').options.approve
  local finish = util.once(function(accepted)
    done(accepted == true)
  end)
  if type(approve) == 'function' then
    local ok, result = pcall(approve, request, finish)
    if not ok then
      vim.notify(t('edit.approve_failed', tostring(result)), vim.log.levels.ERROR)
      finish(false)
    elseif result ~= nil then
      finish(result)
    end
    return
  end
  if approve ~= 'select' then
    require('autofix.review').open(request, finish)
    return
  end
  -- approve = 'select': the preview window and a question through vim.ui.select (for a picker
  -- plugin that the user prefers to answer in).
  local win = show(request)
  local choices = { t('edit.choice_accept'), t('edit.choice_reject') }
  vim.ui.select(choices, {
    prompt = t('edit.prompt', request.title),
    kind = 'autofix.approve',
  }, function(choice)
    if win and api.nvim_win_is_valid(win) then
      pcall(api.nvim_win_close, win, true)
    end
    finish(choice ~= nil and choice == choices[1])
  end)
end

local function create_file(change)
  local opts = change.options or {}
  local fname = vim.uri_to_fname(change.uri)
  local exists = vim.uv.fs_stat(fname) ~= nil
  if exists and not opts.overwrite then
    if not opts.ignoreIfExists then
      error(t('edit.exists', fname))
    end
  else
    -- Neovim's own create_file() skips creating when ignoreIfExists is set, even for a missing
    -- file (and its directory), so the new buffer could not even be written.
    vim.fn.mkdir(vim.fs.dirname(fname), 'p')
    local f = assert(io.open(fname, 'w'))
    f:close()
  end
  vim.fn.bufadd(fname)
end

--- Applies the edit the way Neovim does, with a correct CreateFile.
---@param edit lsp.WorkspaceEdit
---@param encoding string
function M.apply(edit, encoding)
  if not edit.documentChanges then
    vim.lsp.util.apply_workspace_edit(edit, encoding)
    return
  end
  for _, change in ipairs(edit.documentChanges) do
    if change.kind == 'create' then
      create_file(change)
    elseif change.kind then
      vim.lsp.util.apply_workspace_edit({ documentChanges = { change } }, encoding)
    else
      if change.textDocument.version == vim.NIL then
        change = vim.deepcopy(change)
        change.textDocument.version = nil
      end
      local bufnr = vim.uri_to_bufnr(change.textDocument.uri)
      if not api.nvim_buf_is_loaded(bufnr) then
        vim.fn.bufload(bufnr)
      end
      local was_empty = api.nvim_buf_line_count(bufnr) == 1 and api.nvim_buf_get_lines(bufnr, 0, 1, false)[1] == ''
      vim.lsp.util.apply_text_document_edit(change, nil, encoding)
      -- Text ending in a newline inserted into an empty buffer leaves an extra empty last line
      -- in Neovim (the file would end in a blank line); an empty document plus "x\n" is "x\n".
      local n = api.nvim_buf_line_count(bufnr)
      if was_empty and n > 1 and api.nvim_buf_get_lines(bufnr, n - 1, n, false)[1] == '' then
        api.nvim_buf_set_lines(bufnr, n - 1, n, false, {})
      end
    end
  end
end

--- The files an edit touches (absolute paths), in order.
local function targets(ops)
  local out = {}
  for _, op in ipairs(ops) do
    local uri = op.kind == 'rename' and op.change.newUri or op.uri
    if uri and op.kind ~= 'delete' then
      local fname = vim.uri_to_fname(uri)
      if not vim.list_contains(out, fname) then
        out[#out + 1] = fname
      end
    end
  end
  return out
end

--- Writes the files an applied edit changed that had no unsaved changes before (as VS Code's
--- `files.refactoring.autoSave`), so a learned rule reaches the disk and every other tool. A
--- buffer Neovim loaded only to apply the edit is closed again once written: the buffer list
--- stays as the user left it, and no hidden copy of autofix.json goes stale behind the server.
---@param clean table<string, 'unloaded'|'clean'>
local function autosave(clean)
  for fname, before in pairs(clean) do
    local buf = util.find_buf(fname)
    if buf and api.nvim_buf_is_loaded(buf) and vim.bo[buf].modified then
      vim.fn.mkdir(vim.fs.dirname(fname), 'p')
      local ok, err = pcall(api.nvim_buf_call, buf, function()
        vim.cmd('silent keepalt write')
      end)
      if ok then
        if before == 'unloaded' and #vim.fn.win_findbuf(buf) == 0 then
          pcall(api.nvim_buf_delete, buf, {})
        end
      else
        vim.notify(t('edit.write_failed', fname, tostring(err)), vim.log.levels.WARN)
      end
    end
  end
end

--- Keeps a rejected diff for `:Autofix learn-rejection` and says that it can be learned from.
---@param request autofix.ApprovalRequest
local function rejected(request)
  local files = {}
  for _, f in ipairs(request.files) do
    files[#files + 1] = { path = f.path, relpath = f.relpath, before = f.before, after = f.after, created = f.created, diff = f.diff }
  end
  M.rejected = { title = request.title, files = files, client_id = request.client_id }
  if reporting > 0 then
    for _, f in ipairs(files) do
      unreported.rejected[f.path] = true
    end
  else
    say_rejected()
  end
end

---@param err? lsp.ResponseError
---@param params lsp.ApplyWorkspaceEditParams
---@param ctx lsp.HandlerContext
---@return lsp.ApplyWorkspaceEditResult
function M.handler(err, params, ctx)
  local client = assert(vim.lsp.get_client_by_id(ctx.client_id))
  if err or not params or type(params.edit) ~= 'table' then
    return { applied = false, failureReason = t('edit.no_edit') }
  end
  local edit = params.edit
  local ops = M.operations(edit)
  local encoding = client.offset_encoding

  local stale = M.stale(ops, client.id)
  if stale then
    return { applied = false, failureReason = stale }
  end

  local options = require('autofix').options
  local labels, descriptions, ids = M.needs_confirmation(edit)
  local edited = {} ---@type autofix.FileChange[]
  if labels and options.approve ~= false then
    local title = #labels > 0 and table.concat(labels, '; ') or (params.label or t('edit.default_title'))
    local files = M.preview(edit, encoding, client.root_dir)
    local diffs = {}
    for _, f in ipairs(files) do
      diffs[#diffs + 1] = f.diff
    end
    ---@type autofix.ApprovalRequest
    local request = {
      title = title,
      descriptions = descriptions,
      files = files,
      diff = table.concat(diffs, ''),
      edit = edit,
      client_id = client.id,
      annotations = ids,
    }
    local accepted
    local co, is_main = coroutine.running()
    if co and not is_main then
      -- Neovim runs server requests in a coroutine: wait for the answer without blocking the
      -- editor, then reply (as its window/showMessageRequest handler does).
      M.ask(request, function(ok)
        vim.schedule(function()
          coroutine.resume(co, ok)
        end)
      end)
      accepted = coroutine.yield()
    else
      local answer
      M.ask(request, function(ok)
        answer = ok
      end)
      vim.wait(24 * 3600 * 1000, function()
        return answer ~= nil
      end, 50)
      accepted = answer
    end
    if not accepted then
      if vim.list_contains(ids, M.DIFF) then
        rejected(request)
      end
      return { applied = false, failureReason = M.REJECTED }
    end
    -- The user may have typed while the question was open, or a file was written meanwhile.
    stale = M.stale(ops, client.id) or changed_since(files)
    if stale then
      vim.notify(t('edit.not_applied', stale), vim.log.levels.WARN)
      return { applied = false, failureReason = stale }
    end
    -- What the user left in the review's proposed buffers is what lands.
    for _, f in ipairs(files) do
      if f.edited and f.edited ~= f.after then
        edited[#edited + 1] = f
      end
    end
    if #edited > 0 then
      edit = M.with_edits(edit, files, encoding)
    end
  end

  local clean = {}
  for _, fname in ipairs(targets(ops)) do
    local buf = util.find_buf(fname)
    if not (buf and api.nvim_buf_is_loaded(buf)) then
      clean[fname] = 'unloaded'
    elseif not vim.bo[buf].modified then
      clean[fname] = 'clean'
    end
  end
  local ok, apply_err = pcall(M.apply, edit, encoding)
  if not ok then
    return { applied = false, failureReason = tostring(apply_err) }
  end
  if options.autosave ~= false then
    autosave(clean)
  end
  if #edited > 0 then
    if reporting > 0 then
      for _, f in ipairs(edited) do
        unreported.edited[f.path] = f
      end
    else
      say_edited(edited)
    end
  end
  return { applied = true }
end

return M
