-- Small helpers shared by the modules.
local M = {}

--- `fn` that runs on its first call only (an answer given by a key, a closed tab and a
--- callback must count once).
---@generic T
---@param fn fun(value: T)
---@return fun(value: T)
function M.once(fn)
  local called = false
  return function(value)
    if called then
      return
    end
    called = true
    fn(value)
  end
end

--- Follows the buffers the autofix client attaches to: `attach(buf)` on its `LspAttach`,
--- `detach(buf)` when it detaches or the buffer is unloaded. The autocommands go in a group of
--- their own, `group` (cleared first).
---@param group string
---@param desc string
---@param attach fun(buf: integer)
---@param detach fun(buf: integer)
function M.follow_autofix_buffers(group, desc, attach, detach)
  local id = vim.api.nvim_create_augroup(group, { clear = true })
  local function ours(args)
    local client = vim.lsp.get_client_by_id(args.data.client_id)
    return client ~= nil and client.name == 'autofix'
  end
  vim.api.nvim_create_autocmd('LspAttach', {
    group = id,
    desc = desc,
    callback = function(args)
      if ours(args) then
        attach(args.buf)
      end
    end,
  })
  vim.api.nvim_create_autocmd({ 'LspDetach', 'BufUnload' }, {
    group = id,
    callback = function(args)
      if args.event == 'BufUnload' or ours(args) then
        detach(args.buf)
      end
    end,
  })
end

--- The buffer of a file, if Neovim has one, without creating it.
---@param fname string
---@return integer?
function M.find_buf(fname)
  local want = vim.fs.normalize(fname)
  local real ---@type string?|false
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    local name = vim.api.nvim_buf_get_name(buf)
    if name ~= '' then
      if name == want then
        return buf
      end
      if real == nil then
        real = vim.uv.fs_realpath(want) or false
      end
      if real and vim.uv.fs_realpath(name) == real then
        return buf
      end
    end
  end
  return nil
end

--- `path` relative to `root` when inside it, else shortened for display.
---@param path string
---@param root? string
function M.relpath(path, root)
  if root then
    local rel = vim.fs.relpath(root, path)
    if rel then
      return rel
    end
  end
  return vim.fn.fnamemodify(path, ':~:.')
end

--- The text of a file: from its loaded buffer when there is one, else from disk (nil: missing).
---@param fname string
---@return string?
function M.read(fname)
  local buf = M.find_buf(fname)
  if buf and vim.api.nvim_buf_is_loaded(buf) then
    local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    local eol = (vim.bo[buf].eol or vim.bo[buf].fixeol) and '\n' or ''
    if #lines == 1 and lines[1] == '' and vim.fn.filereadable(fname) == 0 then
      return ''
    end
    return table.concat(lines, '\n') .. eol
  end
  local f = io.open(fname, 'rb')
  if not f then
    return nil
  end
  local text = f:read('*a')
  f:close()
  return (text:gsub('\r\n', '\n'))
end

--- A message cut to one line that fits the command line, so that Neovim never stops at "Press
--- ENTER"; `suffix` is kept whole.
---@param message string
---@param suffix? string
---@return string
function M.fit(message, suffix)
  suffix = suffix or ''
  message = message:gsub('\n.*', '')
  local room = math.max(vim.v.echospace - 1 - vim.fn.strdisplaywidth(suffix), 20)
  if vim.fn.strdisplaywidth(message) > room then
    message = vim.fn.strcharpart(message, 0, room - 1) .. '…'
  end
  return message .. suffix
end

return M
