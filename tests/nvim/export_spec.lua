-- Exporting the rules to the agents' files from Neovim: :AutofixExport through the approval
-- (the diff of AGENTS.md shown, accepted: the user's text kept, the section appended and
-- written), a second export that is current, :AutofixExport! (check only), agents named on the
-- command line and rejected (nothing created), and export_on_change following an edited rules
-- buffer without asking.
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

local USER = '# Agents\n\nRead the README before changing the build.\n'

H.run(function()
  local root = H.demo()
  local agents_path = root .. '/AGENTS.md'
  H.write(agents_path, USER)
  H.setup()
  local format = H.open(root .. '/src/lib/format.ts')
  H.check(H.wait_diags(format, function(d) return #d == 2 end), 'format.ts diagnostics arrived')

  local approvals = {}
  --- Answers the approval prompt with `answer`, recording the prompt and the preview shown.
  local function approve(answer)
    -- Answered in the review tab, with its own keys (tests/nvim/helpers.lua).
    table.insert(H.reviews, function(review)
      table.insert(approvals, { prompt = 'autofix: ' .. review.title, items = { 'Accept', 'Reject' }, preview = review.lines })
      return answer == 'Accept' and 'accept' or 'reject'
    end)
  end

  -- 1. :AutofixExport, accepted: the preview is the diff of AGENTS.md; the file is written.
  approve('Accept')
  vim.cmd('AutofixExport')
  H.check(H.wait(5000, function() return (H.read(agents_path) or ''):find('<!-- autofix:end -->', 1, true) ~= nil end),
    'accepted: AGENTS.md on disk holds the autofix section')
  local a = approvals[1] or { preview = {} }
  H.check((a.prompt or ''):find('Export rules to agent files', 1, true) ~= nil, 'the approval names "Export rules to agent files"', a.prompt)
  H.check(vim.list_contains(a.preview, '--- a/AGENTS.md') and vim.list_contains(a.preview, '+## Project rules (autofix)')
    and vim.list_contains(a.preview, ' Read the README before changing the build.'),
    'the preview is the diff of AGENTS.md: the user\'s line as context, the section added', a.preview)
  H.check((a.preview[2] or ''):find('project-wide rules of .agents/autofix.json', 1, true) ~= nil
    and (a.preview[2] or ''):find('AGENTS.md applies to every file', 1, true) ~= nil,
    'the preview says whose rules these are, and that the scoped ones are not for AGENTS.md', a.preview[2])
  local written = H.read(agents_path) or ''
  H.eq(written:sub(1, #USER), USER, 'the user\'s text is kept byte for byte')
  H.check(written:find('- [CODE] Always use native fetch instead of Axios.', 1, true) == nil,
    'a scoped rule is not in AGENTS.md (it would apply everywhere)')
  H.check(written:find('- [OTHER] Always document public API endpoints in a markdown table.', 1, true) ~= nil,
    'a project-wide rule is', written)
  H.check(H.wait(3000, function() return H.find_message('exported to AGENTS.md %(updated%) — the rules of .agents/autofix.json') ~= nil end),
    'the server says what it exported')
  local ab = require('autofix.util').find_buf(agents_path)
  H.check(not (ab and vim.api.nvim_buf_is_loaded(ab)), 'the AGENTS.md buffer loaded for the edit is closed again once written')

  -- 2. Again: nothing to change, nothing asked.
  H.messages = {}
  vim.cmd('AutofixExport')
  H.check(H.wait(5000, function() return H.find_message('exports are current') ~= nil end), '"exports are current"')
  H.eq(#approvals, 1, 'no approval asked when nothing changes')

  -- 3. Named agents, check only (!): reported, nothing written; then the export itself,
  --    rejected: nothing created.
  H.messages = {}
  vim.cmd('AutofixExport! claude')
  H.check(H.wait(5000, function() return H.find_message('exports are stale') ~= nil end), ':AutofixExport! claude reports what is stale',
    vim.tbl_map(function(m) return m.msg end, H.messages))
  H.check(H.find_message('CLAUDE.md %(created%)') ~= nil, 'CLAUDE.md would be created')
  H.eq(#approvals, 1, 'check mode asks nothing')
  approve('Reject')
  H.messages = {}
  vim.cmd('AutofixExport claude')
  H.check(H.wait(5000, function() return H.find_message('were not exported') ~= nil end), 'rejected: the user is told')
  H.check(vim.uv.fs_stat(root .. '/CLAUDE.md') == nil and vim.uv.fs_stat(root .. '/.claude') == nil, 'rejected: nothing created')
  local claude_preview = (approvals[2] or { preview = {} }).preview
  H.check(vim.list_contains(claude_preview, '--- /dev/null') and vim.list_contains(claude_preview, '+++ b/CLAUDE.md'),
    'the preview shows CLAUDE.md as a new file', claude_preview)

  -- 4. export_on_change: editing the rules buffer exports by itself, without asking, once the
  --    rules parse and settle.
  require('autofix').update_settings({ exportOnChange = true })
  local rules_path = root .. '/.agents/autofix.json'
  local rules = H.open(rules_path)
  H.wait(1500, function() return false end)
  local lines = vim.api.nvim_buf_get_lines(rules, 0, -1, false)
  local close = #lines
  while close > 0 and vim.trim(lines[close]) ~= ']' do
    close = close - 1
  end
  lines[close - 1] = lines[close - 1] .. ','
  table.insert(lines, close, '  { "Rule_number": 14, "Category": "TOOL", "Instruction": "Always run `pnpm lint` before pushing.", "Why": "CI fails otherwise" }')
  vim.api.nvim_buf_set_lines(rules, 0, -1, false, lines)
  H.check(H.wait(10000, function() return (H.read(agents_path) or ''):find('Always run `pnpm lint` before pushing.', 1, true) ~= nil end),
    'export_on_change: AGENTS.md follows the edited (unsaved) rules buffer by itself', H.read(agents_path))
  H.eq(#approvals, 2, 'no approval asked for an automatic export')
  H.eq((H.read(agents_path) or ''):sub(1, #USER), USER, 'the user\'s text still kept')
  H.check(vim.bo[rules].modified, 'the rules buffer itself is left unsaved')
end)
