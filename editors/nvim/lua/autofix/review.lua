-- The review of a change the server proposes: a tab page of its own showing the whole change (one
-- unified diff of every file), a hint line saying what the keys do, and buffer-local keys to
-- decide. Nothing modal: the user can scroll, search, switch tabs and come back; closing the tab
-- rejects. (A prompt in the message area covered the diff: at 80×24 no changed line was visible.)
local M = {}

local api = vim.api
local util = require('autofix.util')

M.keys = {
  accept = 'a',
  reject = 'r',
  close = 'q',
  next_file = ']f',
  prev_file = '[f',
}

local count = 0

--- The reviews waiting for an answer, by buffer: `:AutofixReview` goes back to one.
---@type table<integer, { title: string, tab: integer }>
M.pending = {}

--- The hint line: the keys first, so that they stay when the window is narrow (`%<` truncates
--- the title instead), then what is being reviewed.
local function hint(title, files)
  local k = M.keys
  local function key(lhs, what)
    return ('%%#Title#%s%%* %s'):format(lhs, what)
  end
  local parts = { key(k.accept, 'accept'), key(k.reject, 'reject'), key(k.close, 'close') }
  if files > 1 then
    parts[#parts + 1] = key(k.next_file .. '/' .. k.prev_file, 'files')
  end
  -- %% keeps a % of the title out of the statusline syntax the winbar uses.
  return (' autofix review: %s  %%<%%#Comment#%s'):format(table.concat(parts, ' · '), (title:gsub('%%', '%%%%')))
end

local function lines_of(request)
  local lines = { ('# autofix: %s'):format(request.title) }
  for _, d in ipairs(request.descriptions or {}) do
    for _, l in ipairs(vim.split(d, '\n', { plain = true })) do
      lines[#lines + 1] = '# ' .. l
    end
  end
  lines[#lines + 1] = ('# %s accept · %s reject · %s close (reject)'):format(M.keys.accept, M.keys.reject, M.keys.close)
  lines[#lines + 1] = ''
  vim.list_extend(lines, vim.split(request.diff, '\n', { plain = true, trimempty = true }))
  return lines
end

--- Moves the cursor to the next (`dir` 1) or previous (-1) file header of the diff.
local function jump(dir)
  local flags = dir > 0 and 'W' or 'bW'
  if vim.fn.search([[^--- ]], flags) == 0 then
    vim.notify('autofix: no ' .. (dir > 0 and 'next' or 'previous') .. ' file in this change', vim.log.levels.INFO)
  end
end

--- Opens the review of `request` in a new tab page and calls `done(accepted)` once: on the
--- accept or reject key, or with false when its tab or buffer goes away unanswered.
---@param request autofix.ApprovalRequest
---@param done fun(accepted: boolean)
---@return integer? buf  the review buffer (nil when no tab could be opened: `done(false)` was called)
function M.open(request, done)
  local origin_tab = api.nvim_get_current_tabpage()
  local origin_win = api.nvim_get_current_win()
  local buf = api.nvim_create_buf(false, true)
  api.nvim_buf_set_lines(buf, 0, -1, false, lines_of(request))
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

  local finish = util.once(function(accepted)
    M.pending[buf] = nil
    -- Back where the user was, then the review goes (closing the tab first would land in the
    -- neighbouring tab, not necessarily the user's).
    if api.nvim_tabpage_is_valid(origin_tab) and api.nvim_get_current_tabpage() == tab then
      pcall(api.nvim_set_current_tabpage, origin_tab)
      if api.nvim_win_is_valid(origin_win) then
        pcall(api.nvim_set_current_win, origin_win)
      end
    end
    if api.nvim_buf_is_valid(buf) then
      pcall(api.nvim_buf_delete, buf, { force = true })
    end
    done(accepted)
  end)

  local function map(lhs, fn, desc)
    vim.keymap.set('n', lhs, fn, { buffer = buf, nowait = true, silent = true, desc = 'autofix review: ' .. desc })
  end
  map(M.keys.accept, function()
    finish(true)
  end, 'accept the change')
  map(M.keys.reject, function()
    finish(false)
  end, 'reject the change')
  map(M.keys.close, function()
    finish(false)
  end, 'close (reject)')
  map(M.keys.next_file, function()
    jump(1)
  end, 'next file')
  map(M.keys.prev_file, function()
    jump(-1)
  end, 'previous file')

  -- Closing the tab, :bwipeout, :q — anything that ends the review unanswered rejects.
  api.nvim_create_autocmd('BufWipeout', {
    buffer = buf,
    once = true,
    callback = function()
      vim.schedule(function()
        finish(false)
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
