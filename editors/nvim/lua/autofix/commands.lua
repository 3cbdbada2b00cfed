-- User commands: :AutofixLearn, :AutofixLearnRejection, :AutofixApplyDiff, :AutofixRules,
-- :AutofixExport, :AutofixReload, :AutofixWorkspace, :AutofixFixWorkspace, :AutofixReview,
-- :AutofixReport, :AutofixInstallServer, and all of them
-- as :Autofix {subcommand} (with completion); <Plug>(autofix-…) mappings, no keys of our own.
local M = {}

local api = vim.api
local util = require('autofix.util')
local l10n = require('autofix.l10n')
local t, tn = l10n.t, l10n.tn

M.CATEGORIES = { 'STYLE', 'CODE', 'ARCH', 'TOOL', 'PROCESS', 'DATA', 'UX', 'OTHER' }

local function notify(msg, level)
  vim.notify('autofix: ' .. msg, level or vim.log.levels.INFO)
end

local function client_or_complain(bufnr)
  local client = require('autofix').client(bufnr)
  if not client then
    notify(t('cmd.not_attached'), vim.log.levels.ERROR)
  end
  return client
end

local function buf_uri(bufnr)
  local name = api.nvim_buf_get_name(bufnr)
  if name == '' or vim.bo[bufnr].buftype ~= '' then
    return nil
  end
  return vim.uri_from_bufnr(bufnr)
end

local function error_text(err)
  local text = type(err) == 'table' and (err.message or vim.inspect(err)) or tostring(err)
  -- The server's own messages start with "autofix: "; ours already say so.
  return (text:gsub('^autofix: ', ''))
end

--- A failure reason for the user: the protocol's "rejected by the user" in their language.
local function reason_text(reason)
  if reason == require('autofix.edit').REJECTED then
    return t('reason.rejected')
  end
  return tostring(reason)
end

--- How the server says that it read back a rule the user edited in the review (its English and
--- Spanish words: it speaks the language the plugin asked for in `initialize`).
local SERVER_EDITED = { 'as you edited it', 'tal como la editaste' }
--- How the server says that a project has no agent files to export to.
local SERVER_NO_AGENT_FILES = { 'no agent files', 'no hay archivos de agentes' }

local function says(text, phrases)
  for _, phrase in ipairs(phrases) do
    if text:find(phrase, 1, true) then
      return true
    end
  end
  return false
end

--- The commands whose result the plugin reports.
local REPORTED = { ['autofix.learnRule'] = true, ['autofix.applyDiff'] = true }

--- Runs a server command with one object argument; `on_result(result)` on success, then
--- `on_settled()` whatever the outcome.
---@param client vim.lsp.Client
---@param command string
---@param arg? table
---@param bufnr integer
---@param on_result fun(result: any)
---@param on_settled? fun()
function M.execute(client, command, arg, bufnr, on_result, on_settled)
  local params = { command = command, arguments = arg and { arg } or nil }
  -- Their reports also say what happened in the review: an edited version landed, a rejection.
  local edit = REPORTED[command] and require('autofix.edit') or nil
  if edit then
    edit.begin_report()
  end
  local sent = client:request('workspace/executeCommand', params, function(err, result)
    if err then
      notify(t('cmd.failed', command, error_text(err)), vim.log.levels.ERROR)
    else
      on_result(result)
    end
    if edit then
      edit.end_report()
    end
    if on_settled then
      on_settled()
    end
  end, bufnr)
  if not sent and edit then
    edit.end_report()
  end
end

--- The text a range or visual selection covers, on one line.
---@param opts table user command opts
---@return string?
local function selection(opts, bufnr)
  if opts.range == 0 then
    return nil
  end
  local text ---@type string[]
  local vstart, vend = vim.fn.getpos("'<"), vim.fn.getpos("'>")
  local mode = vim.fn.visualmode()
  if vstart[2] == opts.line1 and vend[2] == opts.line2 and mode ~= '' then
    local ok, region = pcall(vim.fn.getregion, vstart, vend, { type = mode })
    text = ok and region or api.nvim_buf_get_lines(bufnr, opts.line1 - 1, opts.line2, false)
  else
    text = api.nvim_buf_get_lines(bufnr, opts.line1 - 1, opts.line2, false)
  end
  local joined = vim.trim((table.concat(text, ' '):gsub('%s+', ' ')))
  if joined == '' then
    return nil
  end
  if #joined > 120 then
    joined = vim.fn.strcharpart(joined, 0, 117) .. '…'
  end
  return joined
