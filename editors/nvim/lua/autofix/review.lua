-- The review of a change the server proposes: a tab page of its own showing the whole change (one
-- unified diff of every file), a hint line saying what the keys do, and buffer-local keys to
-- decide. Nothing modal: the user can scroll, search, switch tabs and come back; closing the tab
-- rejects. (A prompt in the message area covered the diff: at 80×24 no changed line was visible.)
--
-- The proposed side can be edited: `e` opens the proposed text of the file under the cursor in
-- an editable buffer (`autofix://proposed/<path>`, the file's filetype) diffed against the file as
-- it is now (`autofix://current/<path>`), in the review tab. What the user leaves there is what
-- lands when they accept — `a` in the review, or `:w` in the proposed buffer.
local M = {}

local api = vim.api
local util = require('autofix.util')
local t = require('autofix.l10n').t

M.keys = {
  accept = 'a',
  reject = 'r',
  close = 'q',
  edit = 'e',
  next_file = ']f',
  prev_file = '[f',
}

local count = 0

--- The reviews waiting for an answer, by buffer: `:AutofixReview` goes back to one.
---@type table<integer, { title: string, tab: integer }>
M.pending = {}

local function escape(text)
  -- %% keeps a % of a title or path out of the statusline syntax the winbar uses.
  return (text:gsub('%%', '%%%%'))
end

local function key(lhs, what)
  return ('%%#Title#%s%%* %s'):format(lhs, what)
end

--- The hint line: the keys first, so that they stay when the window is narrow (`%<` truncates
--- the title instead), then what is being reviewed.
local function hint(title, files)
  local k = M.keys
  local parts = {
    key(k.accept, t('review.accept')),
    key(k.reject, t('review.reject')),
    key(k.close, t('review.close')),
    key(k.edit, t('review.edit')),
  }
  if files > 1 then
    parts[#parts + 1] = key(k.next_file .. '/' .. k.prev_file, t('review.files'))
  end
  return (' %s %s  %%<%%#Comment#%s'):format(escape(t('review.label')), table.concat(parts, ' · '), escape(title))
end

--- The hint line of the proposed buffer, which keeps every key for editing.
local function edit_hint(relpath)
  return (' %s · %s  %%<%%#Comment#%s'):format(
    key(':w', t('review.accept')),
    key(':q', t('review.back')),
    escape(t('review.lands_as_left', relpath))
  )
end

---@param text string
---@return string[]
local function split(text)
  local lines = vim.split(text, '\n', { plain = true })
  if #lines > 1 and lines[#lines] == '' then
    lines[#lines] = nil
  end
  return lines
end

--- The text a proposed buffer holds, ending in a newline as the server's text does.
local function text_of(buf, after)
  local lines = api.nvim_buf_get_lines(buf, 0, -1, false)
  if #lines == 1 and lines[1] == '' then
    return ''
  end
  local eol = after == '' or after:sub(-1) == '\n'
  return table.concat(lines, '\n') .. (eol and '\n' or '')
end

---@class autofix.ReviewState
---@field request autofix.ApprovalRequest
---@field buf integer        the review buffer
---@field proposed table<integer, {buf: integer, current: integer}>  by file index
---@field pair? {index: integer, pwin: integer, cwin: integer}   the proposed/current windows shown
---@field starts {line: integer, index: integer}[]  where each file's diff starts in the review

--- What the change will do to file `i`: the user's version when they edited it, else the server's.
---@param state autofix.ReviewState
local function proposed_text(state, i)
  local f = state.request.files[i]
  local p = state.proposed[i]
  if p and api.nvim_buf_is_valid(p.buf) then
    return text_of(p.buf, f.after)
  end
  return f.after
end

--- Files whose proposed buffer differs from what the server proposed.
---@param state autofix.ReviewState
local function edited_files(state)
  local out = {}
  for i, f in ipairs(state.request.files) do
    if state.proposed[i] and proposed_text(state, i) ~= f.after then
      out[#out + 1] = f
    end
  end
  return out
end

--- The review's lines — the change as it will land, the user's edits included — and where each
--- file's diff starts.
---@param state autofix.ReviewState
local function lines_of(state)
  local request = state.request
  local lines = { ('# autofix: %s'):format(request.title) }
  for _, d in ipairs(request.descriptions or {}) do
    for _, l in ipairs(vim.split(d, '\n', { plain = true })) do
      lines[#lines + 1] = '# ' .. l
    end
  end
  lines[#lines + 1] = t('review.header_keys', M.keys.accept, M.keys.reject, M.keys.close, M.keys.edit)
  local edited = edited_files(state)
  if #edited > 0 then
    local names = vim.tbl_map(function(f)
      return f.relpath
    end, edited)
    lines[#lines + 1] = t('review.header_edited', table.concat(names, ', '))
  end
  lines[#lines + 1] = ''
  local starts = {}
  for i, f in ipairs(request.files or {}) do
    local diff = state.proposed[i] and require('autofix.edit').file_diff(f, proposed_text(state, i)) or f.diff
    local dl = vim.split(diff, '\n', { plain = true, trimempty = true })
    if #dl > 0 then
      starts[#starts + 1] = { line = #lines + 1, index = i }
      vim.list_extend(lines, dl)
    end
  end
  if #starts == 0 and request.diff then
    vim.list_extend(lines, vim.split(request.diff, '\n', { plain = true, trimempty = true }))
  end
  return lines, starts
end

--- Shows the change as it will land now (after an edit of the proposed side).
---@param state autofix.ReviewState
local function render(state)
  if not api.nvim_buf_is_valid(state.buf) then
    return
  end
  local lines, starts = lines_of(state)
  -- The view stays on the same lines of the diff when the header grows ("edited in review").
  local shift = (starts[1] and state.starts[1]) and (starts[1].line - state.starts[1].line) or 0
  state.starts = starts
  local win = vim.fn.bufwinid(state.buf)
  local view = win ~= -1 and api.nvim_win_call(win, vim.fn.winsaveview) or nil
  vim.bo[state.buf].modifiable = true
  api.nvim_buf_set_lines(state.buf, 0, -1, false, lines)
  vim.bo[state.buf].modifiable = false
  vim.bo[state.buf].modified = false
  if view then
    view.lnum = math.max(1, math.min(view.lnum + shift, #lines))
    view.topline = math.max(1, view.topline + shift)
    api.nvim_win_call(win, function()
      vim.fn.winrestview(view)
    end)
  end
end

--- Moves the cursor to the next (`dir` 1) or previous (-1) file header of the diff.
local function jump(dir)
  local flags = dir > 0 and 'W' or 'bW'
  if vim.fn.search([[^--- ]], flags) == 0 then
    vim.notify(dir > 0 and t('review.no_next_file') or t('review.no_prev_file'), vim.log.levels.INFO)
  end
end

--- The file whose diff the cursor is in (the first one above every diff), if it can be edited.
---@param state autofix.ReviewState
---@return integer?
local function file_under_cursor(state)
  local files = state.request.files or {}
  if api.nvim_get_current_buf() ~= state.buf then
    return state.pair and state.pair.index or (files[1] and 1) or nil
  end
  local line = api.nvim_win_get_cursor(0)[1]
  local index = state.starts[1] and state.starts[1].index or (files[1] and 1) or nil
  for _, s in ipairs(state.starts) do
    if s.line <= line then
      index = s.index
    end
  end
  return index
end

--- Closes the proposed/current windows (the buffers stay: an edit is kept until the review ends).
---@param state autofix.ReviewState
local function close_pair(state)
  local pair = state.pair
  state.pair = nil
  if not pair then
    return
  end
  for _, w in ipairs({ pair.pwin, pair.cwin }) do
    if api.nvim_win_is_valid(w) then
      api.nvim_win_call(w, function()
        vim.cmd('diffoff')
      end)
      pcall(api.nvim_win_close, w, true)
    end
  end
  render(state)
end

--- The proposed and current buffers of file `i`, made the first time they are asked for.
---@param state autofix.ReviewState
---@param i integer
local function buffers(state, i)
  local p = state.proposed[i]
  if p and api.nvim_buf_is_valid(p.buf) and api.nvim_buf_is_valid(p.current) then
    return p
  end
  local f = state.request.files[i]
  local proposed_lines, current_lines = split(f.after), split(f.before)
  local ft ---@type string?
  local function scratch(kind, lines)
    local b = api.nvim_create_buf(false, true)
    -- Named after the file (another review of the same file gets a number).
    local name = ('autofix://%s/%s'):format(kind, f.relpath)
    if not pcall(api.nvim_buf_set_name, b, name) then
      pcall(api.nvim_buf_set_name, b, ('%s (%d)'):format(name, b))
    end
    -- No undo step back to an empty buffer.
    vim.bo[b].undolevels = -1
    api.nvim_buf_set_lines(b, 0, -1, false, lines)
    vim.bo[b].undolevels = vim.go.undolevels
    vim.bo[b].modified = false
    vim.bo[b].bufhidden = 'hide'
    -- The target's filetype, for its highlighting (detected from its path and this text).
    ft = ft or vim.filetype.match({ buf = b, filename = f.path }) or ''
    vim.bo[b].filetype = ft
    return b
  end
  local current = scratch('current', current_lines)
  vim.bo[current].modifiable = false
  local buf = scratch('proposed', proposed_lines)
  -- Written with :w — which accepts the change with this text.
  vim.bo[buf].buftype = 'acwrite'
  state.proposed[i] = { buf = buf, current = current }
  api.nvim_create_autocmd('BufWriteCmd', {
    buffer = buf,
    desc = t('review.au_write'),
    callback = function(ev)
      local target = vim.fn.fnamemodify(ev.match, ':p')
      if ev.match ~= api.nvim_buf_get_name(buf) and target ~= api.nvim_buf_get_name(buf) then
        -- :w elsewhere writes a copy, as anywhere.
        vim.fn.writefile(api.nvim_buf_get_lines(buf, 0, -1, false), target)
        return
      end
      state.accept_soon()
    end,
  })
  api.nvim_create_autocmd({ 'TextChanged', 'InsertLeave' }, {
    buffer = buf,
    desc = t('review.au_render'),
    callback = function()
      render(state)
    end,
  })
  -- A current side for reading: the accept and reject keys work there as in the review.
  vim.keymap.set('n', M.keys.accept, function()
    state.accept()
  end, { buffer = current, nowait = true, silent = true, desc = t('review.key_accept') })
  vim.keymap.set('n', M.keys.reject, function()
    state.finish(false)
  end, { buffer = current, nowait = true, silent = true, desc = t('review.key_reject') })
  return state.proposed[i]
end

--- The first line of `after` that differs from `before` (1-based), for the cursor.
local function first_change(before, after)
  local hunks = vim.diff(before, after, { result_type = 'indices' }) --[[@as integer[][] ]]
  if not hunks[1] then
    return 1
  end
  return math.max(1, hunks[1][4] > 0 and hunks[1][3] or hunks[1][3] + 1)
end

--- `e`: the proposed text of file `i` in an editable buffer, diffed against the file as it is,
--- below the review (side by side when there is room or 'diffopt' says vertical).
---@param state autofix.ReviewState
---@param i? integer
local function edit(state, i)
  local f = i and state.request.files[i]
  if not f or f.deleted or f.renamed_to then
    vim.notify(t('review.nothing_to_edit'), vim.log.levels.INFO)
    return
  end
  if state.pair and state.pair.index == i and api.nvim_win_is_valid(state.pair.pwin) then
    api.nvim_set_current_win(state.pair.pwin)
    return
  end
  close_pair(state)
  local rwin = vim.fn.bufwinid(state.buf)
  if rwin == -1 then
    return
  end
  local p = buffers(state, i)
  local vertical = vim.o.diffopt:find('vertical') ~= nil or vim.o.columns >= 160
  local cwin = api.nvim_open_win(p.current, false, { split = 'below', win = rwin })
  local pwin = api.nvim_open_win(p.buf, true, { split = vertical and 'right' or 'below', win = cwin })
  state.pair = { index = i, pwin = pwin, cwin = cwin }
  for _, w in ipairs({ cwin, pwin }) do
    -- Not the review's own window options (a split copies them): the user's, for editing.
    vim.wo[w].winbar = ''
    vim.wo[w].foldenable = true
    vim.wo[w].wrap = false
    vim.wo[w].number = vim.go.number
    vim.wo[w].relativenumber = vim.go.relativenumber
  end
  vim.wo[pwin].winbar = edit_hint(f.relpath)
  if vertical then
    -- Side by side, both sides have a hint line, or their lines would be one row apart.
    vim.wo[cwin].winbar = (' %s · %s  %%<%%#Comment#%s'):format(
      key(M.keys.accept, t('review.accept')),
      key(M.keys.reject, t('review.reject')),
      escape(t('review.as_it_is', f.relpath))
    )
  end
  -- The review shrinks to its title and keys; the file being edited gets the most room.
  local total = api.nvim_win_get_height(rwin) + api.nvim_win_get_height(cwin) + api.nvim_win_get_height(pwin)
  pcall(api.nvim_win_set_height, rwin, math.max(3, math.floor(total * 0.15)))
  if not vertical then
    local rest = api.nvim_win_get_height(cwin) + api.nvim_win_get_height(pwin)
    pcall(api.nvim_win_set_height, cwin, math.max(3, math.floor(rest / 3)))
  end
  for _, w in ipairs({ cwin, pwin }) do
    api.nvim_win_call(w, function()
      vim.cmd('diffthis')
    end)
  end
  local line = first_change(f.before, proposed_text(state, i))
  pcall(api.nvim_win_set_cursor, pwin, { math.min(line, api.nvim_buf_line_count(p.buf)), 0 })
  api.nvim_win_call(pwin, function()
    vim.cmd('normal! zvzz')
    pcall(vim.cmd, 'syncbind')
  end)
  -- Closing either window (:q in the proposed one) goes back to the review, the edit kept.
  api.nvim_create_autocmd('WinClosed', {
    pattern = { tostring(pwin), tostring(cwin) },
    once = true,
    callback = function()
      vim.schedule(function()
        if state.pair and state.pair.pwin == pwin then
          close_pair(state)
          local w = vim.fn.bufwinid(state.buf)
          if w ~= -1 and api.nvim_get_current_tabpage() == api.nvim_win_get_tabpage(w) then
            api.nvim_set_current_win(w)
          end
        end
      end)
    end,
  })
end

--- Why the user's version cannot be accepted as it is (a rules file that no longer parses), or nil.
---@param state autofix.ReviewState
local function invalid(state)
  for i, f in ipairs(state.request.files or {}) do
    local text = proposed_text(state, i)
    if text ~= f.after and f.path:match('%.json$') and pcall(vim.json.decode, f.after) then
      local ok, err = pcall(vim.json.decode, text)
      if not ok then
        return t('review.invalid_json', f.relpath, (tostring(err):gsub('^.-:%d+: ', '')))
      end
    end
  end
  return nil
end

--- Opens the review of `request` in a new tab page and calls `done(accepted)` once: on the
--- accept or reject key, or with false when its tab or buffer goes away unanswered. On accept,
--- each file the user edited in the review has `edited`, its text as they left it.
---@param request autofix.ApprovalRequest
---@param done fun(accepted: boolean)
---@return integer? buf  the review buffer (nil when no tab could be opened: `done(false)` was called)
function M.open(request, done)
  local origin_tab = api.nvim_get_current_tabpage()
  local origin_win = api.nvim_get_current_win()
  local buf = api.nvim_create_buf(false, true)
  ---@type autofix.ReviewState
  local state = { request = request, buf = buf, proposed = {}, starts = {} }
  local lines, starts = lines_of(state)
  state.starts = starts
  api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].bufhidden = 'wipe'
  vim.bo[buf].filetype = 'diff'
  count = count + 1
  -- No slash after the scheme: tab labels shorten every path component but the last.
  pcall(api.nvim_buf_set_name, buf, ('autofix://review-%d'):format(count))

  local ok = pcall(vim.cmd, 'tab sbuffer ' .. buf)
  if not ok then
    pcall(api.nvim_buf_delete, buf, { force = true })
    done(false)
    return nil
  end
  local tab = api.nvim_get_current_tabpage()
  local win = api.nvim_get_current_win()
  vim.wo[win].winbar = hint(request.title, #(request.files or {}))
  vim.wo[win].wrap = false
  vim.wo[win].number = false
  vim.wo[win].relativenumber = false
  vim.wo[win].foldenable = false
  M.pending[buf] = { title = request.title, tab = tab }

  state.finish = util.once(function(accepted)
    M.pending[buf] = nil
    for i, f in ipairs(request.files or {}) do
      local text = proposed_text(state, i)
      f.edited = (accepted and text ~= f.after) and text or nil
    end
    -- Back where the user was, then the review goes (closing the tab first would land in the
    -- neighbouring tab, not necessarily the user's).
    if api.nvim_tabpage_is_valid(origin_tab) and api.nvim_get_current_tabpage() == tab then
      pcall(api.nvim_set_current_tabpage, origin_tab)
      if api.nvim_win_is_valid(origin_win) then
        pcall(api.nvim_set_current_win, origin_win)
      end
    end
    state.pair = nil
    for _, p in pairs(state.proposed) do
      for _, b in ipairs({ p.buf, p.current }) do
        if api.nvim_buf_is_valid(b) then
          pcall(api.nvim_buf_delete, b, { force = true })
        end
      end
    end
    if api.nvim_buf_is_valid(buf) then
      pcall(api.nvim_buf_delete, buf, { force = true })
    end
    done(accepted)
  end)
  --- Whether the user's versions can land as they are (else says why).
  local function can_land()
    local why = invalid(state)
    if why then
      vim.notify(why, vim.log.levels.ERROR)
    end
    return why == nil
  end
  --- Accepts, with the user's versions — unless one of them cannot land as it is.
  state.accept = function()
    if can_land() then
      state.finish(true)
    end
  end
  --- From :w in a proposed buffer: after the write command is done with its window.
  state.accept_soon = function()
    if not can_land() then
      return
    end
    for _, p in pairs(state.proposed) do
      if api.nvim_buf_is_valid(p.buf) then
        vim.bo[p.buf].modified = false
      end
    end
    vim.schedule(function()
      state.finish(true)
    end)
  end

  local function map(lhs, fn, desc)
    vim.keymap.set('n', lhs, fn, { buffer = buf, nowait = true, silent = true, desc = desc })
  end
  map(M.keys.accept, function()
    state.accept()
  end, t('review.key_accept'))
  map(M.keys.reject, function()
    state.finish(false)
  end, t('review.key_reject'))
  map(M.keys.close, function()
    state.finish(false)
  end, t('review.key_close'))
  map(M.keys.edit, function()
    edit(state, file_under_cursor(state))
  end, t('review.key_edit'))
  map(M.keys.next_file, function()
    jump(1)
  end, t('review.key_next_file'))
  map(M.keys.prev_file, function()
    jump(-1)
  end, t('review.key_prev_file'))

  -- Closing the tab, :bwipeout, :q — anything that ends the review unanswered rejects.
  api.nvim_create_autocmd('BufWipeout', {
    buffer = buf,
    once = true,
    callback = function()
      vim.schedule(function()
        state.finish(false)
      end)
    end,
  })

  -- The cursor on the first changed line; the view scrolled to it only when the whole change
  -- does not fit (then the header would hide what changes).
  local first = vim.fn.search('^[-+][^-+]', 'nW')
  if first > 0 then
    pcall(api.nvim_win_set_cursor, win, { first, 0 })
    if api.nvim_buf_line_count(buf) > api.nvim_win_get_height(win) then
      api.nvim_win_call(win, function()
        vim.fn.winrestview({ topline = math.max(1, first - 3) })
      end)
    end
  end
  api.nvim_exec_autocmds('User', { pattern = 'AutofixReviewOpen', modeline = false, data = { buf = buf, title = request.title } })
  return buf
end

--- Goes back to a review still waiting (the newest), for `:AutofixReview`.
---@return boolean found
function M.focus()
  local newest
  for b, review in pairs(M.pending) do
    if api.nvim_buf_is_valid(b) and api.nvim_tabpage_is_valid(review.tab) and (not newest or b > newest) then
      newest = b
    end
  end
  if not newest then
    return false
  end
  api.nvim_set_current_tabpage(M.pending[newest].tab)
  return true
end

--- How many reviews wait for an answer (for the statusline).
function M.waiting()
  local n = 0
  for b in pairs(M.pending) do
    if api.nvim_buf_is_valid(b) then
      n = n + 1
    end
  end
  return n
end

return M
