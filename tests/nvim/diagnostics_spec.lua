-- Diagnostics, hover, quick fixes, live editing of autofix.json, :AutofixRules and
-- :checkhealth autofix, through the real plugin and the real `autofix lsp` on a copy of the demo.
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

H.run(function()
  local root = H.demo()
  H.setup()

  -- The config the runtimepath provides, as vim.lsp.enable sees it.
  local config = vim.lsp.config.autofix
  H.check(config.filetypes == nil, 'lsp/autofix.lua leaves filetypes unset (all filetypes)')
  H.eq(config.cmd, { H.server, 'lsp' }, 'setup{cmd} overrides the command')
  H.eq(require('autofix.root').find(root .. '/src/lib/format.ts'), root, 'root: the directory holding .agents/autofix.json')
  H.eq(require('autofix.root').find(root .. '/.agents/autofix.json'), root, 'root of .agents/autofix.json itself is the project')

  -- 1. Diagnostics in Button.tsx: codes, ranges, link to the rule, data.
  local button = H.open(root .. '/src/components/Button.tsx')
  H.check(vim.bo[button].filetype == 'typescriptreact', 'Button.tsx has a filetype', vim.bo[button].filetype)
  local client = H.client(button)
  H.eq(client.root_dir, root, 'client root_dir is the demo root')
  H.eq(client.offset_encoding, 'utf-8', 'utf-8 position encoding negotiated')
  H.check(H.wait_diags(button, function(d) return #d == 2 end), 'Button.tsx diagnostics arrived')
  local d = H.diags(button)
  H.eq(H.shape(d), { { 4, 4, 0, 4, 24 }, { 9, 10, 4, 12, 13 } }, 'Button.tsx: rule #4 (default export) and #9 (icon button)')
  local lsp_d = d[1] and d[1].user_data and d[1].user_data.lsp or {}
  H.eq(lsp_d.data, { rule = 4, fix = 'export function ', inferred = false }, 'diagnostic data carries the fix')
  H.check(
    lsp_d.codeDescription and lsp_d.codeDescription.href:match('/%.agents/autofix%.json#L%d+$') ~= nil,
    'codeDescription links to the rule line in autofix.json',
    lsp_d.codeDescription
  )
  H.check(d[1] and d[1].severity == vim.diagnostic.severity.WARN, 'rule #4 is a warning')

  -- 2. format.ts: the camelCase rule and the `any` rule (the suppressed `any` stays silent).
  local format = H.open(root .. '/src/lib/format.ts')
  H.check(H.wait_diags(format, function(x) return #x == 2 end), 'format.ts diagnostics arrived')
  H.eq(H.shape(H.diags(format)), { { 7, 0, 16, 0, 27 }, { 5, 10, 34, 10, 39 } }, 'format.ts: rule #7 and rule #5 (not the ignored line)')

  -- 3. Hover over the `any` violation shows the rule.
  vim.api.nvim_win_set_cursor(0, { 11, 36 })
  local hover = H.request('textDocument/hover', vim.lsp.util.make_position_params(0, 'utf-8'), format)
  local text = hover and hover.contents and hover.contents.value or ''
  H.check(text:find('#5', 1, true) and text:find('[CODE]', 1, true) and text:find('unknown', 1, true)
    and text:find('prevents runtime errors', 1, true), 'hover shows rule #5, its category, instruction and why', text)

  -- 4. The quick fix through the real UI entry point: `: any` -> `: unknown`, diagnostic gone.
  local offered = {}
  vim.lsp.buf.code_action({
    context = { only = { 'quickfix' } },
    filter = function(a)
      offered[#offered + 1] = a.title
      return a.isPreferred == true
    end,
    apply = true,
  })
  H.check(H.wait(5000, function()
    return vim.api.nvim_buf_get_lines(format, 10, 11, false)[1] == 'export function parse(raw: string): unknown {'
  end), 'quick fix applied to the buffer', vim.api.nvim_buf_get_lines(format, 10, 11, false))
  H.check(vim.list_contains(offered, 'Ignore rule #5 on this line'), 'ignore action offered', offered)
  H.check(H.wait_diags(format, function(x) return #x == 1 and x[1].code == 7 end), 'the fixed diagnostic disappeared')

  -- 5. Edit autofix.json in a buffer: break it, mend it with a new rule.
  local rules_path = root .. '/.agents/autofix.json'
  local rules = H.open(rules_path)
  H.check(H.wait(5000, function() return require('autofix').statusline(rules) == 'autofix: 12 rules' end),
    'autofix/status received: 12 active rules (#11 is superseded)', require('autofix').statusline(rules))
  local original = vim.api.nvim_buf_get_lines(rules, 0, -1, false)
  -- Break the JSON on line 3 (a missing comma after the first field).
  vim.api.nvim_buf_set_lines(rules, 2, 3, false, { '    "Rule_number": 1' })
  H.check(H.wait_diags(rules, function(x)
    for _, y in ipairs(x) do
      if y.severity == vim.diagnostic.severity.ERROR and (y.lnum == 2 or y.lnum == 3) then
        return true
      end
    end
  end), 'a JSON error is reported in autofix.json at the break', H.shape(H.diags(rules)))
  H.check(H.wait(3000, function() return require('autofix').statusline(rules) == 'autofix: rules broken' end),
    'status says the rules are broken')
  H.eq(H.codes(button), { 4, 9 }, 'Button.tsx keeps its diagnostics while the rules are broken')
  H.eq(H.codes(format), { 7 }, 'format.ts keeps its diagnostics while the rules are broken')

  -- Mend it and add rule #14: "Never use `onClick`" with a pattern.
  local mended = vim.deepcopy(original)
  local last = #mended
  while mended[last] ~= ']' do
    last = last - 1
  end
  mended[last - 1] = '  },'
  table.insert(mended, last, '  {')
  table.insert(mended, last + 1, '    "Rule_number": 14, "Category": "UX", "Why": "test",')
  table.insert(mended, last + 2, '    "Instruction": "Never pass onClick to a button - use a form action.",')
  table.insert(mended, last + 3, '    "Check": { "Files": ["src/**/*.tsx"], "Pattern": "onClick=" }')
  table.insert(mended, last + 4, '  }')
  vim.api.nvim_buf_set_lines(rules, 0, -1, false, mended)
  H.check(H.wait_diags(button, function(x)
    return vim.deep_equal(vim.tbl_map(function(y) return y.code end, x), { 4, 9 }) == false and #x == 3
  end), 'the new rule #14 reaches the open Button.tsx', H.shape(H.diags(button)))
  H.eq(H.shape(H.diags(button)), { { 4, 4, 0, 4, 24 }, { 14, 5, 17, 5, 25 }, { 9, 10, 4, 12, 13 } }, 'Button.tsx: #14 at onClick=')
  H.check(H.wait(3000, function() return require('autofix').statusline(rules) == 'autofix: 13 rules' end),
    'status: 13 active rules after mending')
  H.check(H.wait_diags(rules, function(x)
    for _, y in ipairs(x) do
      if y.severity == vim.diagnostic.severity.ERROR then
        return false
      end
    end
    return true
  end), 'no error left in autofix.json', H.shape(H.diags(rules)))

  -- 6. :AutofixRules lists the active rules and jumps to the chosen one.
  vim.cmd.buffer(format)
  local listed
  table.insert(H.selects, function(items, opts)
    listed = vim.tbl_map(opts.format_item, items)
    for _, item in ipairs(items) do
      if item.rule_number == 14 then
        return item
      end
    end
  end)
  vim.cmd('AutofixRules')
  H.check(H.wait(5000, function() return vim.api.nvim_get_current_buf() == rules end), ':AutofixRules jumped to autofix.json')
  H.check(listed and #listed == 13, 'active rules listed (rule #11 is superseded)', listed)
  H.check(listed and listed[1]:match('^#1 %[PROCESS%] Never add emojis') ~= nil, 'items read "#N [CATEGORY] instruction"', listed and listed[1])
  H.check(listed and not vim.tbl_contains(listed, function(s) return s:match('^#11 ') end, { predicate = true }),
    'superseded rule #11 is not listed')
  H.eq(vim.api.nvim_win_get_cursor(0)[1], last, 'cursor on rule #14 in autofix.json')

  -- 7. :checkhealth autofix runs without errors, from a buffer with the client attached.
  vim.cmd.buffer(format)
  vim.cmd('silent checkhealth autofix')
  local report = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  H.check(report:find('autofix: Neovim', 1, true) ~= nil, 'checkhealth autofix produced a report')
  H.check(report:find('ERROR', 1, true) == nil, 'checkhealth autofix reports no ERROR', report)
  H.check(report:find('autofix 0.1', 1, true) ~= nil, 'checkhealth shows `autofix --version`', report)
  H.check(report:find('client %d+ attached') ~= nil, 'checkhealth sees the client attached to format.ts', report)
  H.check(report:find('/.agents/autofix.json: 13 active rules', 1, true) ~= nil, 'checkhealth shows the rules file', report)
  H.check(report:find('workspace/applyEdit handler installed', 1, true) ~= nil, 'checkhealth sees the approval handler', report)
  vim.cmd('tabclose')
end)
