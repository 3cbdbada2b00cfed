-- Workspace diagnostics in Neovim: with one file open, :AutofixWorkspace lists every violation of
-- the demo (13, in files nobody opened too) in the quickfix list; a closed file changed on disk
-- and a rule added to autofix.json on disk show up without opening anything; :AutofixFixWorkspace
-- fixes the fixable ones across files in one approved edit, written to disk.
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

--- The quickfix entries of the last :AutofixWorkspace, as "relative/path:line".
local function listed(root)
  local out = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    local name = vim.api.nvim_buf_get_name(item.bufnr):sub(#root + 2)
    -- The rules file's own problems are listed too; the violations are what is counted here.
    if name ~= '.agents/autofix.json' then
      out[#out + 1] = name .. ':' .. item.lnum
    end
  end
  table.sort(out)
  return out
end

--- The autofix diagnostics of a file, loaded or not.
local function file_diags(path)
  return H.diags(vim.fn.bufadd(path))
end

H.run(function()
  local root = H.demo()
  H.setup()
  local format = H.open(root .. '/src/lib/format.ts')
  H.check(H.wait_diags(format, function(d) return #d == 2 end), 'format.ts diagnostics arrived (pushed)')
  local client = H.client(format)

  -- 1. Every violation of the workspace in the quickfix list, only one file open.
  vim.cmd('AutofixWorkspace')
  H.check(H.wait(10000, function() return #listed(root) == 13 end), 'the quickfix list holds the 13 violations', listed(root))
  local items = listed(root)
  H.check(vim.list_contains(items, 'src/server/routes/orders.ts:3'), 'a file nobody opened is listed', items)
  H.check(vim.list_contains(items, 'src/lib/format.ts:11'), 'the open file is listed too', items)
  H.eq(vim.fn.getqflist({ title = 1 }).title, 'autofix: workspace', 'the list is titled')
  local users = root .. '/src/api/users.ts'
  local ub = vim.fn.bufadd(users)
  H.check(not vim.api.nvim_buf_is_loaded(ub), 'users.ts was never loaded')
  H.eq(#file_diags(users), 2, 'users.ts has its two violations without being opened')

  -- 2. A closed file changed on disk (Neovim on Linux has no file watcher for the server: the
  --    held request looks at the disk again every few seconds).
  H.write(users, H.read(users) .. '\nexport function parse(raw: string): any {\n  return JSON.parse(raw);\n}\n')
  H.check(H.wait(15000, function() return #file_diags(users) == 3 end),
    'the new violation of the closed users.ts shows', H.shape(file_diags(users)))

  -- 3. A rule added to autofix.json on disk: every file it reaches, none opened.
  local rules_path = root .. '/.agents/autofix.json'
  local rules = H.read(rules_path)
  local learned = rules:gsub('%]%s*$', [[,
  {"Rule_number": 99, "Category": "CODE", "Instruction": "Never call JSON.parse directly.", "Why": "use the schema parser",
   "Check": {"Files": ["src/**/*.ts"], "Pattern": "JSON\\.parse\\("}}
]
]])
  H.write(rules_path, learned)
  H.check(H.wait(15000, function()
    for _, d in ipairs(file_diags(users)) do
      if d.code == 99 then
        return true
      end
    end
    return false
  end), 'the new rule flags users.ts, which nobody opened', H.shape(file_diags(users)))
  vim.cmd('AutofixWorkspace')
  H.check(H.wait(5000, function()
    return vim.list_contains(listed(root), 'src/api/users.ts:8')
  end), 'the list follows', listed(root))

  -- 4. :AutofixFixWorkspace: one approval, the fixes written across files. First an agent writes
  --    one of them while the approval is open: nothing is applied anywhere.
  local orders = root .. '/src/server/routes/orders.ts'
  local agent_text = '// written by an agent\n' .. H.read(orders)
  table.insert(H.selects, function()
    H.write(orders, agent_text)
    return 'Accept'
  end)
  H.messages = {}
  vim.cmd('AutofixFixWorkspace')
  H.check(H.wait(10000, function() return H.find_message('changed since the edit was proposed') ~= nil end),
    'a file written during the approval: the edit is refused')
  H.eq(H.read(orders), agent_text, "the agent's text is kept")
  H.check(vim.api.nvim_buf_get_lines(format, 0, -1, false)[11]:find(': any', 1, true) ~= nil,
    'nothing else was applied either')
  H.write(orders, agent_text:sub(#'// written by an agent\n' + 1))
  local prompts = {}
  table.insert(H.selects, function(_, opts)
    table.insert(prompts, opts.prompt)
    return 'Accept'
  end)
  H.messages = {}
  vim.cmd('AutofixFixWorkspace')
  H.check(H.wait(10000, function() return (H.read(orders) or ''):find('body: unknown', 1, true) ~= nil end),
    'orders.ts, never opened, is fixed on disk', H.read(orders))
  H.check((prompts[1] or ''):find('Fix %d+ violations in %d+ files') ~= nil, 'one approval names the fixes and files', prompts[1])
  H.check(H.wait(5000, function() return H.find_message('fixed %d+ violations in %d+ files') ~= nil end),
    'the result is reported')
  H.check(H.wait(5000, function()
    return vim.api.nvim_buf_get_lines(format, 0, -1, false)[11]:find(': unknown', 1, true) ~= nil
  end), 'the open format.ts is fixed in its buffer')
  H.check(client ~= nil and not client:is_stopped(), 'the server is still up')
end)
