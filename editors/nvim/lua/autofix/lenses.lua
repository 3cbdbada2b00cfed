-- Code lenses kept fresh in buffers that hold SEARCH/REPLACE diffs (a chat log, a markdown note):
-- Neovim 0.11 shows lenses only when asked and ignores the server's `workspace/codeLens/refresh`,
-- so the plugin asks — when the buffer is entered, after an edit (debounced), and when the server
-- says a target changed — for buffers where a diff is, or was (to clear its lenses).
--
-- The plugin sends `textDocument/codeLens` itself rather than through `vim.lsp.codelens.refresh`,
-- which drops a refresh while one is in flight: the in-flight answer may predate the change that
-- asked for the refresh (a diff's target just written), and its stale lenses would stay. Here a
-- refresh asked for meanwhile is sent again once the answer is in.
local M = {}

local api = vim.api
--- How long edits must pause before lenses are asked for again (ms).
M.debounce_ms = 200
--- Larger buffers are not searched for diffs.
local MAX_BYTES = 4 * 1024 * 1024
local MARKER = '<<<<<<< SEARCH'

--- bufnr -> true for the buffers followed; their pending timers.
local followed = {}
local timers = {}
--- bufnr -> the token of the lens request out (answers to older ones are dropped); bufnr -> true
--- when one more was asked for meanwhile.
local in_flight = {}
local asked_again = {}
local last_token = 0
--- A request unanswered this long no longer holds the next ones back (ms).
M.answer_timeout_ms = 10000

--- True when the buffer holds a diff now or showed lenses before (they must be cleared).
local function wants_lenses(bufnr)
  if #vim.lsp.codelens.get(bufnr) > 0 then
    return true
  end
  local size = api.nvim_buf_get_offset(bufnr, api.nvim_buf_line_count(bufnr))
  if size > MAX_BYTES then
    return false
  end
  for _, line in ipairs(api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    if line:find(MARKER, 1, true) then
      return true
    end
  end
  return false
end

--- Sends the lens request (or marks it due again when one is out) and shows the answer.
---@param bufnr integer
local function request(bufnr)
  if in_flight[bufnr] then
    asked_again[bufnr] = true
    return
  end
  local client = vim.lsp.get_clients({ bufnr = bufnr, name = 'autofix' })[1]
  if not client or client:is_stopped() then
    return
  end
  local params = { textDocument = vim.lsp.util.make_text_document_params(bufnr) }
  last_token = last_token + 1
  local token = last_token
  in_flight[bufnr] = token
  --- The request is over (answered, or given up on): the next one may go.
  local function done()
    if in_flight[bufnr] ~= token then
      return false
    end
    in_flight[bufnr] = nil
    if asked_again[bufnr] then
      asked_again[bufnr] = nil
      if api.nvim_buf_is_loaded(bufnr) then
        request(bufnr)
      end
    end
    return true
  end
  local sent = client:request('textDocument/codeLens', params, function(err, result, ctx)
    -- An answer to a request given up on, or sent before the buffer was reloaded, is stale.
    if in_flight[bufnr] ~= token then
      return
    end
    if api.nvim_buf_is_loaded(bufnr) and not client:is_stopped() then
      vim.lsp.codelens.on_codelens(err, result, ctx)
    end
    done()
  end, bufnr)
  if not sent then
    in_flight[bufnr] = nil
    return
  end
  -- A server that never answers must not stop the lenses for good.
  vim.defer_fn(done, M.answer_timeout_ms)
end

--- Asks the server for the buffer's lenses now, if it is worth it.
---@param bufnr integer
function M.refresh_now(bufnr)
  if not api.nvim_buf_is_loaded(bufnr) or #vim.lsp.get_clients({ bufnr = bufnr, name = 'autofix' }) == 0 then
    return
  end
  if wants_lenses(bufnr) then
    request(bufnr)
  end
end

--- Asks for the buffer's lenses again where some are shown already (after a command ran: the
--- lens that ran it was cleared, and its diff may no longer apply). A code action must not turn
--- lenses on where the user has none.
---@param bufnr integer
function M.refresh_shown(bufnr)
  if api.nvim_buf_is_loaded(bufnr) and #vim.lsp.codelens.get(bufnr) > 0 then
    M.refresh_now(bufnr)
  end
end

--- Asks again once edits pause.
---@param bufnr integer
function M.refresh_soon(bufnr)
  local timer = timers[bufnr]
  if timer then
    timer:stop()
  else
    timer = assert(vim.uv.new_timer())
    timers[bufnr] = timer
  end
  timer:start(M.debounce_ms, 0, vim.schedule_wrap(function()
    M.refresh_now(bufnr)
  end))
end

--- Every followed buffer, now: the server said a diff's target changed.
function M.refresh_all()
  for bufnr in pairs(followed) do
    M.refresh_now(bufnr)
  end
end

--- Stops following a buffer (the client detached from it, or it was unloaded).
local function forget(bufnr)
  if not followed[bufnr] then
    return
  end
  pcall(api.nvim_del_augroup_by_name, 'autofix.lenses.' .. bufnr)
  followed[bufnr] = nil
  in_flight[bufnr], asked_again[bufnr] = nil, nil
  local timer = timers[bufnr]
  if timer then
    timer:stop()
    timer:close()
    timers[bufnr] = nil
  end
end

--- Follows a buffer the autofix client attached to.
---@param bufnr integer
function M.follow(bufnr)
  if followed[bufnr] then
    return
  end
  followed[bufnr] = true
  local group = api.nvim_create_augroup('autofix.lenses.' .. bufnr, { clear = true })
  api.nvim_create_autocmd('BufEnter', {
    group = group,
    buffer = bufnr,
    callback = function()
      M.refresh_now(bufnr)
    end,
  })
  api.nvim_create_autocmd({ 'TextChanged', 'InsertLeave' }, {
    group = group,
    buffer = bufnr,
    callback = function()
      M.refresh_soon(bufnr)
    end,
  })
  M.refresh_now(bufnr)
end

local defined = false

--- Follows each buffer of the autofix client (once).
function M.define()
  if defined then
    return
  end
  defined = true
  require('autofix.util').follow_autofix_buffers('autofix.lenses', require('autofix.l10n').t('desc.au_lenses'), function(buf)
    if require('autofix').options.codelens ~= false then
      M.follow(buf)
    end
  end, forget)
end

return M
