-- Workspace diagnostics: the violations of files nobody opened, from the server's
-- `workspace/diagnostic` (Neovim 0.11 pulls documents but not the workspace). The request is
-- held by the server until something changes (a file on disk, the rules, the settings), so one
-- request is always pending per client and each answer is followed by the next; results land in
-- the client's diagnostics (unloaded buffers included), for `vim.diagnostic.setqflist()`.
local M = {}

local t = require('autofix.l10n').t

---@class autofix.WorkspaceState
---@field ids table<string, string>  result id of each file the server told us about
---@field reports integer            answers received
---@field failures integer           failed requests in a row
---@field waiting fun()[]            callbacks for the next answer

---@type table<integer, autofix.WorkspaceState>
local states = {}

--- Whether workspace diagnostics are on for a client (the `workspaceDiagnostics` setting).
---@param client vim.lsp.Client
function M.enabled(client)
  local settings = client.settings and client.settings.autofix
  local init = client.config and client.config.init_options and client.config.init_options.autofix
  for _, s in ipairs({ settings, init }) do
    if type(s) == 'table' and s.workspaceDiagnostics ~= nil then
      return s.workspaceDiagnostics ~= false
    end
  end
  return true
end

--- Applies one workspace report item: a full report replaces the file's diagnostics.
---@param client vim.lsp.Client
---@param state autofix.WorkspaceState
---@param item table
local function apply(client, state, item)
  if item.resultId then
    state.ids[item.uri] = item.resultId
  end
  if item.kind ~= 'full' then
    return
  end
  local bufnr = vim.uri_to_bufnr(item.uri)
  -- An open buffer gets its diagnostics pushed; the server leaves it out of the workspace
  -- report, so an item for one is stale (it was closed and opened again meanwhile).
  if vim.api.nvim_buf_is_loaded(bufnr) and #vim.lsp.get_clients({ bufnr = bufnr, id = client.id }) > 0 then
    return
  end
  vim.lsp.diagnostic.on_publish_diagnostics(
    nil,
    { uri = item.uri, diagnostics = item.items or {} },
    { client_id = client.id, method = 'textDocument/publishDiagnostics' }
  )
end

--- Sends the next workspace request of a client, and the one after its answer.
---@param client vim.lsp.Client
local function pull(client)
  local state = states[client.id]
  if not state or client:is_stopped() then
    return
  end
  local previous = {}
  for uri, id in pairs(state.ids) do
    previous[#previous + 1] = { uri = uri, value = id }
  end
  client:request('workspace/diagnostic', { previousResultIds = previous }, function(err, result)
    if states[client.id] ~= state or client:is_stopped() then
      return
    end
    if err then
      state.failures = state.failures + 1
      if state.failures <= 5 then
        vim.defer_fn(function()
          pull(client)
        end, 2000)
      else
        vim.notify(t('workspace.stopped', err.message or vim.inspect(err)), vim.log.levels.WARN)
        states[client.id] = nil
      end
      return
    end
    state.failures = 0
    state.reports = state.reports + 1
    for _, item in ipairs(result and result.items or {}) do
      apply(client, state, item)
    end
    local waiting = state.waiting
    state.waiting = {}
    for _, done in ipairs(waiting) do
      done()
    end
    pull(client)
  end)
end

--- Starts workspace diagnostics for a client (once; nothing when the setting is off).
---@param client vim.lsp.Client
function M.start(client)
  if states[client.id] or not M.enabled(client) then
    return
  end
  states[client.id] = { ids = {}, reports = 0, failures = 0, waiting = {} }
  pull(client)
end

--- Forgets a client (it stopped).
---@param client_id integer
function M.stop(client_id)
  states[client_id] = nil
end

--- True once the first workspace report of the client arrived.
---@param client vim.lsp.Client
function M.ready(client)
  local state = states[client.id]
  return state ~= nil and state.reports > 0
end

--- Runs `done` once the client's first workspace report is in (at once when it is).
---@param client vim.lsp.Client
---@param done fun()
function M.when_ready(client, done)
  local state = states[client.id]
  if not state or state.reports > 0 then
    done()
    return
  end
  table.insert(state.waiting, done)
end

--- The quickfix list of every autofix diagnostic of the workspace, open files or not.
---@param client vim.lsp.Client
---@param opts? {open?: boolean}
function M.setqflist(client, opts)
  opts = opts or {}
  vim.diagnostic.setqflist({
    namespace = vim.lsp.diagnostic.get_namespace(client.id),
    title = t('workspace.qf_title'),
    open = opts.open ~= false,
  })
end

return M
