-- Project root detection for the autofix language server.
local M = {}

M.default_markers = { { '.agents/autofix.json', 'autofix.json', '.rules/autofix.json' }, '.git' }

local function exists(path)
  return vim.uv.fs_stat(path) ~= nil
end

--- The root for `path` (a file or directory): walking up from it, the first directory holding a
--- marker of the first group that matches anywhere above, then of the next group, ... A marker
--- with a slash (`.agents/autofix.json`) names the directory that holds the slash path, not the
--- `.agents` directory, so `.agents/autofix.json` itself belongs to the project above it.
---@param path string
---@param markers? (string|string[])[]
---@return string?
function M.find(path, markers)
  markers = markers or M.default_markers
  path = vim.fs.normalize(vim.fn.fnamemodify(path, ':p'))
  local start = path
  if vim.fn.isdirectory(path) == 0 then
    start = vim.fs.dirname(path)
  end
  local dirs = { start }
  for dir in vim.fs.parents(start) do
    dirs[#dirs + 1] = dir
  end
  for _, group in ipairs(markers) do
    group = type(group) == 'table' and group or { group }
    for _, dir in ipairs(dirs) do
      for _, marker in ipairs(group) do
        if exists(dir .. '/' .. marker) then
          -- `/p/.agents` holding `autofix.json` is `/p` holding `.agents/autofix.json`.
          if vim.list_contains(group, vim.fs.basename(dir) .. '/' .. marker) then
            return vim.fs.dirname(dir)
          end
          return dir
        end
      end
    end
  end
  return nil
end

--- `root_dir` for vim.lsp.config: calls `on_dir` with the buffer's project root, or not at all
--- (no attach) for a buffer outside any project.
---@param bufnr integer
---@param on_dir fun(root: string?)
function M.resolve(bufnr, on_dir)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' or name:match('^%a[%w+.-]*://') then
    return
  end
  local config = vim.lsp.config.autofix or {}
  local root = M.find(name, config.root_markers)
  if root then
    on_dir(root)
  end
end

return M
