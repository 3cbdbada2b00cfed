-- A diff report in words for people: one line that fits the command line (how many blocks
-- applied, which failed and why, the closest lines) and a Markdown document with each block's
-- details, opened by `:Autofix report`. The server's `error` texts are written for AI agents
-- ("Re-read the file…"); only their facts are kept here.
local M = {}

local l10n = require('autofix.l10n')
local t, tn = l10n.t, l10n.tn

--- The details of the last report that had any, as lines of Markdown.
---@type string[]?
M.last = nil

--- `90.4%`, rounded down as the server does: only a perfect match shows as 100%.
local function percent(similarity)
  local tenths = math.floor(math.min(math.max(similarity, 0), 1) * 1000) / 10
  return (tenths == math.floor(tenths)) and ('%d%%'):format(tenths) or ('%.1f%%'):format(tenths)
end
M.percent = percent

--- Why a block failed, in a few words.
---@param b table a block of the report
function M.problem(b)
  if b.reason == 'ambiguous' then
    return t('report.ambiguous')
  elseif b.reason == 'overlap' then
    return t('report.overlap')
  elseif b.reason == 'empty_search' then
    return t('report.empty_search')
  elseif b.reason == 'interrupted' then
    return t('report.interrupted')
  elseif type(b.line) == 'number' and type(b.similarity) == 'number' then
    return t('report.no_match_closest', b.line, percent(b.similarity))
  end
  return t('report.no_match')
end

--- How a block that applies (or would) was found.
local function found(b, verb)
  local where = type(b.line) == 'number' and t('report.at_line', b.line) or ''
  local how = ''
  if b.match == 'fuzzy' and type(b.similarity) == 'number' then
    how = t('report.similar', percent(b.similarity))
  elseif b.match == 'normalized' then
    how = t('report.normalized')
  elseif b.match == 'exact_outside_window' then
    how = t('report.outside_window')
  end
  return verb .. where .. how
end

--- The facts of a block's error without the advice addressed to an agent: the explanation as
--- prose, the listings ("SEARCH lines:", "Best candidate (…):") as code.
local function facts(err, out)
  local text = err:gsub('\r', '') .. '\n\n'
  for paragraph in text:gmatch('(.-)\n%s*\n') do
    paragraph = paragraph:gsub('%s+$', '')
    if paragraph ~= '' and not paragraph:find('^Tip:') then
      local lines = vim.split(paragraph, '\n', { plain = true })
      if #lines > 1 and lines[1]:find(':$') then
        vim.list_extend(out, { '**' .. lines[1] .. '**', '', '```text' })
        vim.list_extend(out, vim.list_slice(lines, 2))
        vim.list_extend(out, { '```', '' })
      else
        vim.list_extend(out, { paragraph, '' })
      end
    end
  end
end

--- Words for a report of `autofix.applyDiff` / `autofix.previewDiff`.
---@param result table {success, blocks = {{index, status, line, similarity, error, reason, match}}, error, applied?}
---@param target string the target as the user reads it
---@param preview boolean
---@return string summary one line
---@return integer level
---@return string[]? details Markdown lines, when a block failed
function M.describe(result, target, preview)
  local blocks = type(result.blocks) == 'table' and result.blocks or {}
  local matched, failed = 0, {}
  for _, b in ipairs(blocks) do
    if b.status == 'applied' then
      matched = matched + 1
    else
      failed[#failed + 1] = b
    end
  end
  local levels = vim.log.levels
  -- Rejected (or refused as stale) although blocks matched: they were not applied.
  local rejected = result.applied == false and matched > 0
  local n = #blocks
  local named = {}
  for i, b in ipairs(failed) do
    if i > 3 then
      named[#named + 1] = t('report.more', #failed - 3)
      break
    end
    named[#named + 1] = t('report.block_problem', (type(b.index) == 'number' and b.index or i - 1) + 1, M.problem(b))
  end
  local why = table.concat(named, '; ')
  local head, level
  if rejected and result.failure_reason == 'rejected by the user' then
    head = t('report.rejected', target)
    level = levels.WARN
  elseif rejected then
    head = t('report.not_applied_stale', target)
    level = levels.WARN
  elseif n == 0 then
    local err = type(result.error) == 'string' and result.error:match('^[^\n]*') or ''
    head = t('report.failed', target, err ~= '' and err or t('report.no_block'))
    level = levels.ERROR
  elseif matched == 0 and not preview then
    head = t('report.not_applied', target, why)
    level = levels.ERROR
  else
    head = preview and tn('report.head_would_apply', n, matched, n, target) or tn('report.head_applied', n, matched, n, target)
    if why ~= '' then
      head = head .. ' — ' .. why
    end
    level = #failed == 0 and levels.INFO or matched == 0 and levels.ERROR or levels.WARN
  end
  if #failed == 0 then
    return head, level, nil
  end
  local doc = { t('report.doc_title', target), '' }
  doc[#doc + 1] = preview and tn('report.doc_would_apply', n, matched, n) or tn('report.doc_applied', n, matched, n)
  doc[#doc + 1] = ''
  for i, b in ipairs(blocks) do
    local number = (type(b.index) == 'number' and b.index or i - 1) + 1
    if b.status == 'applied' then
      local verb = preview and t('report.would_apply') or t('report.applied')
      vim.list_extend(doc, { t('report.doc_block', number, found(b, verb)), '' })
    else
      vim.list_extend(doc, { t('report.doc_block', number, M.problem(b)), '' })
      if type(b.error) == 'string' then
        facts(b.error, doc)
      end
    end
  end
  while doc[#doc] == '' do
    doc[#doc] = nil
  end
  return head, level, doc
end

--- Notifies a report in one line (with where its details are, when it has any). `notes` say
--- what happened in the review: the user's edited version landed, or they rejected the diff
--- (`:Autofix learn-rejection` learns from it).
---@param notes? {edited?: boolean, rejected?: boolean}
function M.notify(result, target, preview, notes)
  notes = notes or {}
  local head, level, details = M.describe(result, target, preview)
  local suffix = ''
  if notes.edited and result.applied ~= false then
    suffix = suffix .. t('report.edited')
  end
  if details then
    M.last = details
    suffix = suffix .. ' (:Autofix report)'
  end
  if notes.rejected then
    suffix = suffix .. ' (:Autofix learn-rejection)'
  end
  -- One line that fits: a longer one makes Neovim stop at "Press ENTER". What failed matters
  -- more than the folders of the file: those go first.
  local room = vim.v.echospace - 1
  if vim.fn.strdisplaywidth('autofix: ' .. head .. suffix) > room then
    head = M.describe(result, vim.fs.basename(target), preview)
  end
  vim.notify(require('autofix.util').fit('autofix: ' .. head, suffix), level)
end

--- `:Autofix report`: the details of the last report, in a scratch buffer.
function M.show()
  if not M.last then
    vim.notify(t('report.none_yet'), vim.log.levels.INFO)
    return
  end
  vim.cmd('botright new')
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].buftype = 'nofile'
  vim.bo[buf].bufhidden = 'wipe'
  vim.bo[buf].swapfile = false
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, M.last)
  vim.bo[buf].modifiable = false
  vim.bo[buf].filetype = 'markdown'
  pcall(vim.api.nvim_buf_set_name, buf, 'autofix://diff-report')
  vim.keymap.set('n', 'q', '<Cmd>close<CR>', { buffer = buf, desc = t('report.key_close') })
end

return M
