-- Rules files changed on disk by someone else (an agent running `autofix learn`, a `git pull`):
-- Neovim does not offer `workspace/didChangeWatchedFiles` on Linux, so the server would never
-- hear of them. This watches only the few directories that can hold a project's rules file and
-- tells the server, with the notification it would have got from a watching client.
local M = {}

local uv = vim.uv
local util = require('autofix.util')

local NAMES = { ['autofix.json'] = true, ['.aicockpitcodeignore'] = true }

---@type table<string, uv.uv_fs_event_t>
M.watchers = {}
---@type table<string, uv.uv_timer_t>
local pending = {}
--- Extra file names to care about (custom `rulesFile` settings), by directory.
---@type table<string, table<string, true>>
local extra = {}

local function clients()
  return vim.lsp.get_clients({ name = 'autofix' })
end

local function within(client, path)
  for _, folder in ipairs(client.workspace_folders or {}) do
    local dir = vim.uri_to_fname(folder.uri)
    if vim.fs.relpath(dir, path) then
      return true
    end
  end
  return client.root_dir ~= nil and vim.fs.relpath(client.root_dir, path) ~= nil
end

--- Sends `workspace/didChangeWatchedFiles` for files that changed on disk, to the server that
--- does not see them through an attached buffer.
---@param client? vim.lsp.Client nil: every autofix client whose folders hold the file
---@param paths string[]
---@param reread? boolean the change came from elsewhere: reload unmodified buffers of the files
function M.changed_on_disk(client, paths, reread)
  for _, c in ipairs(client and { client } or clients()) do
    local changes = {}
    for _, path in ipairs(paths) do
      local buf = util.find_buf(path)
      local attached = buf and vim.api.nvim_buf_is_loaded(buf) and vim.lsp.buf_is_attached(buf, c.id)
      if attached and reread and not vim.bo[buf].modified then
        -- The server reads this file from the buffer: bring the buffer up to date ('autoread'
        -- reloads an unmodified buffer without asking), which tells the server.
        pcall(vim.cmd.checktime, buf)
      elseif not attached and within(c, path) then
        changes[#changes + 1] = { uri = vim.uri_from_fname(path), type = uv.fs_stat(path) and 2 or 3 }
      end
    end
    if #changes > 0 and not c:is_stopped() then
      c:notify('workspace/didChangeWatchedFiles', { changes = changes })
    end
  end
end

local function stop_all()
  for dir, w in pairs(M.watchers) do
    if not w:is_closing() then
      w:close()
    end
    M.watchers[dir] = nil
  end
end

local watch

local function on_event(dir, filename)
  if #clients() == 0 then
    stop_all()
    return
  end
  if not filename then
    return
  end
  if filename == '.agents' or filename == '.rules' then
    watch(dir .. '/' .. filename)
    filename = filename .. '/autofix.json'
  elseif not NAMES[filename] and not (extra[dir] and extra[dir][filename]) then
    return
  end
  local path = dir .. '/' .. filename
  -- Editors and tools write in several steps (truncate, write, rename): wait for the last one.
  local timer = pending[path]
  if not timer then
    timer = assert(uv.new_timer())
    pending[path] = timer
  end
  timer:start(60, 0, function()
    timer:close()
    pending[path] = nil
    vim.schedule(function()
      M.changed_on_disk(nil, { path }, true)
    end)
  end)
end

watch = function(dir)
  if M.watchers[dir] or vim.fn.isdirectory(dir) == 0 then
    return
  end
  local w = uv.new_fs_event()
  if not w then
    return
  end
  local ok = w:start(dir, {}, function(err, filename)
    if err then
      return
    end
    vim.schedule(function()
      on_event(dir, filename)
    end)
  end)
  if ok then
    M.watchers[dir] = w
  else
    w:close()
  end
end

--- Watches the directories that hold (or may hold) the client's rules files.
---@param client_id integer
---@param status table the `autofix/status` params
function M.update(client_id, status)
  if require('autofix').options.watch_rules == false then
    return
  end
  local client = vim.lsp.get_client_by_id(client_id)
  if not client then
    return
  end
  local roots = {}
  for _, folder in ipairs(client.workspace_folders or {}) do
    roots[#roots + 1] = vim.uri_to_fname(folder.uri)
  end
  for _, root in ipairs(roots) do
    watch(root)
    watch(root .. '/.agents')
    watch(root .. '/.rules')
  end
  for _, file in ipairs(status.rulesFiles or {}) do
    if type(file.path) == 'string' then
      local dir, name = vim.fs.dirname(file.path), vim.fs.basename(file.path)
      extra[dir] = extra[dir] or {}
      extra[dir][name] = true
      watch(dir)
    end
  end
end

return M
