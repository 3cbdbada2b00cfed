-- The proposed side of a review is editable: `e` opens the proposed text of a file in an
-- editable buffer diffed against the file as it is, and what the user leaves there is what lands
-- (`a` in the review, or :w in the proposed buffer) — for a diff, for a file nobody opened, for a
-- learned rule; an untouched proposal lands as the server sent it; a stale target is refused.
-- At 80×24, as the review is meant to be usable there.
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

H.run(function()
  vim.o.columns, vim.o.lines = 80, 24
  local root = H.demo()
  H.setup()
  local format_path = root .. '/src/lib/format.ts'
  local button_path = root .. '/src/components/Button.tsx'
  local rules_path = root .. '/.agents/autofix.json'
  local format = H.open(format_path)
  H.check(H.wait_diags(format, function(d) return #d == 2 end), 'format.ts diagnostics arrived')
  local edit = require('autofix.edit')

  local function wait_message(pattern, plain)
    return H.wait(5000, function()
      for _, m in ipairs(H.messages) do
        if m.msg:find(pattern, 1, plain) then
          return true
        end
      end
      return false
    end)
  end
  local function line(buf, n)
    return vim.api.nvim_buf_get_lines(buf, n - 1, n, false)[1]
  end
  local function autofix_buffers()
    return vim.tbl_filter(function(b)
      return vim.api.nvim_buf_get_name(b):match('^autofix://') ~= nil
    end, vim.api.nvim_list_bufs())
  end

  -- 0. The user's version becomes line edits of only the lines that differ, whatever the ends.
  do
    local cases = {
      { 'a\nb\nc\n', 'a\nB\nc\n' },
      { 'a\nb\nc\n', 'a\nb\nc\nd\ne\n' }, -- after the last line
      { 'a\nb\nc\n', 'x\na\nb\nc\n' }, -- before the first
      { 'a\nb\nc\n', 'a\n' }, -- the end removed
      { '', 'new\nfile\n' },
      { 'a\nno newline', 'a\nstill none' },
      { 'héllo wörld\n', 'héllo wörld\n\n' },
    }
    for i, c in ipairs(cases) do
      local edits = edit.line_edits(c[1], c[2], 'utf-16')
      H.eq(edit.apply_to_text(c[1], vim.deepcopy(edits), 'utf-16'), c[2], ('line edits %d turn the text into the user\'s'):format(i))
      -- And in a real buffer, through Neovim's own text edits.
      local b = vim.api.nvim_create_buf(false, true)
      if c[1] ~= '' then
        vim.api.nvim_buf_set_lines(b, 0, -1, false, vim.split(c[1]:gsub('\n$', ''), '\n', { plain = true }))
      end
      vim.lsp.util.apply_text_edits(edits, b, 'utf-16')
      local lines = vim.api.nvim_buf_get_lines(b, 0, -1, false)
      local want = vim.split(c[2]:gsub('\n$', ''), '\n', { plain = true })
      if c[1] == '' and lines[#lines] == '' and #lines > #want then
        lines[#lines] = nil -- what edit.apply removes for an empty buffer
      end
      H.eq(lines, want, ('line edits %d in a buffer'):format(i))
      vim.api.nvim_buf_delete(b, { force = true })
    end
    H.eq(#edit.line_edits('1\n2\n3\n4\n5\n6\n7\n8\n', '1\n2\nX\n4\n5\n6\nY\n8\n', 'utf-16'), 2, 'two changed lines far apart: two edits')
  end

  -- 1. A diff to the open format.ts, edited in review; :q goes back to the review, which shows
  --    the change as it will land now; accepted with `a`: the buffer (and the disk: it had no
  --    unsaved changes) get the user's version; the report says it was edited.
  vim.fn.setreg('"', '<<<<<<< SEARCH\nexport function format_date(date: Date): string {\n=======\nexport function formatDate(date: Date): string {\n>>>>>>> REPLACE\n')
  local review, back
  table.insert(H.reviews, {
    edit = function(buf, r)
      review = r
      H.replace_line(buf, 'export function formatDate', 'export function formatIsoDate(date: Date): string {')
    end,
    finish = function(r)
      vim.cmd('quit') -- in the proposed window
      H.wait(2000, function() return #vim.api.nvim_tabpage_list_wins(0) == 1 end)
      back = {
        windows = #vim.api.nvim_tabpage_list_wins(0),
        focused = vim.api.nvim_get_current_buf() == r.buf,
        lines = vim.api.nvim_buf_get_lines(r.buf, 0, -1, false),
      }
      H.press(vim.fn.bufwinid(r.buf), 'a')
    end,
  })
  vim.cmd('AutofixApplyDiff')
  -- (At 80 columns the line is cut to fit; what it says last is kept.)
  H.check(wait_message('^autofix: applied 1 of 1 block to [%w/]*format%.ts.*%(edited in review%)$'),
    'the report says the diff was applied, edited in review', H.messages[#H.messages])
  H.eq(line(format, 1), 'export function formatIsoDate(date: Date): string {', 'the buffer holds the user\'s version')
  H.eq(vim.split(H.read(format_path), '\n')[1], 'export function formatIsoDate(date: Date): string {', 'written to disk (autosave)')
  H.check(not vim.bo[format].modified, 'and saved')
  review = review or { edit = { proposed = {}, review = {}, windows = {} } }
  H.check((review.winbar or ''):find('a accept · r reject · q close · e edit', 1, true) ~= nil, 'the hint line names the edit key', review.winbar)
  H.check(vim.list_contains(review.lines, '# a accept · r reject · q close (reject) · e edit the proposed file'), 'so does the review\'s header')
  local p, cur, rv = review.edit.proposed, review.edit.current or {}, review.edit.review
  H.eq(p.name, 'autofix://proposed/src/lib/format.ts', 'the proposed buffer is named after the file')
  H.eq({ p.ft, p.buftype, p.modifiable, p.diff }, { 'typescript', 'acwrite', true, true }, 'with the file\'s filetype, editable, written with :w, in diff mode')
  H.eq(p.cursor_line, 'export function formatDate(date: Date): string {', 'the cursor on the first proposed change')
  H.eq({ cur.name, cur.modifiable, cur.diff, cur.ft }, { 'autofix://current/src/lib/format.ts', false, true, 'typescript' },
    'beside it the file as it is, read-only, the other side of the diff')
  H.check((p.winbar or ''):find(':w accept · :q back to the review', 1, true) ~= nil, 'the proposed buffer\'s hint line says how to accept and go back', p.winbar)
  H.eq(#review.edit.windows, 3, 'review, current and proposed in the review tab')
  -- 80×24: the review shrinks to its header, the proposed side gets the most room.
  H.check(rv.height <= 4 and p.height >= 8 and p.height > (cur.height or 0), 'at 80×24 the proposed side has the most room',
    { review = rv.height, current = cur.height, proposed = p.height })
  back = back or { lines = {} }
  H.eq({ back.windows, back.focused }, { 1, true }, ':q in the proposed buffer: back in the review, alone in its tab')
  H.check(vim.list_contains(back.lines, '+export function formatIsoDate(date: Date): string {')
    and vim.list_contains(back.lines, '-export function format_date(date: Date): string {')
    and not vim.list_contains(back.lines, '+export function formatDate(date: Date): string {'),
    'the review shows the change with the user\'s edit', back.lines)
  H.check(vim.list_contains(back.lines, '# edited in review: src/lib/format.ts — your version is what lands'), 'and says it was edited', back.lines)
  H.eq(#autofix_buffers(), 0, 'the review, proposed and current buffers are gone')
  H.eq(#vim.api.nvim_list_tabpages(), 1, 'the review tab is closed')
  H.check(H.find_message('applied your edited version') == nil, 'one message: the report says it (no second line)')

  -- 2. An untouched proposal (opened, not changed) lands the server's edit exactly.
  vim.fn.setreg('"', '<<<<<<< SEARCH\nexport function parse(raw: string): any {\n=======\nexport function parse(raw: string): unknown {\n>>>>>>> REPLACE\n')
  table.insert(H.reviews, { finish = 'accept' })
  local before = vim.api.nvim_buf_get_lines(format, 0, -1, false)
  local count = #H.messages
  vim.cmd('AutofixApplyDiff')
  H.check(H.wait(5000, function() return #H.messages > count end), 'reported')
  H.eq(H.messages[#H.messages].msg, 'autofix: applied 1 of 1 block to src/lib/format.ts', 'untouched: the report is the usual one')
  before[11] = 'export function parse(raw: string): unknown {'
  H.eq(vim.api.nvim_buf_get_lines(format, 0, -1, false), before, 'untouched: exactly the server\'s edit')

  -- 3. A file nobody opened, edited and accepted with :w in the proposed buffer: on disk, the
  --    buffer loaded for the edit closed again.
  vim.fn.setreg('a', '<apply_diff><path>src/components/Button.tsx</path><diff>\n<<<<<<< SEARCH\nexport default function Button({ label, onClick }: ButtonProps) {\n=======\nexport function Button({ label, onClick }: ButtonProps) {\n>>>>>>> REPLACE\n</diff></apply_diff>')
  local original_button = H.read(button_path)
  table.insert(H.reviews, {
    edit = function(buf)
      H.replace_line(buf, 'export function Button', { '/** The one button. */', 'export function Button({ label, onClick }: ButtonProps) {' })
    end,
    finish = 'write',
  })
  vim.cmd('AutofixApplyDiff a')
  H.check(wait_message('^autofix: applied 1 of 1 block to [%w/]*Button%.tsx.*%(edited in review%)$'),
    ':w in the proposed buffer accepted; the report says edited', H.messages[#H.messages])
  H.eq(H.read(button_path), (original_button:gsub('export default function Button', '/** The one button. */\nexport function Button')),
    'Button.tsx on disk is the user\'s version')
  local bb = require('autofix.util').find_buf(button_path)
  H.check(not (bb and vim.api.nvim_buf_is_loaded(bb)), 'the Button.tsx buffer loaded for the edit is closed again')
  H.eq(vim.api.nvim_get_current_buf(), format, 'back in format.ts')

  -- 3b. Two files, the second edited (`e` on its diff): the first lands as the server proposed
  --     it, the second as the user left it; said in a notification (no command reports this one).
  do
    local logger, icons = root .. '/src/lib/logger.ts', root .. '/src/components/icons.tsx'
    local logger_text, icons_text = H.read(logger), H.read(icons)
    local function top(path, text)
      return {
        textDocument = { uri = vim.uri_from_fname(path), version = vim.NIL },
        edits = { { range = { start = { line = 0, character = 0 }, ['end'] = { line = 0, character = 0 } }, newText = text, annotationId = 'two' } },
      }
    end
    local params = { edit = {
      documentChanges = { top(logger, '// proposed for logger\n'), top(icons, '// proposed for icons\n') },
      changeAnnotations = { two = { label = 'Two files', needsConfirmation = true } },
    } }
    local shown
    table.insert(H.reviews, {
      file = 2,
      edit = function(buf, r)
        shown = r.edit.proposed
        vim.api.nvim_buf_set_lines(buf, 0, 1, false, { '// the user\'s line for icons' })
      end,
      finish = 'accept',
    })
    local reply
    vim.schedule(coroutine.wrap(function()
      reply = H.client(format):_server_request('workspace/applyEdit', params)
    end))
    H.wait(5000, function() return reply ~= nil end)
    H.eq(reply, { applied = true }, 'two files: applied')
    H.eq(shown and shown.name, 'autofix://proposed/src/components/icons.tsx', '`e` on the second diff edits the second file')
    H.eq(H.read(logger), '// proposed for logger\n' .. logger_text, 'the file left alone gets the server\'s edit')
    H.eq(H.read(icons), "// the user's line for icons\n" .. icons_text, 'the edited one the user\'s version')
    H.check(H.find_message('autofix: applied your edited version of src/components/icons.tsx') ~= nil,
      'a notification says the user\'s version landed', H.messages[#H.messages])
  end

  -- 4. Stale: the target changes while the user edits the proposal — refused, nothing lands.
  --    (a) the open buffer is typed in; (b) a file nobody opened is written on disk.
  vim.fn.setreg('"', '<<<<<<< SEARCH\nexport function parse(raw: string): unknown {\n=======\nexport function parse(raw: string): string {\n>>>>>>> REPLACE\n')
  table.insert(H.reviews, {
    edit = function(buf)
      H.replace_line(buf, 'parse(raw: string): string', 'export function parse(raw: string): object {')
      vim.api.nvim_buf_set_lines(format, 0, 0, false, { '// typed meanwhile' })
    end,
    finish = 'accept',
  })
  count = #H.messages
  vim.cmd('AutofixApplyDiff')
  H.check(wait_message('changed since the edit was computed', true),
    'stale buffer: refused, and said', H.messages[#H.messages])
  H.eq(line(format, 12), 'export function parse(raw: string): unknown {', 'stale buffer: the user\'s version did not land')
  vim.api.nvim_buf_set_lines(format, 0, 1, false, {})
  vim.cmd('silent write')

  local users = root .. '/src/api/users.ts'
  local users_text = H.read(users)
  local first = vim.split(users_text, '\n')[1]
  vim.fn.setreg('b', ('<apply_diff><path>src/api/users.ts</path><diff>\n<<<<<<< SEARCH\n%s\n=======\n// edited by the agent\n%s\n>>>>>>> REPLACE\n</diff></apply_diff>'):format(first, first))
  table.insert(H.reviews, {
    edit = function(buf)
      vim.api.nvim_buf_set_lines(buf, 0, 1, false, { '// edited by the user' })
      H.write(users, '// written by a formatter\n' .. users_text)
    end,
    finish = 'accept',
  })
  vim.cmd('AutofixApplyDiff b')
  H.check(wait_message('src/api/users.ts changed since the edit was proposed', true), 'changed on disk: refused, and said', H.messages[#H.messages])
  H.eq(H.read(users), '// written by a formatter\n' .. users_text, 'changed on disk: the user\'s version did not land')

  -- 5. A learned rule edited in review: its instruction and why rewritten, a Check added. The
  --    file holds the rule as the user left it, the diagnostics follow its check, and the user is
  --    told their version landed.
  table.insert(H.selects, 'CODE')
  table.insert(H.inputs, 'Never use `JSON.parse` in TypeScript - use the schema parser.')
  table.insert(H.inputs, 'untyped input')
  table.insert(H.reviews, {
    edit = function(buf, r)
      review = r
      H.replace_line(buf, '"Instruction": "Never use `JSON.parse` in TypeScript', {
        '    "Instruction": "Never use `toISOString` in TypeScript - format dates with Intl.DateTimeFormat.",',
      })
      H.replace_line(buf, '"Why": "untyped input"', {
        '    "Why": "dates follow the user\'s locale",',
        '    "Check": { "Files": ["**/*.ts"], "Pattern": "toISOString", "Severity": "error" }',
      })
    end,
    finish = 'accept',
  })
  vim.cmd('AutofixLearn')
  -- Said by the plugin, or by a server that reads the rule back as it landed.
  H.check(H.wait(5000, function()
    for _, m in ipairs(H.messages) do
      if m.msg:find('as you edited it', 1, true) and m.msg:find('#14', 1, true) and m.msg:find('Never use `t', 1, true) then
        return true
      end
    end
    return false
  end), 'the user is told their version of rule #14 landed', H.messages[#H.messages])
  H.check(H.wait(5000, function() return (H.read(rules_path) or ''):find('toISOString', 1, true) ~= nil end), 'autofix.json on disk changed')
  local ok, rules = pcall(vim.json.decode, H.read(rules_path) or '')
  H.eq(ok and rules[14], {
    Rule_number = 14,
    Category = 'CODE',
    Instruction = 'Never use `toISOString` in TypeScript - format dates with Intl.DateTimeFormat.',
    Why = "dates follow the user's locale",
    Check = { Files = { '**/*.ts' }, Pattern = 'toISOString', Severity = 'error' },
  }, 'the file holds rule #14 as the user edited it')
  H.eq(review and review.edit.proposed.name, 'autofix://proposed/.agents/autofix.json', 'the proposed rules file')
  H.eq(review and review.edit.proposed.ft, 'json', 'highlighted as JSON')
  H.eq(review and review.edit.proposed.cursor_line, '  },', 'the cursor on the first changed line: the comma before the new rule')
  H.check(H.wait_diags(format, function(d)
    local hits = vim.tbl_filter(function(x) return x.code == 14 end, d)
    return #hits == 1 and hits[1].lnum == 1 and hits[1].severity == vim.diagnostic.severity.ERROR
  end), 'the diagnostics follow the edited rule: toISOString on line 2, an error; none on JSON.parse', H.shape(H.diags(format)))
  local rb = require('autofix.util').find_buf(rules_path)
  H.check(not (rb and vim.api.nvim_buf_is_loaded(rb)), 'the autofix.json buffer loaded for the edit is closed again')

  -- 5b. The "Learn rule: never use `…`" action on a selection proposes a placeholder why: it is
  --     edited in the review, and the rule lands with the user's why.
  local placeholder
  table.insert(H.reviews, {
    edit = function(buf)
      local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
      for i = #lines, 1, -1 do
        if lines[i]:find('"Why":', 1, true) then
          placeholder = lines[i]
          vim.api.nvim_buf_set_lines(buf, i - 1, i, false, { '    "Why": "slice() of an ISO string drops the time zone"' .. (lines[i]:find(',$') and ',' or '') })
          break
        end
      end
    end,
    finish = 'accept',
  })
  vim.api.nvim_set_current_buf(format)
  vim.lsp.buf.code_action({
    range = { start = { 2, 28 }, ['end'] = { 2, 32 } }, -- `slice`, end inclusive
    context = { only = { 'refactor' } },
    filter = function(action) return action.title == 'Learn rule: never use `slice`' end,
    apply = true,
  })
  H.check(H.wait(8000, function() return (H.read(rules_path) or ''):find('drops the time zone', 1, true) ~= nil end),
    'the rule from the selection landed with the why the user wrote', placeholder)
  ok, rules = pcall(vim.json.decode, H.read(rules_path) or '')
  H.eq(ok and rules[15] and { rules[15].Rule_number, rules[15].Why }, { 15, 'slice() of an ISO string drops the time zone' },
    'rule #15 holds the edited why')
  H.check(placeholder and not placeholder:find('slice() of an ISO', 1, true), 'instead of the placeholder proposed', placeholder)
  H.check(H.wait(3000, function()
    for _, m in ipairs(H.messages) do
      if m.msg:find('learned #15 as you edited it', 1, true) or (m.msg:find('#15', 1, true) and m.msg:find('as you edited it', 1, true)) then
        return true
      end
    end
    return false
  end), 'and the user is told it landed as edited', H.messages[#H.messages])

  -- 6. A rules file that no longer parses is not accepted: the review stays, says why; rejected.
  table.insert(H.selects, 'CODE')
  table.insert(H.inputs, 'Never use `eval` - it runs arbitrary code.')
  table.insert(H.inputs, 'security')
  local refused
  table.insert(H.reviews, {
    edit = function(buf)
      H.replace_line(buf, '"Why": "security"', '    "Why": "security" oops')
    end,
    finish = function(r)
      H.press(vim.fn.bufwinid(r.buf), 'a')
      refused = { waiting = require('autofix.review').waiting(), message = H.messages[#H.messages].msg }
      H.press(vim.fn.bufwinid(r.buf), 'r')
    end,
  })
  vim.cmd('AutofixLearn')
  H.check(H.wait(8000, function() return H.find_message('rule not learned') ~= nil end), 'then rejected: the rule is not learned')
  H.eq(refused and refused.waiting, 1, 'broken JSON: the review stays open')
  H.check(refused and refused.message:find('your version of .agents/autofix.json is not valid JSON', 1, true) ~= nil,
    'and says why', refused and refused.message)
  H.check(not (H.read(rules_path) or ''):find('oops', 1, true), 'nothing broken reached the disk')
  H.eq(#autofix_buffers(), 0, 'no review buffer is left behind')
end)
