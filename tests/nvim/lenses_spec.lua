-- Code lenses kept fresh without the user asking (lua/autofix/lenses.lua): they appear when a
-- buffer holding diffs is opened, follow the server's `workspace/codeLens/refresh` when a diff's
-- target is edited in another buffer, follow edits of the buffer itself, and are not asked for
-- in buffers without diffs; a refresh asked for while a lens request is out is not dropped.
-- Nothing here calls vim.lsp.codelens.refresh().
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

H.run(function()
  local root = H.demo()
  H.setup()
  local chat = root .. '/notes/agent-reply.md'
  H.write(chat, H.read(H.repo .. '/tests/fixtures/agent-reply.md'))
  local md = H.open(chat)

  local function titles()
    local got = vim.lsp.codelens.get(md)
    table.sort(got, function(a, b) return a.range.start.line < b.range.start.line end)
    return vim.tbl_map(function(l) return l.command and l.command.title or '' end, got)
  end

  -- 1. Opened: the lenses come by themselves, and are drawn.
  H.check(H.wait(10000, function() return #titles() == 3 end), 'three lenses without asking', titles())
  H.eq(titles()[1], 'autofix: Apply to src/lib/logger.ts — at line 3 (100%)', 'the first block applies')
  H.check(H.wait(3000, function()
    return #vim.api.nvim_buf_get_extmarks(md, -1, { 7, 0 }, { 7, -1 }, { details = true }) > 0
  end), 'and its lens is shown above line 8')

  -- 2. The target edited in another buffer (not saved): the server asks for lenses again and the
  -- plugin does, so the first block no longer applies.
  vim.cmd('split ' .. vim.fn.fnameescape(root .. '/src/lib/logger.ts'))
  local logger = vim.api.nvim_get_current_buf()
  H.check(H.wait(10000, function() return H.client(logger) ~= nil end), 'autofix attached to logger.ts')
  vim.api.nvim_buf_set_lines(logger, 2, 3, false, { '    process.stdout.write(message);' })
  H.check(H.wait(10000, function() return (titles()[1] or ''):find('^autofix: no match') ~= nil end),
    'after the target changed, the first lens says it no longer matches', titles())
  local chat_requests = 0
  for _, l in ipairs(vim.lsp.codelens.get(logger)) do
    chat_requests = chat_requests + (l and 1 or 0)
  end
  H.eq(chat_requests, 0, 'logger.ts, which holds no diff, has no lenses')

  -- 3. The chat itself edited: its last diff removed; once the edits pause, two lenses are left.
  vim.cmd('wincmd p')
  H.eq(vim.api.nvim_get_current_buf(), md, 'back in the chat')
  local lines = vim.api.nvim_buf_get_lines(md, 0, -1, false)
  local last = #lines
  while last > 0 and not lines[last]:find('<<<<<<< SEARCH', 1, true) do
    last = last - 1
  end
  vim.api.nvim_buf_set_lines(md, last - 1, -1, false, {})
  -- Neovim fires TextChanged from its main loop, which a test script does not run: fire it as a
  -- real edit would.
  vim.api.nvim_exec_autocmds('TextChanged', { buffer = md })
  H.check(H.wait(5000, function() return #titles() == 2 end), 'the removed diff\'s lens goes', titles())

  -- 4. A refresh asked for while a lens request is out is sent once the answer is in: the answer
  -- in flight predates the change (vim.lsp.codelens.refresh would drop the second request and
  -- leave its stale lenses). The first answer is held back 500 ms, and the target is restored
  -- as soon as the server has given it, so the window is certain.
  local client = H.client(md)
  local request = client.request
  local original = H.read(root .. '/src/lib/logger.ts'):match('^[^\n]*\n[^\n]*\n([^\n]*)')
  local held = false
  client.request = function(self, method, params, handler, bufnr)
    if method == 'textDocument/codeLens' and handler and not held then
      held = true
      local deliver = handler
      handler = function(...)
        local args = { ... }
        vim.api.nvim_buf_set_lines(logger, 2, 3, false, { original })
        vim.defer_fn(function() deliver(unpack(args)) end, 500)
      end
    end
    return request(self, method, params, handler, bufnr)
  end
  require('autofix.lenses').refresh_now(md)
  H.check(H.wait(8000, function()
    return titles()[1] == 'autofix: Apply to src/lib/logger.ts — at line 3 (100%)'
  end), 'the target restored while a request was out: the first block applies again', titles())
  client.request = request

  -- 5. A request the server never answers does not stop the lenses for good: once it is given up
  -- on, the refresh asked for meanwhile goes out (and the late answer, should it come, is dropped).
  local lenses = require('autofix.lenses')
  local timeout = lenses.answer_timeout_ms
  lenses.answer_timeout_ms = 300
  local dropped = false
  client.request = function(self, method, params, handler, bufnr)
    if method == 'textDocument/codeLens' and not dropped then
      dropped = true
      return request(self, method, params, function() end, bufnr)
    end
    return request(self, method, params, handler, bufnr)
  end
  lenses.refresh_now(md) -- never answered (as far as the plugin can tell)
  vim.api.nvim_buf_set_lines(logger, 2, 3, false, { '    process.stdout.write(message);' })
  H.check(H.wait(8000, function() return (titles()[1] or ''):find('^autofix: no match') ~= nil end),
    'an unanswered request is given up on, and the refresh asked meanwhile goes out', titles())
  client.request = request
  lenses.answer_timeout_ms = timeout
end)
