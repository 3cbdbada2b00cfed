-- Rules changed on disk by another tool reach the server (Neovim itself does not watch files on
-- Linux); files without a filetype get the server too; settings change at run time.
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

H.run(function()
  local root = H.demo()
  H.setup()
  local button = H.open(root .. '/src/components/Button.tsx')
  H.check(H.wait_diags(button, function(d) return #d == 2 end), 'Button.tsx diagnostics arrived')
  H.check(H.wait(3000, function() return require('autofix').statusline(button) == 'autofix: 12 rules' end), 'status received')
  local client = H.client(button)
  H.check(client.capabilities.workspace.didChangeWatchedFiles.dynamicRegistration == false,
    'Neovim on Linux offers no file watching (so the plugin watches the rules files)')

  -- 1. Another tool rewrites autofix.json (not open here): rule #14 appears in Button.tsx.
  local rules_path = root .. '/.agents/autofix.json'
  local text = H.read(rules_path)
  local added = text:gsub('%]%s*$', [[,
  {
    "Rule_number": 14, "Category": "UX", "Why": "test",
    "Instruction": "Never pass onClick to a button - use a form action.",
    "Check": { "Files": ["src/**/*.tsx"], "Pattern": "onClick=" }
  }
]
]])
  -- Written the way atomic writers do it: a temporary file renamed over the original.
  H.write(rules_path .. '.tmp', added)
  assert(vim.uv.fs_rename(rules_path .. '.tmp', rules_path))
  H.check(H.wait_diags(button, function(d) return #d == 3 end, 5000), 'a rule added on disk reaches the open buffer',
    H.shape(H.diags(button)))
  H.check(H.wait(3000, function() return require('autofix').statusline(button) == 'autofix: 13 rules' end), 'status: 13 rules')

  -- 2. Broken on disk: a warning (the file is not open here), the buffer keeps its diagnostics.
  H.write(rules_path, added:gsub('"Rule_number": 14,', '"Rule_number": 14'))
  H.check(H.wait(5000, function() return require('autofix').statusline(button) == 'autofix: rules broken' end), 'status: broken')
  H.check(H.find_message('autofix.json is broken') ~= nil, 'the user is told the rules file broke')
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