end

--- The instruction of rule `number` in a rules file's text, if it is there.
---@param text string
---@param number any
---@return string?
local function instruction_of(text, number)
  local ok, rules = pcall(vim.json.decode, text)
  if not ok or type(rules) ~= 'table' then
    return nil
  end
  for _, rule in ipairs(rules) do
    if type(rule) == 'table' and tonumber(rule.Rule_number) == tonumber(number) and type(rule.Instruction) == 'string' then
      return rule.Instruction
    end
  end
  return nil
end

--- What `autofix.learnRule` answered. On success the server says "Learned rule #N ([CAT]): … —
--- recorded in PATH" itself (window/showMessage) — with the instruction it proposed, unless it
--- reads the rule back as it landed: when the user edited the rule in the review, that is said here.
local function learned(result)
  result = type(result) == 'table' and result or {}
  if result.applied == false and not result.cancelled then
    notify(t('learn.not_learned'), vim.log.levels.WARN)
  end
  if not result.applied then
    return
  end
  local mine = require('autofix.edit').take_edited(result.path)
  if not mine then
    return
  end
  local instruction = instruction_of(mine.edited or '', result.rule_number)
  if not instruction then
    vim.notify(util.fit(t('learn.applied_edited', mine.relpath)), vim.log.levels.INFO)
    return
  end
  -- A server that reads the rule back as it landed names your instruction in its own "Learned
  -- rule #N" message, which may come just after this reply: a moment later, this is said unless
  -- it did (told by the instruction, when you changed it).
  local proposed = instruction_of(mine.after or '', result.rule_number)
  vim.defer_fn(function()
    for _, heard in ipairs(M.heard) do
      local about_it = heard:find('#' .. tostring(result.rule_number), 1, true)
      -- The server says "(as you edited it in the review)" when the words changed.
      if about_it and (says(heard, SERVER_EDITED) or (instruction ~= proposed and heard:find(instruction, 1, true))) then
        return
      end
    end
    vim.notify(util.fit(t('learn.learned_edited', result.rule_number, instruction)), vim.log.levels.INFO)
  end, 150)
end

--- The server's last few messages (window/showMessage), newest last.
---@type string[]
M.heard = {}

---@param message string
function M.hear(message)
  table.insert(M.heard, message)
  if #M.heard > 5 then
    table.remove(M.heard, 1)
  end
end

--- The category given as an argument (`CODE`, `[code]`), if it is one.
---@param opts? {fargs?: string[]}
local function category_arg(opts)
  local given = opts and opts.fargs and opts.fargs[1] and opts.fargs[1]:upper():gsub('^%[(.*)%]$', '%1')
  if given and vim.list_contains(M.CATEGORIES, given) then
    return given
  end
  return nil
end

