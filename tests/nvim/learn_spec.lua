-- Learning rules from Neovim: :AutofixLearn (category, instruction, why), the approval prompt
-- answered by the test (reject, then accept), the "Learn rule: never use `…`" action on a
-- selection, and a project without autofix.json (CreateFile).
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

H.run(function()
  local root = H.demo()
  H.setup()
  local rules_path = root .. '/.agents/autofix.json'
  local original = H.read(rules_path)
  local button = H.open(root .. '/src/components/Button.tsx')
  local format = H.open(root .. '/src/lib/format.ts')
  H.check(H.wait_diags(button, function(d) return #d == 2 end), 'Button.tsx diagnostics arrived')
  H.check(H.wait_diags(format, function(d) return #d == 2 end), 'format.ts diagnostics arrived')

  local function rule_numbers()
    local res = H.request('workspace/executeCommand', { command = 'autofix.listRules', arguments = { { uri = vim.uri_from_bufnr(format) } } }, format)
    return vim.tbl_map(function(r) return r.rule_number end, res and res.rules or {})
  end
  local approvals = {}
  --- Answers the approval prompt with `answer`, recording the preview shown.
  local function approve(answer)
    -- Answered in the review tab, with its own keys (tests/nvim/helpers.lua).
    table.insert(H.reviews, function(review)
      table.insert(approvals, { prompt = 'autofix: ' .. review.title, items = { 'Accept', 'Reject' }, preview = review.lines })
      return answer == 'Accept' and 'accept' or 'reject'
    end)
  end

  -- 1. :AutofixLearn, rejected: nothing changes and the server is told.
  vim.cmd.buffer(format)
  table.insert(H.selects, 'CODE')
  table.insert(H.inputs, function(opts)
    H.eq(opts.default, '', 'no selection: the instruction starts empty')
    return 'Never use `JSON.parse` in TypeScript - use the schema parser.'
  end)
  table.insert(H.inputs, 'untyped input')
  approve('Reject')
  vim.cmd('AutofixLearn')
  H.check(H.wait(5000, function() return H.find_message('rule not learned') ~= nil end),
    'rejected: the server answered applied=false and the user is told')
  local a = approvals[1] or { preview = {} }
  H.eq(H.asked[1] and H.asked[1].items, { 'STYLE', 'CODE', 'ARCH', 'TOOL', 'PROCESS', 'DATA', 'UX', 'OTHER' }, 'the eight categories are offered')
  H.check(a.prompt and a.prompt:find('Learn rule #14', 1, true), 'the approval names "Learn rule #14"', a.prompt)
  H.check(vim.list_contains(a.preview, '+    "Rule_number": 14,')
    and vim.list_contains(a.preview, '+    "Instruction": "Never use `JSON.parse` in TypeScript - use the schema parser.",')
    and vim.list_contains(a.preview, '--- a/.agents/autofix.json'), 'the preview is the diff adding rule #14', a.preview)
  H.eq(H.read(rules_path), original, 'rejected: autofix.json unchanged on disk')
  local rb = require('autofix.util').find_buf(rules_path)
  H.check(not rb or not vim.bo[rb].modified, 'rejected: no modified autofix.json buffer')
  H.check(not vim.list_contains(rule_numbers(), 14), 'rejected: the server has no rule #14')

  -- 2. :AutofixLearn, accepted: written to autofix.json, known to the server, said by it.
  table.insert(H.selects, 'CODE')
  table.insert(H.inputs, 'Never use `JSON.parse` in TypeScript - use the schema parser.')
  table.insert(H.inputs, 'untyped input')
  approve('Accept')
  vim.cmd('AutofixLearn')
  H.check(H.wait(5000, function() return (H.read(rules_path) or ''):find('"Rule_number": 14', 1, true) ~= nil end),
    'accepted: rule #14 is in autofix.json on disk')
  H.check(H.wait(5000, function() return H.find_message('Learned rule #14') ~= nil end), 'the server says "Learned rule #14 …"')
  H.check(H.wait(5000, function() return vim.list_contains(rule_numbers(), 14) end), 'the server lists rule #14')
  H.check(H.wait_diags(format, function(d)
    local hits = vim.tbl_filter(function(x) return x.code == 14 end, d)
    return #hits == 2 and hits[1].lnum == 7 and hits[1].col == 9 and hits[2].lnum == 11
      and hits[1].severity == vim.diagnostic.severity.INFO and hits[1].message:find('inferred', 1, true) ~= nil
  end), 'the new rule\'s (inferred) diagnostics appear in the open format.ts: JSON.parse on lines 8 and 12', H.shape(H.diags(format)))
  local written = vim.json.decode(H.read(rules_path))
  H.eq(written[14], {
    Rule_number = 14,
    Category = 'CODE',
    Instruction = 'Never use `JSON.parse` in TypeScript - use the schema parser.',
    Why = 'untyped input',
  }, 'the file holds the rule as given')
  rb = require('autofix.util').find_buf(rules_path)
  H.check(not (rb and vim.api.nvim_buf_is_loaded(rb)), 'the autofix.json buffer loaded for the edit is closed again once saved')

  -- 3. A selection prefills the instruction; cancelling sends nothing.
  vim.cmd.buffer(button)
  vim.api.nvim_win_set_cursor(0, { 6, 17 })
  vim.cmd('normal! ve')
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<Esc>', true, false, true), 'nx', false)
  table.insert(H.selects, 'UX')
  local prefill
  table.insert(H.inputs, function(opts) prefill = opts.default; return nil end)
  vim.cmd("'<,'>AutofixLearn")
  H.eq(prefill, 'Never use `onClick` - ', 'a visual selection prefills "Never use `<selection>` - "')

  -- 4. The server's "Learn rule: never use `onClick`" action on a selection, accepted: the new
  --    rule's diagnostics appear in the open buffer.
  approve('Accept')
  local titles = {}
  vim.lsp.buf.code_action({
    range = { start = { 6, 17 }, ['end'] = { 6, 23 } }, -- `onClick`, end inclusive
    context = { only = { 'refactor' } },
    filter = function(action)
      titles[#titles + 1] = action.title
      return action.title:find('^Learn rule') ~= nil
    end,
    apply = true,
  })
  H.check(H.wait(5000, function() return vim.list_contains(H.codes(button), 15) end),
    'the learned rule #15 reports onClick in Button.tsx', { titles = titles, diags = H.shape(H.diags(button)) })
  H.check(vim.list_contains(titles, 'Learn rule: never use `onClick`'), 'the action is offered for the selection', titles)
  local fifteen = vim.tbl_filter(function(d) return d.code == 15 end, H.diags(button))
  H.eq(#fifteen, 4, 'rule #15: four onClick in Button.tsx')
  H.eq(fifteen[1] and { fifteen[1].lnum, fifteen[1].col, fifteen[1].end_col }, { 2, 36, 43 }, 'first onClick at line 3')
  H.check((approvals[3] and approvals[3].prompt or ''):find('Learn rule #15', 1, true), 'approval asked for rule #15')
  H.check((H.read(rules_path) or ''):find('"Pattern": "\\\\bonClick\\\\b"', 1, true) ~= nil, 'rule #15 with its check is on disk')

  -- 5. No arguments: the server asks the category itself (window/showMessageRequest through
  --    vim.ui.select), drafts a rule; rejected here.
  table.insert(H.selects, function(items)
    return vim.tbl_filter(function(i) return i.title == 'DATA' end, items)[1]
  end)
  approve('Reject')
  local reply
  H.client(format):request('workspace/executeCommand', { command = 'autofix.learnRule', arguments = {} }, function(err, res)
    reply = err or res
  end, format)
  H.check(H.wait(5000, function() return reply ~= nil end), 'learnRule without arguments answered')
  H.eq(reply and reply.applied, false, 'the draft was rejected: applied=false')
  H.check((approvals[4] and approvals[4].prompt or ''):find('Learn rule #16', 1, true), 'the draft asked for approval as rule #16')

  -- 5b. Accepted, the draft is written and the server shows it (window/showDocument) so the
  --     user can write its words.
  table.insert(H.selects, function(items)
    return vim.tbl_filter(function(i) return i.title == 'DATA' end, items)[1]
  end)
  approve('Accept')
  reply = nil
  H.client(format):request('workspace/executeCommand', { command = 'autofix.learnRule', arguments = {} }, function(err, res)
    reply = err or res
  end, format)
  H.check(H.wait(5000, function() return reply ~= nil end), 'learnRule without arguments answered again')
  H.eq(reply and reply.applied, true, 'the draft was accepted')
  H.check(H.wait(3000, function() return vim.api.nvim_buf_get_name(0) == rules_path end), 'Neovim shows autofix.json (showDocument)',
    vim.api.nvim_buf_get_name(0))
  H.check(vim.api.nvim_get_current_line():find('Never <what to avoid>', 1, true) ~= nil, 'the cursor is on the draft instruction',
    vim.api.nvim_get_current_line())

  -- 5c. A learn action rejected is reported too (Neovim drops a command's result).
  vim.cmd.buffer(button)
  approve('Reject')
  local count = #H.messages
  vim.lsp.buf.code_action({
    range = { start = { 3, 6 }, ['end'] = { 3, 16 } }, -- `ButtonProps`
    context = { only = { 'refactor' } },
    filter = function(action) return action.title:find('^Learn rule') ~= nil end,
    apply = true,
  })
  H.check(H.wait(5000, function() return #H.messages > count end) and H.messages[#H.messages].msg:find('rule not learned', 1, true) ~= nil,
    'a rejected learn action says the rule was not learned', H.messages[#H.messages])

  -- 6. A project without autofix.json: the rule creates .agents/autofix.json.
  local fresh = vim.uv.fs_realpath(vim.fn.tempname()) or vim.fn.tempname()
  vim.fn.mkdir(fresh .. '/.git', 'p')
  fresh = vim.uv.fs_realpath(fresh)
  H.write(fresh .. '/main.py', 'print("hi")\n')
  local py = H.open(fresh .. '/main.py')
  H.eq(H.client(py).root_dir, fresh, 'the .git directory is the root when there is no rules file')
  table.insert(H.selects, 'CODE')
  table.insert(H.inputs, 'Never use `print` in Python - use logging.')
  table.insert(H.inputs, 'structured logs')
  approve('Accept')
  vim.cmd('AutofixLearn')
  local created = fresh .. '/.agents/autofix.json'
  H.check(H.wait(5000, function() return H.read(created) ~= nil and H.read(created) ~= '' end), 'learning created .agents/autofix.json')
  local ok, parsed = pcall(vim.json.decode, H.read(created) or '')
  H.check(ok and type(parsed) == 'table' and parsed[1] and parsed[1].Rule_number == 1, 'it holds rule #1', H.read(created))
  H.check(vim.list_contains(approvals[#approvals].preview, '--- /dev/null'), 'the preview shows a new file', approvals[#approvals].preview)
  H.check(not (H.read(created) or ''):find('\n\n$'), 'no blank line at the end of the new file', H.read(created))
  H.check(H.wait(5000, function() return require('autofix').statusline(py) == 'autofix: 1 rule' end),
    'the server uses the new rules file', require('autofix').statusline(py))
end)
