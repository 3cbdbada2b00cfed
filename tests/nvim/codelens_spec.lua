-- Code lenses above the diffs of a chat document (an agent's reply saved as markdown): each names
-- its diff as `{path, source = {uri, index, version}}` instead of carrying its text; running one
-- goes through the plugin (`forward`), is approved, applied and reported; a lens whose block
-- matches nothing reports why; an informing lens (`autofix.showMessage`) shows its text once.
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

H.run(function()
  local root = H.demo()
  H.setup()
  local chat = root .. '/notes/agent-reply.md'
  -- An agent's reply saved as markdown (the same fixture the VS Code suite uses).
  H.write(chat, H.read(H.repo .. '/tests/fixtures/agent-reply.md'))
  local logger_path = root .. '/src/lib/logger.ts'
  local md = H.open(chat)
  local client = H.client(md)

  --- The lenses of the buffer, by line (1-based), once the server has answered.
  local function lenses(pred)
    local got
    H.wait(10000, function()
      vim.lsp.codelens.refresh({ bufnr = md })
      vim.wait(100)
      got = vim.lsp.codelens.get(md)
      return pred(got)
    end)
    table.sort(got, function(a, b) return a.range.start.line < b.range.start.line end)
    return got
  end
  local function title(l)
    return l.command and l.command.title or ''
  end
  local function titles(ls)
    return vim.tbl_map(title, ls)
  end

  -- 1. One lens per block, above it.
  local ls = lenses(function(got) return #got == 3 end)
  H.eq(titles(ls), {
    'autofix: Apply to src/lib/logger.ts — at line 3 (100%)',
    ls[2] and title(ls[2]) or '?',
    'autofix: no target path above the diff',
  }, 'three lenses: applies / (no match) / no target path')
  H.check(title(ls[2]):find('^autofix: no match') ~= nil, 'the second block matches nothing', title(ls[2]))
  H.eq(vim.tbl_map(function(l) return l.range.start.line + 1 end, ls), { 8, 21, 30 }, 'each lens sits on its SEARCH line')
  local arg = ls[1].command.arguments[1]
  H.eq(ls[1].command.command, 'autofix.applyDiff', 'the lens runs autofix.applyDiff')
  H.eq(arg.path, logger_path, 'its argument names the target')
  H.eq(arg.source and { arg.source.uri, arg.source.index }, { vim.uri_from_bufnr(md), 0 }, 'and the diff by document and index')
  H.eq(arg.source and arg.source.version, vim.lsp.util.buf_versions[md], 'for the version it was computed on')
  H.eq(arg.diff, nil, 'not the diff text')
  H.eq(ls[3].command.command, 'autofix.showMessage', 'the informing lens runs autofix.showMessage')

  -- 2. Run the first lens: approved, applied to logger.ts (not open: written), reported.
  local asked
  table.insert(H.selects, function(_, opts)
    asked = opts.prompt
    return 'Accept'
  end)
  vim.api.nvim_win_set_cursor(0, { 8, 0 })
  vim.lsp.codelens.run()
  H.check(H.wait(5000, function() return H.find_message('applied 1 of 1 block to src/lib/logger.ts') ~= nil end),
    'the lens\'s diff is applied and reported', H.messages)
  H.check(asked and asked:find('Apply diff to src/lib/logger.ts', 1, true) ~= nil, 'after the approval asked', asked)
  H.check(H.wait(3000, function()
    return (H.read(logger_path) or ''):find('toISOString().slice(11, 19)', 1, true) ~= nil
  end), 'logger.ts changed on disk')
  H.eq(vim.api.nvim_get_current_buf(), md, 'the chat stays the current buffer')

  -- 3. The target changed: the lenses are asked for again once the command is done (Neovim does
  -- that for a lens's command, but not when the plugin runs it): the first no longer applies.
  H.check(H.wait(5000, function()
    local got = vim.lsp.codelens.get(md)
    return #got == 3 and not vim.tbl_contains(titles(got), 'autofix: Apply to src/lib/logger.ts — at line 3 (100%)')
  end), 'the lenses are refreshed after the lens ran', titles(vim.lsp.codelens.get(md)))
  ls = lenses(function(got) return #got == 3 end)
  H.check(title(ls[1]):find('^autofix: no match') ~= nil, 'the applied block\'s lens says it no longer matches', titles(ls))
  local shown = vim.api.nvim_buf_get_extmarks(md, -1, { 7, 0 }, { 7, -1 }, { details = true })
  H.check(#shown > 0, 'and is shown on its line again', shown)

  -- 4. The lens of a block that matches nothing only says why (it runs autofix.showMessage):
  -- clicking it must not apply the diff's other blocks.
  local count, before = #H.asked, H.read(logger_path)
  H.eq(ls[2].command.command, 'autofix.showMessage', 'a lens whose block matches nothing only informs')
  vim.api.nvim_win_set_cursor(0, { 21, 0 })
  vim.lsp.codelens.run()
  H.check(H.wait(5000, function() return H.find_message('No match for the SEARCH lines') ~= nil end),
    'a lens whose block matches nothing says why', H.messages[#H.messages])
  local m = H.find_message('No match for the SEARCH lines') or { msg = '' }
  H.check(m.msg:find('autofix: no match', 1, true) ~= nil and m.msg:find('best', 1, true) ~= nil,
    'naming the best candidate', m)
  H.eq(#H.asked, count, 'nothing to approve')
  H.eq(H.read(logger_path), before, 'logger.ts unchanged')

  -- 5. The informing lens: its message once, with one "autofix:".
  vim.api.nvim_win_set_cursor(0, { 30, 0 })
  vim.lsp.codelens.run()
  H.check(H.wait(5000, function() return H.find_message('no target path above the diff') ~= nil end), 'the informing lens shows its message')
  H.eq((H.find_message('no target path above the diff') or {}).msg, 'autofix: no target path above the diff', 'said once, prefixed once')
  H.eq(client.id, H.client(md).id, 'one client throughout')
end)
