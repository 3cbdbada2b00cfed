-- `workspace/applyEdit` for the autofix client: edits the server marks `needsConfirmation`
-- (learning a rule, applying an AI-written diff) are shown as a diff and applied only when the
-- user accepts; a versioned edit for a buffer that changed since is refused; the server is told
-- the truth either way. Neovim's stock handler applies everything at once, ignores change
-- annotations and answers `applied = true` even when it skipped a stale edit.
local M = {}

local api = vim.api
local util = require('autofix.util')

M.REJECTED = 'rejected by the user'

---@class autofix.FileChange
---@field path string        absolute path
---@field relpath string     path for display (relative to the root)
---@field before string      text before ('' for a file that does not exist yet)
---@field after string       text after the edit
---@field created boolean    the edit creates the file
---@field diff string        unified diff of before → after, with --- / +++ headers

---@class autofix.ApprovalRequest
---@field title string            the change annotations' labels, e.g. "Learn rule #14"
---@field descriptions string[]   their descriptions, if any
---@field files autofix.FileChange[]
---@field diff string             every file's diff, one after the other
---@field edit lsp.WorkspaceEdit  the edit itself
---@field client_id integer

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
function M.needs_confirmation(edit)
  local annotations = edit.changeAnnotations or {}
  local wanted = {}
  for id, a in pairs(annotations) do
    if type(a) == 'table' and a.needsConfirmation == true then
      wanted[id] = a
    end
  end
  if not next(wanted) then
    return nil, {}
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
    return nil, {}
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
  return labels, descriptions
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
          return ('%s changed since the edit was computed (buffer version %d, edit for version %d)'):format(
            vim.fn.fnamemodify(fname, ':~:.'),
            current,
            op.version
          )
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
      return ('%s changed since the edit was proposed'):format(f.relpath or f.path)
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
    local from = f.created and '/dev/null' or ('a/' .. f.relpath)
    local to = f.deleted and '/dev/null' or ('b/' .. (f.renamed_to or f.relpath))
    f.diff = unified(f.before, f.after, from, to)
    if f.diff == '' and (f.created or f.renamed_to) then
      f.diff = ('--- %s\n+++ %s\n'):format(from, to)
    end
  end
  return files
end

--- The preview window: a scratch buffer with the diff, above everything, without taking focus
--- (at the top: the default vim.ui.select asks in the message area, which would cover the end
--- of a window at the bottom — the lines the change adds).
local preview_count = 0
local function show(request)
  local lines = { ('# autofix: %s — accept or reject'):format(request.title) }
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
      vim.notify('autofix: approve() failed: ' .. tostring(result), vim.log.levels.ERROR)
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
  local choices = { 'Accept', 'Reject' }
  vim.ui.select(choices, {
    prompt = ('autofix: %s — apply this change?'):format(request.title),
    kind = 'autofix.approve',
  }, function(choice)
    if win and api.nvim_win_is_valid(win) then
      pcall(api.nvim_win_close, win, true)
    end
    finish(choice == 'Accept')
  end)
end

local function create_file(change)
  local opts = change.options or {}
  local fname = vim.uri_to_fname(change.uri)
  local exists = vim.uv.fs_stat(fname) ~= nil
  if exists and not opts.overwrite then
    if not opts.ignoreIfExists then
      error(('%s already exists'):format(fname))
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
        vim.notify(('autofix: could not write %s: %s'):format(fname, err), vim.log.levels.WARN)
      end
    end
  end
end

---@param err? lsp.ResponseError
---@param params lsp.ApplyWorkspaceEditParams
---@param ctx lsp.HandlerContext
---@return lsp.ApplyWorkspaceEditResult
function M.handler(err, params, ctx)
  local client = assert(vim.lsp.get_client_by_id(ctx.client_id))
  if err or not params or type(params.edit) ~= 'table' then
    return { applied = false, failureReason = 'no edit to apply' }
  end
  local edit = params.edit
  local ops = M.operations(edit)
  local encoding = client.offset_encoding

  local stale = M.stale(ops, client.id)
  if stale then
    return { applied = false, failureReason = stale }
  end

  local options = require('autofix').options
  local labels, descriptions = M.needs_confirmation(edit)
  if labels and options.approve ~= false then
    local title = #labels > 0 and table.concat(labels, '; ') or (params.label or 'autofix edit')
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
      return { applied = false, failureReason = M.REJECTED }
    end
    -- The user may have typed while the question was open, or a file was written meanwhile.
    stale = M.stale(ops, client.id) or changed_since(files)
    if stale then
      vim.notify('autofix: not applied: ' .. stale, vim.log.levels.WARN)
      return { applied = false, failureReason = stale }
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
  return { applied = true }
end

return M