--- Asks the category (unless the draft has one) with vim.ui.select, the instruction and the why
--- with vim.ui.input (starting from the draft's), then sends `autofix.learnRule` — whose edit
--- goes through the review like any other.
---@param client vim.lsp.Client
---@param bufnr integer
---@param draft {category?: string, instruction?: string, why?: string, uri?: string}
---@param on_learned? fun(result: table)
local function ask_and_learn(client, bufnr, draft, on_learned)
  local function ask_rest(category)
    vim.ui.input({ prompt = t('learn.prompt_instruction', category), default = draft.instruction or '' }, function(instruction)
      if not instruction or vim.trim(instruction) == '' then
        return
      end
      vim.ui.input({ prompt = t('learn.prompt_why'), default = draft.why }, function(why)
        if not why then
          return
        end
        local arg = { category = category, instruction = vim.trim(instruction), why = vim.trim(why), uri = draft.uri }
        M.execute(client, 'autofix.learnRule', arg, bufnr, function(result)
          learned(result)
          if on_learned then
            on_learned(type(result) == 'table' and result or {})
          end
        end)
      end)
    end)
  end
  if draft.category then
    ask_rest(draft.category)
    return
  end
  vim.ui.select(M.CATEGORIES, { prompt = t('learn.prompt_category'), kind = 'autofix.category' }, function(category)
    if category then
      ask_rest(category)
    end
  end)
end

--- Asks for category, instruction and why, then sends `autofix.learnRule`.
---@param opts? {range?: integer, line1?: integer, line2?: integer, fargs?: string[]}
function M.learn(opts)
  opts = opts or { range = 0, fargs = {} }
  local bufnr = api.nvim_get_current_buf()
  local client = client_or_complain(bufnr)
  if not client then
    return
  end
  local selected = selection(opts, bufnr)
  ask_and_learn(client, bufnr, {
    category = category_arg(opts),
    instruction = selected and t('learn.draft_selection', selected) or '',
    uri = buf_uri(bufnr),
  })
end

--- `text` as a code span, cut when long.
local function code(text)
  text = vim.trim(text)
  if vim.fn.strchars(text) > 60 then
    text = vim.fn.strcharpart(text, 0, 59) .. '…'
  end
  if text:find('`', 1, true) then
    return '`` ' .. text .. ' ``'
  end
  return '`' .. text .. '`'
end

local function word_byte(c)
  return c ~= '' and (c:find('^[%w_]') ~= nil or c:byte() >= 128)
end

--- The part of two lines that differs, widened to whole words: `format_date` and `formatDate`
--- out of two declarations.
---@return string old
---@return string new
local function differing(a, b)
  local p = 0
  while p < #a and p < #b and a:byte(p + 1) == b:byte(p + 1) do
    p = p + 1
  end
  local s = 0
  while s < #a - p and s < #b - p and a:byte(#a - s) == b:byte(#b - s) do
    s = s + 1
  end
  local start = p + 1
  while start > 1 and word_byte(a:sub(start - 1, start - 1)) do
    start = start - 1
  end
  local ea, eb = #a - s, #b - s
  while ea < #a and word_byte(a:sub(ea + 1, ea + 1)) do
    ea, eb = ea + 1, eb + 1
  end
  -- A bracket opened in the part is closed in it (`slice(0, 10)`, not `slice(0, 10`).
  local function open(t)
    local _, o = t:gsub('[%(%[]', '')
    local _, c = t:gsub('[%)%]]', '')
    return o - c
  end
  while ea < #a and a:sub(ea + 1, ea + 1):find('[%)%]]') and (open(a:sub(start, ea)) > 0 or open(b:sub(start, eb)) > 0) do
    ea, eb = ea + 1, eb + 1
  end
  return vim.trim(a:sub(start, ea)), vim.trim(b:sub(start, eb))
end

--- A draft rule from a rejected change — what it would have introduced: ``Do not change
--- `format_date` to `formatDate` in src/lib/format.ts``, ``Do not add `…` to PATH``, or for a
--- removal ``Keep `…` in PATH`` (the server reads "do not remove `x`" as forbidding `x`) — in the
--- user's language (``No cambies `format_date` por `formatDate` en …``).
---@param rejected {files: autofix.FileChange[]}
---@return {instruction: string, why: string, uri: string, path: string}?
function M.rejection_draft(rejected)
  for _, f in ipairs(rejected and rejected.files or {}) do
    local before = vim.split(f.before, '\n', { plain = true })
    local after = vim.split(f.after, '\n', { plain = true })
    for _, h in ipairs(vim.diff(f.before, f.after, { result_type = 'indices' }) --[[@as integer[][] ]]) do
      local function first(lines, from, n)
        for i = from, from + n - 1 do
          if lines[i] and vim.trim(lines[i]) ~= '' then
            return lines[i]
          end
        end
      end
      local old, new = first(before, h[1], h[2]), first(after, h[3], h[4])
      local instruction
      if old and new then
        local x, y = differing(old, new)
        if x == '' or y == '' then
          x, y = vim.trim(old), vim.trim(new)
        end
        if x == y then
          instruction = t('draft.reformat', code(x), f.relpath)
        else
          instruction = t('draft.change', code(x), code(y), f.relpath)
        end
      elseif new then
        instruction = t('draft.add', code(new), f.relpath)
      elseif old then
        instruction = t('draft.keep', code(old), f.relpath)
      end
      if instruction then
        return { instruction = instruction, why = t('draft.why'), uri = vim.uri_from_fname(f.path), path = f.path }
      end
    end
  end
  return nil
end

--- `:Autofix learn-rejection [CATEGORY]`: a rule from the diff last rejected in review, so that it
--- is not proposed again — a draft from what it would have introduced, edited with vim.ui.input,
--- then learned like `:AutofixLearn` (the rule's review can be edited too).
---@param opts? {fargs?: string[]}
function M.learn_rejection(opts)
  local edit = require('autofix.edit')
  local rejected = edit.rejected
  if not rejected then
    notify(t('rejection.none'))
    return
  end
  local draft = M.rejection_draft(rejected)
  if not draft then
    notify(t('rejection.no_line'), vim.log.levels.WARN)
    return
  end
  local bufnr = api.nvim_get_current_buf()
  local client = vim.lsp.get_client_by_id(rejected.client_id) or client_or_complain(bufnr)
  if not client then
    return
  end
  draft.category = category_arg(opts)
  ask_and_learn(client, bufnr, draft, function(result)
    if result.applied and edit.rejected == rejected then
      edit.rejected = nil
    end
  end)
end

--- The first SEARCH/REPLACE diff among registers: the one named, else `"` (what was just
--- yanked), then `+` when a clipboard is available — a diff copied from an agent's window. The
--- unnamed register comes first so that a stale clipboard never wins over a fresh yank.
---@param reg? string
---@return string? text
---@return string? register
function M.diff_from_register(reg)
  local candidates = {}
  if reg and reg ~= '' then
    candidates = { reg }
  else
    candidates[1] = '"'
    if vim.fn.has('clipboard') == 1 then
      candidates[#candidates + 1] = '+'
    end
  end
  for _, r in ipairs(candidates) do
    local ok, text = pcall(vim.fn.getreg, r)
    if ok and type(text) == 'string' and text:find('<<<<<<<%s*SEARCH') then
      return text, r
    end
  end
  return nil, candidates[#candidates]
end

--- The `<path>` of an `<apply_diff>` tool call, if the diff has one.
---@param text string
---@return string?
function M.xml_path(text)
  local path = text:match('<path>%s*(.-)%s*</path>')
  if path and path ~= '' then
    return path
  end
  return nil
end

--- Notifies the report of `autofix.applyDiff` / `autofix.previewDiff` in one line; its details
--- wait for `:Autofix report` (lua/autofix/diff_report.lua).
---@param result table {success, blocks = {{index, status, line, similarity, error}}, error, path?, applied?}
---@param target string the target as the user named it
---@param preview boolean
---@param root? string for showing the server's `path` relative to the project
local function report(result, target, preview, root)
  if type(result) ~= 'table' then
    notify(t('apply.no_report'), vim.log.levels.ERROR)
    return
  end
  local notes = {}
  if type(result.path) == 'string' then
    target = util.relpath(result.path, root)
    local edit = require('autofix.edit')
    notes.edited = edit.take_edited(result.path) ~= nil
    notes.rejected = edit.take_rejected(result.path)
  end
  require('autofix.diff_report').notify(result, target, preview, notes)
end

--- `:Autofix report`: the details of the last diff report.
function M.report()
  require('autofix.diff_report').show()
end

--- Applies (or with `preview`, only checks) a SEARCH/REPLACE diff held in a register.
---@param opts? {args?: string, bang?: boolean}
function M.apply_diff(opts)
  opts = opts or {}
  local bufnr = api.nvim_get_current_buf()
  local reg = opts.args and vim.trim(opts.args) or nil
  local text, from = M.diff_from_register(reg)
  if not text then
    notify(t('apply.no_diff', from or '"'), vim.log.levels.ERROR)
    return
  end
  local client = client_or_complain(bufnr)
  if not client then
    return
  end
  local arg = { diff = text }
  local target
  local path = M.xml_path(text)
  if path then
    arg.path = path
    target = path
  else
    local uri = buf_uri(bufnr)
    if not uri then
      notify(t('apply.no_target'), vim.log.levels.ERROR)
      return
    end
    arg.uri = uri
    target = util.relpath(api.nvim_buf_get_name(bufnr), client.root_dir)
  end
  local command = opts.bang and 'autofix.previewDiff' or 'autofix.applyDiff'
  M.execute(client, command, arg, bufnr, function(result)
    report(result, target, opts.bang, client.root_dir)
  end)
end

--- Lists the rules (active ones; with `all`, superseded too) and jumps to the chosen one.
---@param opts? {bang?: boolean}
function M.rules(opts)
  opts = opts or {}
  local bufnr = api.nvim_get_current_buf()
  local client = client_or_complain(bufnr)
  if not client then
    return
  end
  local arg = {}
  arg.uri = buf_uri(bufnr)
  M.execute(client, 'autofix.listRules', next(arg) and arg or vim.empty_dict(), bufnr, function(result)
    if type(result) ~= 'table' or type(result.rules) ~= 'table' then
      notify(t('rules.none_listed'), vim.log.levels.WARN)
      return
    end
    if result.rules_file == vim.NIL or result.rules_file == nil then
      notify(t('rules.no_file'), vim.log.levels.WARN)
      return
    end
    local items = {}
    for _, rule in ipairs(result.rules) do
      if opts.bang or rule.status ~= 'superseded' then
        items[#items + 1] = rule
      end
    end
    if #items == 0 then
      notify(t('rules.none_active', vim.fn.fnamemodify(result.rules_file, ':~:.')))
      return
    end
    local shown = vim.fn.fnamemodify(result.rules_file, ':~:.')
    local prompt = result.broken and t('rules.prompt_broken', shown) or t('rules.prompt', shown)
    vim.ui.select(items, {
      prompt = prompt,
      kind = 'autofix.rule',
      format_item = function(rule)
        local text = ('#%s [%s] %s'):format(rule.rule_number, rule.category, rule.instruction)
        if rule.status == 'superseded' then
          text = text .. t('rules.superseded', rule.superseded_by ~= vim.NIL and rule.superseded_by or '?')
        end
        return text
      end,
    }, function(rule)
      if not rule then
        return
      end
      vim.cmd.edit(vim.fn.fnameescape(result.rules_file))
      local line = tonumber(rule.line) or 1
      line = math.max(1, math.min(line, api.nvim_buf_line_count(0)))
      api.nvim_win_set_cursor(0, { line, 0 })
      vim.cmd('normal! zv')
    end)
  end)
end

M.AGENTS = { 'agents', 'claude', 'cursor', 'copilot', 'cline', 'roo', 'windsurf', 'gemini', 'continue', 'kiro' }

--- What `autofix.exportRules` answered, when the export did not land. The server itself says
--- what it exported, that the exports are current, which files it left alone and why.
---@param result table {changes, current, applied, failure_reason?}
local function exported(result)
  result = type(result) == 'table' and result or {}
  local reason = result.failure_reason
  if result.applied == false and not result.current and type(reason) == 'string' then
    notify(t('export.not_exported', reason_text(reason)), vim.log.levels.WARN)
  end
end

--- Exports the rules governing the current buffer (or, from a buffer that is not a file, the
--- project's) to the agents' files; `opts.fargs` names the agents, `opts.bang` only checks.
---@param opts? {fargs?: string[], bang?: boolean}
function M.export(opts)
  opts = opts or {}
  local bufnr = api.nvim_get_current_buf()
  local client = client_or_complain(bufnr)
  if not client then
    return
  end
  local arg = { check = opts.bang == true }
  arg.uri = buf_uri(bufnr) or (client.root_dir and vim.uri_from_fname(client.root_dir)) or nil
  if opts.fargs and #opts.fargs > 0 then
    arg.agents = opts.fargs
  end
  local params = { command = 'autofix.exportRules', arguments = { arg } }
  client:request('workspace/executeCommand', params, function(err, result)
    if err then
      local message = error_text(err)
      if says(message, SERVER_NO_AGENT_FILES) then
        notify(t('export.name_agents', message, 'agents claude …'), vim.log.levels.WARN)
      else
        notify(t('cmd.failed', 'autofix.exportRules', message), vim.log.levels.ERROR)
      end
      return
    end
    exported(result)
  end, bufnr)
end

--- What `autofix.fixWorkspace` answered.
---@param result table
local function fixed_workspace(result)
  if type(result) ~= 'table' then
    return
  end
  for _, left in ipairs(result.left_alone or {}) do
    notify(t('fix.left_alone', vim.fn.fnamemodify(left.path, ':~:.'), left.reason), vim.log.levels.WARN)
  end
  if (result.files or 0) == 0 then
    return
  end
  if result.applied then
    local fixes = result.fixes or 0
    notify(tn('fix.fixed', fixes, fixes, tn('fix.files', result.files, result.files)))
  elseif result.failure_reason then
    notify(t('fix.workspace_not_applied', reason_text(result.failure_reason)), vim.log.levels.WARN)
  end
end

--- Runs a command a code action carries on the server and reports its result like the user
--- commands do (Neovim would drop it).
---@param command lsp.Command
---@param ctx {bufnr: integer, client_id: integer}
function M.forward(command, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  if not client then
    return
  end
  local arg = command.arguments and command.arguments[1]
  M.execute(client, command.command, arg, ctx.bufnr, function(result)
    if command.command == 'autofix.learnRule' then
      learned(result)
    elseif command.command == 'autofix.exportRules' then
      exported(result)
    elseif command.command == 'autofix.fixWorkspace' then
      fixed_workspace(result)
    elseif command.command == 'autofix.applyDiff' then
      local target = type(arg) == 'table' and (arg.path or (arg.uri and vim.uri_to_fname(arg.uri))) or '?'
      report(result, util.relpath(target, client.root_dir), false, client.root_dir)
    end
  end, function()
    -- Run from a code lens, Neovim cleared the lens and would ask for new ones once the command
    -- is done — but not for a command the plugin runs itself. Ask here.
    if ctx.bufnr then
      require('autofix.lenses').refresh_shown(ctx.bufnr)
    end
  end)
end

--- Every fixable violation of the workspace (open buffers and files nobody opened) in one edit,
--- approved like any other.
function M.fix_workspace()
  local bufnr = api.nvim_get_current_buf()
  local client = client_or_complain(bufnr)
  if client then
    M.execute(client, 'autofix.fixWorkspace', vim.empty_dict(), bufnr, fixed_workspace)
  end
end

--- `:Autofix fix-all`: every fix of the current buffer at once (the server's
--- `source.fixAll.autofix` action), one undoable change, and how many it fixed.
function M.fix_all()
  local bufnr = api.nvim_get_current_buf()
  local client = client_or_complain(bufnr)
  if not client then
    return
  end
  local name = util.relpath(api.nvim_buf_get_name(bufnr), client.root_dir)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = api.nvim_buf_line_count(bufnr), character = 0 } },
    context = { diagnostics = {}, only = { 'source.fixAll.autofix' } },
  }
  client:request('textDocument/codeAction', params, function(err, actions)
    if err then
      notify(t('cmd.failed', 'fix-all', error_text(err)), vim.log.levels.ERROR)
      return
    end
    local action
    for _, a in ipairs(actions or {}) do
      if a.kind == 'source.fixAll.autofix' and a.edit then
        action = a
        break
      end
    end
    if not action then
      notify(t('fix.nothing', name))
      return
    end
    local fixes = 0
    for _, change in ipairs(action.edit.documentChanges or {}) do
      fixes = fixes + #(change.edits or {})
    end
    for _, edits in pairs(action.edit.changes or {}) do
      fixes = fixes + #edits
    end
    vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
    notify(tn('fix.fixed', fixes, fixes, name))
  end, bufnr)
end

--- The quickfix list of every autofix diagnostic in the workspace (files nobody opened
--- included), once the first workspace report is in.
function M.workspace()
  local bufnr = api.nvim_get_current_buf()
  local client = client_or_complain(bufnr)
  if not client then
    return
  end
  local workspace = require('autofix.workspace')
  if not workspace.enabled(client) then
    notify(t('workspace.off'), vim.log.levels.WARN)
    workspace.setqflist(client)
    return
  end
  workspace.start(client)
  if not workspace.ready(client) then
    notify(t('workspace.checking'))
  end
  workspace.when_ready(client, function()
    workspace.setqflist(client)
  end)
end

--- Rereads every rules file from disk.
function M.reload()
  local bufnr = api.nvim_get_current_buf()
  local client = client_or_complain(bufnr)
  if client then
    M.execute(client, 'autofix.reloadRules', nil, bufnr, function() end)
  end
end

--- The language the commands were defined in (their descriptions, shown by `:command`).
local defined = nil ---@type string?

--- :AutofixReview: back to the change that waits for the user's review.
function M.review()
  if not require('autofix.review').focus() then
    notify(t('review.none_waiting'))
  end
end

--- :AutofixInstallServer [tag]
function M.install_server(opts)
  require('autofix.install').command(opts.fargs[1])
end

--- Defines the user commands (once; again when the language changed, for their descriptions).
function M.define()
  if defined == l10n.lang() then
    return
  end
  defined = l10n.lang()
  api.nvim_create_user_command('AutofixLearn', function(o)
    M.learn(o)
  end, {
    range = true,
    nargs = '?',
    complete = function()
      return M.CATEGORIES
    end,
    desc = t('desc.learn'),
  })
  api.nvim_create_user_command('AutofixApplyDiff', function(o)
    M.apply_diff(o)
  end, {
    nargs = '?',
    bang = true,
    desc = t('desc.apply_diff'),
  })
  api.nvim_create_user_command('AutofixRules', function(o)
    M.rules(o)
  end, { bang = true, desc = t('desc.rules') })
  api.nvim_create_user_command('AutofixExport', function(o)
    M.export(o)
  end, {
    nargs = '*',
    bang = true,
    complete = function(lead)
      return vim.tbl_filter(function(a)
        return a:find(lead, 1, true) == 1
      end, M.AGENTS)
    end,
    desc = t('desc.export'),
  })
  api.nvim_create_user_command('AutofixReload', function()
    M.reload()
  end, { desc = t('desc.reload') })
  api.nvim_create_user_command('AutofixWorkspace', function()
    M.workspace()
  end, { desc = t('desc.workspace') })
  api.nvim_create_user_command('AutofixFixAll', function()
    M.fix_all()
  end, { desc = t('desc.fix_all') })
  api.nvim_create_user_command('AutofixFixWorkspace', function()
    M.fix_workspace()
  end, { desc = t('desc.fix_workspace') })
  api.nvim_create_user_command('AutofixReport', function()
    M.report()
  end, { desc = t('desc.report') })
  api.nvim_create_user_command('AutofixLearnRejection', function(o)
    M.learn_rejection(o)
  end, {
    nargs = '?',
    complete = function()
      return M.CATEGORIES
    end,
    desc = t('desc.learn_rejection'),
  })
  api.nvim_create_user_command('AutofixReview', function()
    M.review()
  end, { desc = t('desc.review') })
  api.nvim_create_user_command('AutofixInstallServer', function(o)
    M.install_server(o)
  end, {
    nargs = '?',
    complete = function()
      return { 'latest' }
    end,
    desc = t('desc.install_server'),
  })
  api.nvim_create_user_command('Autofix', function(o)
    M.dispatch(o)
  end, {
    nargs = '+',
    bang = true,
    range = true,
    complete = M.complete,
    desc = t('desc.autofix', table.concat(M.subcommand_names(), '|')),
  })
  M.define_plug_mappings()
end

local function starting_with(items, lead)
  return vim.tbl_filter(function(item)
    return item:find(lead, 1, true) == 1
  end, items)
end

--- `:Autofix {subcommand}`: each runs what its own `:Autofix…` command runs, with the same
--- arguments, bang and range.
M.SUBCOMMANDS = {
  learn = { run = M.learn, args = function() return M.CATEGORIES end },
  ['apply-diff'] = { run = M.apply_diff, args = function() return { '"', '+', '*', '0', 'a' } end },
  rules = { run = M.rules },
  export = { run = M.export, args = function() return M.AGENTS end, many = true },
  reload = { run = M.reload },
  workspace = { run = M.workspace },
  ['fix-all'] = { run = M.fix_all },
  ['fix-workspace'] = { run = M.fix_workspace },
  review = { run = M.review },
  report = { run = M.report },
  ['install-server'] = { run = M.install_server, args = function() return { 'latest' } end },
  ['learn-rejection'] = { run = M.learn_rejection, args = function() return M.CATEGORIES end },
}

function M.subcommand_names()
  local names = vim.tbl_keys(M.SUBCOMMANDS)
  table.sort(names)
  return names
end

function M.dispatch(o)
  local name = o.fargs[1]
  local sub = M.SUBCOMMANDS[name]
  if not sub then
    vim.notify(
      t('cmd.no_subcommand', tostring(name), table.concat(M.subcommand_names(), ', ')),
      vim.log.levels.ERROR
    )
    return
  end
  local rest = vim.list_slice(o.fargs, 2)
  sub.run(vim.tbl_extend('force', o, { fargs = rest, args = table.concat(rest, ' ') }))
end

--- Completion of `:Autofix`: the subcommands, then the subcommand's own arguments.
function M.complete(lead, line)
  local words = vim.split(line:gsub('^%s*%S*Autofix!?%s*', ''), '%s+', { trimempty = true })
  local typing_first = #words == 0 or (#words == 1 and lead ~= '')
  if typing_first then
    return starting_with(M.subcommand_names(), lead)
  end
  local sub = M.SUBCOMMANDS[words[1]]
  if not (sub and sub.args) then
    return {}
  end
  local given = #words - (lead ~= '' and 1 or 0) - 1
  if given >= 1 and not sub.many then
    return {}
  end
  return starting_with(sub.args(), lead)
end

--- `<Plug>` mappings for users to map their own keys to (the plugin maps no key itself):
---   vim.keymap.set({ 'n', 'x' }, '<leader>al', '<Plug>(autofix-learn)')
M.PLUG = {
  { '<Plug>(autofix-learn)', 'n', '<Cmd>AutofixLearn<CR>' },
  -- From visual mode: the selection becomes the range (and the instruction's start).
  { '<Plug>(autofix-learn)', 'x', ':AutofixLearn<CR>' },
  { '<Plug>(autofix-apply-diff)', 'n', '<Cmd>AutofixApplyDiff<CR>' },
  { '<Plug>(autofix-preview-diff)', 'n', '<Cmd>AutofixApplyDiff!<CR>' },
  { '<Plug>(autofix-rules)', 'n', '<Cmd>AutofixRules<CR>' },
  { '<Plug>(autofix-export)', 'n', '<Cmd>AutofixExport<CR>' },
  { '<Plug>(autofix-reload)', 'n', '<Cmd>AutofixReload<CR>' },
  { '<Plug>(autofix-workspace)', 'n', '<Cmd>AutofixWorkspace<CR>' },
  { '<Plug>(autofix-fix-all)', 'n', '<Cmd>AutofixFixAll<CR>' },
  { '<Plug>(autofix-fix-workspace)', 'n', '<Cmd>AutofixFixWorkspace<CR>' },
  { '<Plug>(autofix-review)', 'n', '<Cmd>AutofixReview<CR>' },
  { '<Plug>(autofix-report)', 'n', '<Cmd>AutofixReport<CR>' },
  { '<Plug>(autofix-learn-rejection)', 'n', '<Cmd>AutofixLearnRejection<CR>' },
}

function M.define_plug_mappings()
  for _, m in ipairs(M.PLUG) do
    vim.keymap.set(m[2], m[1], m[3], { silent = true, desc = 'autofix: ' .. m[1]:match('%((.-)%)') })
  end
end

return M
