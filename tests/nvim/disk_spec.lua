-- Rules changed on disk by another tool reach the server: Neovim offers servers no file watching
-- on Linux, so the server polls the rules files itself (the plugin does not watch them); an open,
-- unmodified rules buffer follows the disk; files without a filetype get the server too; settings
-- change at run time.
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

H.run(function()
  local root = H.demo()
  H.setup()
  local button = H.open(root .. '/src/components/Button.tsx')
  H.check(H.wait_diags(button, function(d) return #d == 2 end), 'Button.tsx diagnostics arrived')
  H.check(H.wait(3000, function() return require('autofix').statusline(button) == 'autofix: 12 rules' end), 'status received')
  local client = H.client(button)
  H.check(client.capabilities.workspace.didChangeWatchedFiles.dynamicRegistration == false,
    'Neovim on Linux offers no file watching (so the server polls the rules files)')
  -- Whatever the client tells the server about files on disk is recorded: it should be nothing.
  local sent = {}
  local notify = client.notify
  client.notify = function(self, method, params)
    sent[#sent + 1] = method
    return notify(self, method, params)
  end

  -- 1. An agent learns a rule from the shell while Neovim is open (autofix.json is not open
  -- here): the server notices within its 1 s poll, rule #14 appears in Button.tsx.
  local rules_path = root .. '/.agents/autofix.json'
  local t0 = vim.uv.hrtime()
  local learn = vim.system({
    H.server, 'learn', 'UX', 'Never pass onClick to a button - use a form action.', '--why', 'test',
    '--pattern', 'onClick=', '--files', 'src/**/*.tsx',
  }, { cwd = root, text = true }):wait()
  H.eq(learn.code, 0, '`autofix learn` from the shell succeeded: ' .. vim.trim(learn.stdout .. learn.stderr))
  H.check(H.wait_diags(button, function(d) return #d == 3 end, 5000), 'a rule learned from the shell reaches the open buffer',
    H.shape(H.diags(button)))
  local took = (vim.uv.hrtime() - t0) / 1e6
  H.log('the learned rule reached Button.tsx in %d ms', took)
  H.check(took < 3000, 'within the server\'s poll interval (1 s) plus a check', took)
  H.check(H.wait(3000, function() return require('autofix').statusline(button) == 'autofix: 13 rules' end), 'status: 13 rules')
  H.check(package.loaded['autofix.watch'] == nil, 'the plugin has no rules-file watcher of its own')
  H.check(not vim.list_contains(sent, 'workspace/didChangeWatchedFiles'), 'the plugin told the server nothing: it found out itself', sent)
  local added = assert(H.read(rules_path))

  -- 2. Broken on disk: a warning (the file is not open here), the buffer keeps its diagnostics.
  H.write(rules_path, added:gsub('"Rule_number": 14,', '"Rule_number": 14'))
  H.check(H.wait(5000, function() return require('autofix').statusline(button) == 'autofix: rules broken' end), 'status: broken')
  local told = H.find_message('rules file broken at')
  H.check(told ~= nil and told.msg:find('autofix%.json:%d+:%d+: ') ~= nil and told.msg:find('the last good rules stay in force', 1, true) ~= nil,
    'the user is told the rules file broke, and where (file:line:col)', told and told.msg)
  H.eq(#H.diags(button), 3, 'diagnostics stay while the file is broken')

  -- 3. Open (unmodified) in a buffer, then changed on disk: the buffer follows, so does the server.
  local fixed = added:gsub('"Pattern": "onClick="', '"Pattern": "ButtonProps"')
  H.write(rules_path, added)
  H.check(H.wait(5000, function() return require('autofix').statusline(button) == 'autofix: 13 rules' end), 'status: mended on disk')
  local rules_buf = H.open(rules_path)
  vim.cmd.buffer(button)
  H.write(rules_path, fixed)
  H.check(H.wait(5000, function()
    return table.concat(vim.api.nvim_buf_get_lines(rules_buf, 0, -1, false), '\n'):find('"Pattern": "ButtonProps"', 1, true) ~= nil
  end), 'the unmodified autofix.json buffer is reloaded from disk')
  H.check(H.wait_diags(button, function(d)
    return #vim.tbl_filter(function(x) return x.code == 14 end, d) == 2
  end), 'the server follows the reloaded buffer: #14 now flags ButtonProps twice', H.shape(H.diags(button)))

  -- 4. Settings at run time: switch rule #4 off, then back to default.
  require('autofix').update_settings({ severityOverrides = { ['4'] = 'off' } })
  local function rule4(d)
    return vim.tbl_filter(function(x) return x.code == 4 end, d)[1]
  end
  H.check(H.wait_diags(button, function(d) return #d == 3 and not rule4(d) end), 'severityOverrides {4 = off} removes rule #4', H.shape(H.diags(button)))
  require('autofix').update_settings({ severityOverrides = { ['4'] = 'error' } })
  H.check(H.wait_diags(button, function(d)
    return #d == 4 and rule4(d) and rule4(d).severity == vim.diagnostic.severity.ERROR
  end), 'severityOverrides {4 = error} brings it back as an error', H.shape(H.diags(button)))

  -- 5. A file Neovim has no filetype for still gets the server.
  local odd = root .. '/notes.unknownext'
  H.write(odd, 'plain words\n')
  vim.cmd.edit(vim.fn.fnameescape(odd))
  local odd_buf = vim.api.nvim_get_current_buf()
  H.eq(vim.bo[odd_buf].filetype, '', 'no filetype for *.unknownext')
  H.check(H.wait(5000, function() return H.client(odd_buf) ~= nil end), 'autofix attached to a buffer without filetype')
  H.eq(H.client(odd_buf) and H.client(odd_buf).id, client.id, 'the same client is reused')
end)
