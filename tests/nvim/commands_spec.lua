-- :Autofix {subcommand} with completion, and the <Plug> mappings (the plugin maps no key itself).
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

H.run(function()
  local root = H.demo()
  H.setup()
  local buf = H.open(root .. '/src/lib/format.ts')
  H.check(H.wait_diags(buf, function(d) return #d == 2 end), 'format.ts diagnostics arrived')

  -- 1. Completion: the subcommands, then each one's own arguments.
  local function complete(line)
    return vim.fn.getcompletion(line, 'cmdline')
  end
  H.eq(complete('Autofix '), { 'apply-diff', 'export', 'fix-all', 'fix-workspace', 'install-server', 'learn', 'learn-rejection', 'reload', 'report', 'review', 'rules', 'workspace' },
    ':Autofix <Tab> lists the subcommands')
  H.eq(complete('Autofix learn'), { 'learn', 'learn-rejection' }, 'learn and learn-rejection complete alike')
  H.eq(complete('Autofix learn-rejection '), require('autofix.commands').CATEGORIES, ':Autofix learn-rejection <Tab> lists the categories')
  H.eq(complete('Autofix re'), { 'reload', 'report', 'review' }, 'completion filters by what is typed')
  H.eq(complete('Autofix learn '), require('autofix.commands').CATEGORIES, ':Autofix learn <Tab> lists the categories')
  H.eq(complete('Autofix learn CO'), { 'CODE' }, 'and filters them')
  H.check(vim.list_contains(complete('Autofix export '), 'agents') and vim.list_contains(complete('Autofix export agents '), 'claude'),
    ':Autofix export completes agents, several of them', complete('Autofix export '))
  H.eq(complete('Autofix learn CODE '), {}, 'learn takes one argument')
  H.eq(complete('Autofix reload '), {}, 'reload takes none')

  -- 2. Dispatch: the subcommand runs what its own command runs.
  vim.cmd('Autofix review')
  H.check(H.find_message('no change waits for your review') ~= nil, ':Autofix review runs :AutofixReview')
  local ok, err = pcall(vim.cmd, 'Autofix nope')
  H.check(ok, 'an unknown subcommand is no Vim error', err)
  local unknown = H.find_message('no subcommand "nope"')
  H.check(unknown ~= nil and unknown.msg:find('apply%-diff, export, fix%-all, fix%-workspace') ~= nil, 'an unknown subcommand names the valid ones',
    unknown and unknown.msg)
  local listed
  table.insert(H.selects, function(items)
    listed = items
    return nil
  end)
  vim.cmd('Autofix rules')
  H.check(H.wait(5000, function() return listed ~= nil end), ':Autofix rules lists the rules')
  H.check(listed and #listed == 12, 'the 12 active rules', listed and #listed)

  -- A range and arguments pass through: `:1Autofix learn CODE` prefills the instruction with
  -- line 1 and asks no category.
  local default
  table.insert(H.inputs, function(opts)
    default = opts.default
    return nil -- cancelled at the instruction
  end)
  local asked_before = #H.asked
  vim.cmd('1Autofix learn CODE')
  H.check(H.wait(3000, function() return default ~= nil end), ':1Autofix learn asks the instruction')
  H.check(default and default:find('export function format_date', 1, true) ~= nil, 'prefilled from line 1 (the range)', default)
  H.eq(H.asked[asked_before + 1] and H.asked[asked_before + 1].kind, 'input', 'no category asked: CODE was given')

  -- 3. <Plug> mappings exist for the commands; the plugin maps no key of its own.
  for _, name in ipairs({ 'learn', 'apply-diff', 'preview-diff', 'rules', 'export', 'reload', 'workspace', 'fix-all', 'fix-workspace', 'review', 'report', 'learn-rejection' }) do
    H.check(vim.fn.maparg(('<Plug>(autofix-%s)'):format(name), 'n') ~= '', ('<Plug>(autofix-%s) in normal mode'):format(name))
  end
  H.check(vim.fn.maparg('<Plug>(autofix-learn)', 'x') ~= '', '<Plug>(autofix-learn) in visual mode (the selection is the range)')
  local own = {}
  for _, mode in ipairs({ 'n', 'x', 'i', 'o' }) do
    for _, m in ipairs(vim.api.nvim_get_keymap(mode)) do
      local desc = m.desc or ''
      if desc:find('^autofix') and not m.lhs:find('^<Plug>') then
        own[#own + 1] = mode .. ' ' .. m.lhs
      end
    end
  end
  H.eq(own, {}, 'no default keymaps')
  vim.keymap.set('n', '<F9>', '<Plug>(autofix-review)')
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<F9>', true, false, true), 'x', false)
  H.check(#vim.tbl_filter(function(m) return m.msg:find('no change waits', 1, true) ~= nil end, H.messages) == 2,
    'a key the user maps to <Plug>(autofix-review) runs it')

  -- 4. :Autofix fix-all: both fixes of setup.sh in one change, undone by one `u`; then nothing left.
  local setup = H.open(root .. '/scripts/setup.sh')
  H.check(H.wait_diags(setup, function(d) return #d == 2 end), 'setup.sh: two `npm` violations')
  vim.cmd('Autofix fix-all')
  H.check(H.wait(5000, function() return H.find_message('fixed 2 violations in scripts/setup.sh') ~= nil end),
    ':Autofix fix-all says how many it fixed', H.messages[#H.messages])
  H.eq(vim.api.nvim_buf_get_lines(setup, 2, 4, false), { 'pnpm install', 'pnpm run build' }, 'both lines fixed')
  vim.cmd('silent undo')
  H.eq(vim.api.nvim_buf_get_lines(setup, 2, 4, false), { 'npm install', 'npm run build' }, 'one undo brings both back')
  vim.cmd('silent redo')
  H.check(H.wait_diags(setup, function(d) return #d == 0 end), 'no violation left')
  vim.cmd('Autofix fix-all')
  H.check(H.wait(5000, function() return H.find_message('nothing to fix in scripts/setup.sh') ~= nil end),
    'and then there is nothing to fix', H.messages[#H.messages])
end)
