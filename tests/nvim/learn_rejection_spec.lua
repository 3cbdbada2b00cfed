-- Learning from a rejection: a diff rejected in its review is offered as a rule
-- (`:Autofix learn-rejection`): a draft from what it would have introduced, edited with
-- vim.ui.input, then learned through the usual (editable) review. Learns and exports rejected are
-- not offered; the draft's wording for a change, an addition, a removal.
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

H.run(function()
  vim.o.columns = 160 -- the one-line reports are read in full
  local root = H.demo()
  H.setup()
  local format_path = root .. '/src/lib/format.ts'
  local rules_path = root .. '/.agents/autofix.json'
  local format = H.open(format_path)
  H.check(H.wait_diags(format, function(d) return #d == 2 end), 'format.ts diagnostics arrived')
  local client = H.client(format)
  local commands = require('autofix.commands')
  local original = H.read(format_path)

  local function wait_message(text)
    return H.wait(5000, function() return H.find_message(vim.pesc(text)) ~= nil end)
  end

  -- 0. Nothing rejected yet.
  vim.cmd('Autofix learn-rejection')
  H.check(H.find_message('no rejected diff to learn from') ~= nil, 'nothing rejected yet: said so, nothing asked')
  H.eq(#H.asked, 0, 'nothing asked')

  -- 1. :AutofixApplyDiff rejected in its review: the report says how to learn from it.
  vim.fn.setreg('"', '<<<<<<< SEARCH\nexport function format_date(date: Date): string {\n=======\nexport function formatDate(date: Date): string {\n>>>>>>> REPLACE\n')
  table.insert(H.reviews, 'reject')
  vim.cmd('AutofixApplyDiff')
  H.check(wait_message('autofix: diff to src/lib/format.ts rejected (:Autofix learn-rejection)'), 'the report offers :Autofix learn-rejection',
    H.messages[#H.messages])
  H.check(H.find_message('to learn a rule so this is not proposed again') == nil, 'in the report\'s one line (no second message)')
  H.eq(H.read(format_path), original, 'rejected: nothing changed')

  -- 2. :Autofix learn-rejection: the category picker, the draft as the default of the
  --    instruction and of the why, both edited, then the learn's review — accepted.
  local drafts = {}
  table.insert(H.selects, function(items, opts)
    drafts.categories = items
    drafts.prompt = opts.prompt
    return 'CODE'
  end)
  table.insert(H.inputs, function(opts)
    drafts.instruction = opts.default
    return 'Never rename `format_date` - the public API keeps snake_case names.'
  end)
  table.insert(H.inputs, function(opts)
    drafts.why = opts.default
    return 'public API'
  end)
  local learn_review
  table.insert(H.reviews, function(review)
    learn_review = review
    return 'accept'
  end)
  vim.cmd('Autofix learn-rejection')
  H.check(H.wait(5000, function() return (H.read(rules_path) or ''):find('"Rule_number": 14', 1, true) ~= nil end), 'rule #14 learned')
  H.eq(drafts.categories, commands.CATEGORIES, 'the category picker of :AutofixLearn')
  H.eq(drafts.instruction, 'Do not change `format_date` to `formatDate` in src/lib/format.ts', 'the draft: what the diff would have changed, where')
  H.eq(drafts.why, 'rejected in review', 'the draft why')
  H.check(learn_review and learn_review.title == 'Learn rule #14', 'through the learn\'s review', learn_review and learn_review.title)
  local rules = vim.json.decode(H.read(rules_path))
  H.eq(rules[14], {
    Rule_number = 14,
    Category = 'CODE',
    Instruction = 'Never rename `format_date` - the public API keeps snake_case names.',
    Why = 'public API',
  }, 'the rule as the user edited the draft')
  H.check(H.wait(3000, function() return H.find_message('Learned rule #14') ~= nil end), 'the server says it learned rule #14')
  -- (Once the command's result is in: the file is written before the server answers.)
  H.check(H.wait(3000, function() return require('autofix.edit').rejected == nil end), 'learned: the rejection is used up')
  local count = #H.messages
  vim.cmd('AutofixLearnRejection')
  H.check(#H.messages > count and H.messages[#H.messages].msg:find('no rejected diff to learn from', 1, true) ~= nil,
    'nothing left to learn from', H.messages[#H.messages])

  -- 3. A diff rejected outside a command the plugin reports (the server's edit alone): said in a
  --    notification of its own. :AutofixLearnRejection OTHER asks no category; the draft of an
  --    addition; cancelled at the instruction: nothing is sent.
  local function apply_edit(params)
    local reply
    vim.schedule(coroutine.wrap(function()
      reply = client:_server_request('workspace/applyEdit', params)
    end))
    H.wait(5000, function() return reply ~= nil end)
    return reply
  end
  local uri = vim.uri_from_fname(format_path)
  local insert = {
    edit = {
      documentChanges = { {
        textDocument = { uri = uri, version = vim.lsp.util.buf_versions[format] },
        edits = { { range = { start = { line = 12, character = 0 }, ['end'] = { line = 12, character = 0 } },
          newText = '\n  console.log(raw);\n', annotationId = 'autofix.diff' } },
      } },
      changeAnnotations = { ['autofix.diff'] = { label = 'Apply diff to src/lib/format.ts (1 block)', needsConfirmation = true } },
    },
  }
  table.insert(H.reviews, 'reject')
  H.eq(apply_edit(insert), { applied = false, failureReason = 'rejected by the user' }, 'the server hears the rejection')
  H.check(wait_message('autofix: rejected — :Autofix learn-rejection to learn a rule so this is not proposed again'),
    'a notification offers to learn from it', H.messages[#H.messages])
  local asked = #H.asked
  local default
  table.insert(H.inputs, function(opts)
    default = opts.default
    return nil
  end)
  vim.cmd('AutofixLearnRejection OTHER')
  H.eq(default, 'Do not add `console.log(raw);` to src/lib/format.ts', 'an addition: "Do not add `…` to PATH"')
  H.eq(H.asked[asked + 1] and H.asked[asked + 1].kind, 'input', 'a category given: none asked')
  H.eq(#H.asked, asked + 1, 'cancelled: nothing more asked, nothing sent')

  -- 4. Learns and exports rejected are not offered.
  table.insert(H.selects, 'CODE')
  table.insert(H.inputs, 'Never use `eval` - it runs arbitrary code.')
  table.insert(H.inputs, 'security')
  table.insert(H.reviews, 'reject')
  count = #H.messages
  vim.cmd('AutofixLearn')
  H.check(H.wait(5000, function() return H.find_message('rule not learned') ~= nil end), 'a learn rejected')
  local offered = false
  for i = count + 1, #H.messages do
    offered = offered or H.messages[i].msg:find('learn-rejection', 1, true) ~= nil
  end
  H.check(not offered, 'a rejected learn is not offered as a rule')

  -- 5. The draft's words: a change narrowed to the words that differ, an addition, a removal
  --    ("Keep": the server reads "do not remove `x`" as forbidding `x`), long code cut, backticks.
  local function draft(before, after)
    local d = commands.rejection_draft({ files = { { path = '/p/src/a.ts', relpath = 'src/a.ts', before = before, after = after } } })
    return d and d.instruction
  end
  H.eq(draft('const x: any = 1;\n', 'const x: unknown = 1;\n'), 'Do not change `any` to `unknown` in src/a.ts', 'a word changed')
  H.eq(draft('  return x.slice(0, 10);\n', '  return x.toLocale();\n'), 'Do not change `slice(0, 10)` to `toLocale()` in src/a.ts', 'a bracket opened in the part is closed in it')
  H.eq(draft('a\nreturn JSON.parse(raw);\nb\n', 'a\nb\n'), 'Keep `return JSON.parse(raw);` in src/a.ts', 'a removal')
  H.eq(draft('a\n', 'a\n\n  import x from "y";\n'), 'Do not add `import x from "y";` to src/a.ts', 'an addition: its first non-blank line')
  local long = draft('a\n', 'a\n' .. string.rep('x', 100) .. '\n')
  H.eq(long, 'Do not add `' .. string.rep('x', 59) .. '…` to src/a.ts', 'long code is cut')
  H.eq(draft('a\n', 'a\nlet s = `t`;\n'), 'Do not add `` let s = `t`; `` to src/a.ts', 'code with a backtick')
  H.eq(draft('x\n', 'x\n'), nil, 'no change, no draft')
end)
