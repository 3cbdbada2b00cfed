-- :AutofixApplyDiff — a SEARCH/REPLACE diff from a register, sent to `autofix.applyDiff`, shown
-- for approval, applied on accept, reported per block; `!` previews; the XML <path> picks the
-- target; the "Apply diff to PATH" action inside a document holding a diff.
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

H.run(function()
  vim.o.columns = 160 -- a common terminal width: the one-line reports are read in full
  local root = H.demo()
  H.setup()

  -- 0. Which register: the unnamed one first, then the clipboard; a named one alone.
  do
    local commands = require('autofix.commands')
    local has, getreg = vim.fn.has, vim.fn.getreg
    local regs = {}
    vim.fn.has = function(what)
      if what == 'clipboard' then
        return 1
      end
      return has(what)
    end
    vim.fn.getreg = function(r)
      return regs[r] or ''
    end
    local diff = function(tag)
      return '<<<<<<< SEARCH\n' .. tag .. '\n=======\nx\n>>>>>>> REPLACE\n'
    end
    regs = { ['"'] = diff('fresh yank'), ['+'] = diff('stale clipboard') }
    local text, reg = commands.diff_from_register()
    H.eq({ reg, text }, { '"', diff('fresh yank') }, 'a fresh yank wins over the clipboard')
    regs = { ['"'] = 'not a diff', ['+'] = diff('copied') }
    text, reg = commands.diff_from_register()
    H.eq({ reg, text }, { '+', diff('copied') }, 'the clipboard when the unnamed register holds no diff')
    text, reg = commands.diff_from_register('a')
    H.eq({ reg, text }, { 'a', nil }, 'a named register alone')
    vim.fn.has, vim.fn.getreg = has, getreg
  end
  local format_path = root .. '/src/lib/format.ts'
  local format = H.open(format_path)
  local client = H.client(format)
  local commands = vim.tbl_get(client.server_capabilities, 'executeCommandProvider', 'commands') or {}
  if not vim.list_contains(commands, 'autofix.applyDiff') then
    H.log('SKIP the server does not offer autofix.applyDiff yet (commands: %s)', table.concat(commands, ', '))
    return
  end
  H.check(H.wait_diags(format, function(d) return #d == 2 end), 'format.ts diagnostics arrived')

  local approvals = {}
  local function approve(answer)
    -- Answered in the review tab, with its own keys (tests/nvim/helpers.lua).
    table.insert(H.reviews, function(review)
      table.insert(approvals, { prompt = 'autofix: ' .. review.title, preview = review.lines })
      return answer == 'Accept' and 'accept' or 'reject'
    end)
  end
  local function last_message()
    return H.messages[#H.messages] or { msg = '' }
  end
  local function wait_message(pattern)
    return H.wait(5000, function() return H.find_message(pattern) ~= nil end)
  end

  -- 1. From the unnamed register, target the current buffer, accepted.
  vim.fn.setreg('"', table.concat({
    '<<<<<<< SEARCH',
    ':start_line:11',
    '-------',
    'export function parse(raw: string): any {',
    '  return JSON.parse(raw);',
    '}',
    '=======',
    'export function parse(raw: string): unknown {',
    '  return JSON.parse(raw) as unknown;',
    '}',
    '>>>>>>> REPLACE',
  }, '\n'))
  approve('Accept')
  vim.cmd('AutofixApplyDiff')
  H.check(wait_message('applied 1 of 1 block to src/lib/format.ts'), 'the report says 1 of 1 block applied', H.messages)
  H.eq(vim.api.nvim_buf_get_lines(format, 10, 13, false), {
    'export function parse(raw: string): unknown {',
    '  return JSON.parse(raw) as unknown;',
    '}',
  }, 'accepted: the buffer changed')
  local a = approvals[1] or { preview = {} }
  H.check(a.prompt and a.prompt:find('Apply diff to src/lib/format.ts', 1, true), 'the approval names the diff', a.prompt)
  H.check(vim.list_contains(a.preview, '-  return JSON.parse(raw);') and vim.list_contains(a.preview, '+  return JSON.parse(raw) as unknown;'),
    'the preview shows the change', a.preview)
  H.check(H.wait_diags(format, function(d) return #d == 1 end), 'the `any` diagnostic went with it')

  -- 2. Rejected: nothing changes, the report says so.
  local before = vim.api.nvim_buf_get_lines(format, 0, -1, false)
  vim.fn.setreg('"', '<<<<<<< SEARCH\nexport function format_date(date: Date): string {\n=======\nexport function formatDate(date: Date): string {\n>>>>>>> REPLACE\n')
  approve('Reject')
  local count = #H.messages
  vim.cmd('AutofixApplyDiff')
  H.check(H.wait(5000, function() return #H.messages > count end), 'a report after the rejection')
  H.eq(vim.api.nvim_buf_get_lines(format, 0, -1, false), before, 'rejected: the buffer is unchanged')
  H.check(last_message().level >= vim.log.levels.WARN
    and last_message().msg == 'autofix: diff to src/lib/format.ts rejected (:Autofix learn-rejection)',
    'rejected: reported as rejected, in one line, with how to learn from it', last_message())

  -- 3. The XML tool call's <path> picks the target (not the current buffer); named register.
  vim.fn.setreg('a', table.concat({
    '<apply_diff>',
    '<path>src/components/Button.tsx</path>',
    '<diff>',
    '<<<<<<< SEARCH',
    'export default function Button({ label, onClick }: ButtonProps) {',
    '=======',
    'export function Button({ label, onClick }: ButtonProps) {',
    '>>>>>>> REPLACE',
    '</diff>',
    '</apply_diff>',
  }, '\n'))
  approve('Accept')
  vim.cmd('AutofixApplyDiff a')
  H.check(wait_message('applied 1 of 1 block to src/components/Button.tsx'), 'the report names Button.tsx')
  H.check(H.wait(3000, function()
    return (H.read(root .. '/src/components/Button.tsx') or ''):find('\nexport function Button%(') ~= nil
  end), 'Button.tsx changed (and saved: it was not open)')
  H.eq(vim.api.nvim_get_current_buf(), format, 'the current buffer stays')

  -- 4. Preview (!): a failing block is reported with its error; nothing is asked or changed.
  local asked = #H.asked
  vim.fn.setreg('"', '<<<<<<< SEARCH\nthis line is not in the file\n=======\nwhatever\n>>>>>>> REPLACE\n')
  vim.cmd('AutofixApplyDiff!')
  H.check(H.wait(5000, function() return last_message().msg:find('block', 1, true) ~= nil and #H.messages > count + 2 end),
    'preview reported', last_message())
  -- (The terminal is 160 columns here; in a narrower one the line is cut to fit, with "…".)
  local said = last_message().msg
  H.check(said:find('^autofix: would apply 0 of 1 block to src/lib/format.ts — block 1: no match') ~= nil
    and said:find('(:Autofix report)', 1, true) ~= nil, 'the failed block is named in words, the details are a command away', said)
  H.check(not said:find('\n', 1, true) and vim.fn.strdisplaywidth(said) < vim.v.echospace, 'in one line that fits (no "Press ENTER")', said)
  vim.cmd('Autofix report')
  local details = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  H.eq(details[1], '# autofix: diff to src/lib/format.ts', ':Autofix report opens the details')
  H.check(vim.list_contains(details, '**SEARCH lines:**') and vim.list_contains(details, 'this line is not in the file')
    and table.concat(details, '\n'):find('## Block 1: no match %(closest: line %d+, [%d.]+%%%)') ~= nil,
    'each block, its SEARCH lines and the closest match', details)
  H.check(not table.concat(details, '\n'):find('Tip:', 1, true), 'no advice meant for an agent', details)
  H.eq(vim.bo.buftype, 'nofile', 'a scratch buffer')
  vim.cmd('close')
  H.eq(vim.api.nvim_get_current_buf(), format, 'closing it goes back')
  -- In a narrower terminal the file's folders go first, so what failed still shows.
  vim.o.columns = 124
  local before_narrow = #H.messages
  vim.cmd('AutofixApplyDiff!')
  H.check(H.wait(5000, function() return #H.messages > before_narrow end), 'reported again')
  local narrow = last_message().msg
  H.check(narrow:find('^autofix: would apply 0 of 1 block to format%.ts — block 1: no match %(closest: line %d+, [%d.]+%%%)') ~= nil
    and vim.fn.strdisplaywidth(narrow) < vim.v.echospace, 'at 124 columns: the file by its name, the failure whole', narrow)
  vim.o.columns = 160
  H.eq(#H.asked, asked, 'preview asks nothing')
  H.eq(vim.api.nvim_buf_get_lines(format, 10, 11, false)[1], 'export function parse(raw: string): unknown {', 'preview changes nothing')

  -- 5. No diff in the register: a clear error, no request.
  vim.fn.setreg('"', 'just text')
  vim.cmd('AutofixApplyDiff')
  H.check(last_message().msg:find('holds no SEARCH/REPLACE diff', 1, true) ~= nil, 'a register without a diff is refused', last_message())

  -- 6. The "Apply diff to PATH" action, with the cursor inside a diff in another document.
  local notes = root .. '/notes.md'
  H.write(notes, table.concat({
    '# Proposed change',
    '',
    '<apply_diff>',
    '<path>src/lib/format.ts</path>',
    '<diff>',
    '<<<<<<< SEARCH',
    'export function format_date(date: Date): string {',
    '=======',
    'export function formatDate(date: Date): string {',
    '>>>>>>> REPLACE',
    '</diff>',
    '</apply_diff>',
    '',
  }, '\n'))
  local md = H.open(notes)
  vim.api.nvim_win_set_cursor(0, { 7, 3 })
  approve('Accept')
  local titles = {}
  vim.lsp.buf.code_action({
    filter = function(action)
      titles[#titles + 1] = action.title
      return action.title:find('^Apply diff to') ~= nil
    end,
    apply = true,
  })
  H.check(H.wait(5000, function()
    return vim.api.nvim_buf_get_lines(format, 0, 1, false)[1] == 'export function formatDate(date: Date): string {'
  end), 'the action applied the diff to format.ts', { titles = titles, line = vim.api.nvim_buf_get_lines(format, 0, 1, false) })
  H.check(#approvals >= 4, 'the action went through the approval prompt', #approvals)
  H.check(wait_message('applied 1 of 1 block to src/lib/format.ts'), 'the result of the action is reported too', last_message())
  vim.cmd.buffer(md)
end)
