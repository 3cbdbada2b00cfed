-- An unmodified buffer of a rules file follows the file on disk.
--
-- Rules files that are not open are the server's business: it watches them (or, as with Neovim
-- on Linux, which offers servers no file watching, polls them every second). But the server
-- reads an *open* rules file from its buffer — what the user sees — so when `autofix learn` in a
-- shell, an agent or a `git pull` rewrites a rules file that is open here, the buffer has to be
-- reloaded for anyone to see the change. 'autoread' does that only on :checktime, which Neovim
-- runs on focus and a few other events; this runs it when the file changes, for the buffers of
-- rules files the autofix client is attached to, and only while they are loaded.
local M = {}

local uv = vim.uv

---@class autofix.DirWatch
---@field handle uv.uv_fs_event_t
---@field paths table<string, integer> file path → buffer

--- Directory → its watcher and the rules-file buffers in it (a directory, not the file: atomic
--- writers rename a new file over the old one).
---@type table<string, autofix.DirWatch>
M.dirs = {}
---@type table<string, uv.uv_timer_t>
local pending = {}

--- Whether `path` is a rules file of an autofix client: any `autofix.json`, or a file the
--- server reported in `autofix/status` (a custom `rulesFile`).
---@param path string
---@return boolean
function M.is_rules_file(path)
  if vim.fs.basename(path) == 'autofix.json' then
    return true
  end
  for _, status in pairs(require('autofix.status').by_client) do
    for _, file in ipairs(status.rulesFiles or {}) do
      if file.path == path then
        return true
      end
    end
  end
  return false
end

local function reload(path)
  local buf = require('autofix.util').find_buf(path)
  if buf and vim.api.nvim_buf_is_loaded(buf) and not vim.bo[buf].modified then
    -- With 'autoread' (the default) an unmodified buffer is reloaded without a question; the
    -- server hears of it as a didChange.
    pcall(vim.cmd.checktime, buf)
    M.track(buf)
  end
end

local function on_change(dir, filename)
  local w = M.dirs[dir]
  if not w then
    return
  end
  for path in pairs(w.paths) do
    if not filename or vim.fs.basename(path) == filename then
      -- Writers truncate, write and rename in steps: wait for the last one.
      local timer = pending[path]
      if not timer then
        timer = assert(uv.new_timer())
        pending[path] = timer
      end
      timer:start(60, 0, function()
        timer:close()
        pending[path] = nil
        vim.schedule(function()
          reload(path)
        end)
      end)
    end
  end
end

--- Follows the buffer's file on disk (no-op if it is not a rules file or already followed).
---@param buf integer
function M.track(buf)
  if not vim.api.nvim_buf_is_valid(buf) or vim.bo[buf].buftype ~= '' then
    return
  end
  local path = vim.api.nvim_buf_get_name(buf)
  if path == '' or not M.is_rules_file(path) then
    return
  end
  local dir = vim.fs.dirname(path)
  local w = M.dirs[dir]
  if not w then
    local handle = uv.new_fs_event()
    if not handle then
      return
    end
    local ok = handle:start(dir, {}, function(err, filename)
      if not err then
        vim.schedule(function()
          on_change(dir, filename)
        end)
      end
    end)
    if not ok then
      handle:close()
      return
    end
    w = { handle = handle, paths = {} }
    M.dirs[dir] = w
  end
  w.paths[path] = buf
end

--- Stops following the buffer's file.
---@param buf integer
function M.untrack(buf)
  for dir, w in pairs(M.dirs) do
    for path, b in pairs(w.paths) do
      if b == buf then
        w.paths[path] = nil
      end
    end
    if next(w.paths) == nil then
      if not w.handle:is_closing() then
        w.handle:close()
      end
      M.dirs[dir] = nil
    end
  end
end

--- Follows every rules-file buffer the client is attached to (after a status names new files).
---@param client_id integer
function M.refresh(client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  for buf in pairs(client and client.attached_buffers or {}) do
    M.track(buf)
  end
end

local defined = false

--- The autocommands that start and stop following buffers (once).
function M.define()
  if defined then
    return
  end
  defined = true
  require('autofix.util').follow_autofix_buffers(
    'autofix.reload',
    require('autofix.l10n').t('desc.au_reload'),
    M.track,
    M.untrack
  )
end

return M
