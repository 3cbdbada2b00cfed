-- The server's `autofix/status` notification: rules in force and broken rules files.
local M = {}

local l10n = require('autofix.l10n')
local t, tn = l10n.t, l10n.tn

---@type table<integer, {rules: integer, broken: boolean, rulesFiles: {path: string, rules: integer, broken: boolean, error: string?}[]}>
M.by_client = {}

local function is_open(path)
  local buf = require('autofix.util').find_buf(path)
  return buf ~= nil and vim.api.nvim_buf_is_loaded(buf)
end

---@param params table
---@param ctx lsp.HandlerContext
function M.on_status(params, ctx)
  local previous = M.by_client[ctx.client_id]
  M.by_client[ctx.client_id] = params
  -- A rules file that breaks while nobody edits it here (an agent, a script, a merge) is worth
  -- a message: the last good rules stay in force. While it is edited here, its diagnostics say it.
  for _, file in ipairs(params.rulesFiles or {}) do
    local was_broken = false
    for _, old in ipairs(previous and previous.rulesFiles or {}) do
      if old.path == file.path then
        was_broken = old.broken
      end
    end
    if file.broken and not was_broken and type(file.path) == 'string' and not is_open(file.path) then
      local message
      if type(file.error) == 'string' and file.error:match('^[^\n]-:%d+:%d+: ') then
        -- The server names the place (`autofix.json:3:5: …`): that says which file, and where.
        message = t('status.broken_at', file.error)
      else
        local reason = type(file.error) == 'string' and (': ' .. file.error) or ''
        message = t('status.broken', vim.fn.fnamemodify(file.path, ':~:.'), reason)
      end
      vim.notify(message, vim.log.levels.WARN)
    end
  end
  -- A custom rulesFile may be open already: its buffer follows the disk from now on.
  require('autofix.reload').refresh(ctx.client_id)
  vim.api.nvim_exec_autocmds('User', {
    pattern = 'AutofixStatus',
    modeline = false,
    data = { client_id = ctx.client_id, status = params },
  })
  -- A statusline showing require('autofix').statusline() is redrawn now, not at the next keystroke.
  vim.cmd.redrawstatus({ bang = true })
end

---@param bufnr? integer
function M.get(bufnr)
  local client = require('autofix').client(bufnr)
  return client and M.by_client[client.id] or nil
end

---@param bufnr? integer
---@return string
function M.statusline(bufnr)
  local status = M.get(bufnr)
  if not status then
    return ''
  end
  -- A review left waiting in another tab stays visible wherever the user is (:AutofixReview).
  local waiting = require('autofix.review').waiting()
  local review = waiting > 0 and tn('status.waiting', waiting, waiting) or ''
  if status.broken then
    return t('status.line_broken') .. review
  end
  local rules = status.rules or 0
  return tn('status.line_rules', rules, rules) .. review
end

return M
