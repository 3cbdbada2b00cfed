-- autofix for Neovim >= 0.11: the `autofix lsp` language server, approval of the edits it
-- proposes, and commands to learn rules, apply SEARCH/REPLACE diffs and list the rules.
--
--   require('autofix').setup({ ... })   -- optional; `vim.lsp.enable('autofix')` alone works too
local M = {}

local l10n = require('autofix.l10n')
local t = l10n.t

M.name = 'autofix'

---@class autofix.Options
---@field cmd? string|string[]|fun(...):vim.lsp.rpc.PublicClient  server command; a string is the binary path (`lsp` is appended); default: `autofix` on PATH, else the server :AutofixInstallServer downloaded
---@field settings? table       server settings: rulesFile, fuzzyThreshold, bufferLines, inferredChecks, severityOverrides, debounceMs, logLevel, exportOnChange, workspaceDiagnostics, workspaceDiagnosticsMaxFiles
---@field export_on_change? boolean  export the rules to the agents' files (AGENTS.md, …) whenever they change (the `exportOnChange` setting)
---@field workspace_diagnostics? boolean  diagnostics of files nobody opened, for :AutofixWorkspace (the `workspaceDiagnostics` setting; default on)
---@field approve? boolean|'select'|fun(request: autofix.ApprovalRequest, done: fun(accepted: boolean)): boolean?
---@field autosave? boolean     write files an approved edit changed when they had no unsaved changes before
---@field keymaps? false|{learn?: string, apply_diff?: string, rules?: string, export?: string}
---@field enable? boolean       call vim.lsp.enable('autofix') from setup()
---@field codelens? boolean     keep the code lenses of buffers holding diffs fresh (default true)
---@field lang? 'en'|'es'       the language of the plugin's texts (and the `locale` sent to the server); default: from v:lang, else $LC_ALL / $LC_MESSAGES / $LANG
M.defaults = {
  cmd = nil,
  settings = nil,
  approve = true,
  autosave = true,
  export_on_change = nil,
  workspace_diagnostics = nil,
  keymaps = false,
  enable = true,
  codelens = true,
  lang = nil,
}

---@type autofix.Options
M.options = vim.deepcopy(M.defaults)

local function normalize_cmd(cmd)
  if type(cmd) == 'string' then
    return { cmd, 'lsp' }
  end
  return cmd
end

local function set_keymaps(keys)
  if type(keys) ~= 'table' then
    return
  end
  if keys.learn then
    vim.keymap.set('n', keys.learn, '<Cmd>AutofixLearn<CR>', { desc = t('desc.key_learn') })
    vim.keymap.set('x', keys.learn, ':AutofixLearn<CR>', { desc = t('desc.key_learn_selection'), silent = true })
  end
  if keys.apply_diff then
    vim.keymap.set('n', keys.apply_diff, '<Cmd>AutofixApplyDiff<CR>', { desc = t('desc.key_apply_diff') })
  end
  if keys.rules then
    vim.keymap.set('n', keys.rules, '<Cmd>AutofixRules<CR>', { desc = t('desc.key_rules') })
  end
  if keys.export then
    vim.keymap.set('n', keys.export, '<Cmd>AutofixExport<CR>', { desc = t('desc.key_export') })
  end
end

--- Configures the plugin and (unless `enable = false`) enables the language server.
---@param opts? autofix.Options
function M.setup(opts)
  opts = opts or {}
  vim.validate('opts.approve', opts.approve, function(v)
    return v == nil or type(v) == 'boolean' or type(v) == 'function' or v == 'select'
  end, "true, false, 'select' or a function")
  vim.validate('opts.settings', opts.settings, 'table', true)
  vim.validate('opts.export_on_change', opts.export_on_change, 'boolean', true)
  vim.validate('opts.workspace_diagnostics', opts.workspace_diagnostics, 'boolean', true)
  vim.validate('opts.codelens', opts.codelens, 'boolean', true)
  vim.validate('opts.lang', opts.lang, function(v)
    return v == nil or vim.list_contains(l10n.LANGS, v)
  end, "'en' or 'es'")
  l10n.set(opts.lang)
  opts = vim.deepcopy(opts)
  if opts.export_on_change ~= nil then
    opts.settings = vim.tbl_extend('force', opts.settings or {}, { exportOnChange = opts.export_on_change })
  end
  if opts.workspace_diagnostics ~= nil then
    opts.settings = vim.tbl_extend('force', opts.settings or {}, { workspaceDiagnostics = opts.workspace_diagnostics })
  end
  M.options = vim.tbl_extend('force', vim.deepcopy(M.defaults), opts)
  if opts.watch_rules ~= nil then
    vim.notify_once('autofix: ' .. t('setup.watch_rules_gone'), vim.log.levels.WARN)
  end

  local config = {}
  if opts.cmd then
    config.cmd = normalize_cmd(opts.cmd)
  end
  if opts.settings and next(opts.settings) then
    config.init_options = { autofix = opts.settings }
    config.settings = { autofix = opts.settings }
  end
  if next(config) then
    vim.lsp.config(M.name, config)
  end

  M.define()
  set_keymaps(M.options.keymaps)

  if M.options.enable ~= false then
    vim.lsp.enable(M.name)
  end
end

--- Buffers whose filetype Neovim does not know never fire `FileType`, so `vim.lsp.enable` never
--- considers them; start (or reuse) the autofix client for them too, as "all filetypes" means.
---@param bufnr integer
function M.attach_untyped(bufnr)
  if not vim.api.nvim_buf_is_valid(bufnr) or vim.bo[bufnr].buftype ~= '' or vim.bo[bufnr].filetype ~= '' then
    return
  end
  if not vim.lsp.is_enabled(M.name) or #vim.lsp.get_clients({ bufnr = bufnr, name = M.name }) > 0 then
    return
  end
  local config = vim.lsp.config[M.name]
  if not config or (config.filetypes and not vim.list_contains(config.filetypes, '')) then
    return
  end
  config = vim.deepcopy(config)
  local function start(root)
    config.root_dir = root
    vim.lsp.start(config, { bufnr = bufnr, reuse_client = config.reuse_client, _root_markers = config.root_markers })
  end
  if type(config.root_dir) == 'function' then
    config.root_dir(bufnr, function(root)
      vim.schedule(function()
        if vim.api.nvim_buf_is_valid(bufnr) then
          start(root)
        end
      end)
    end)
  else
    start(config.root_dir)
  end
end

local defined = false

--- User commands and autocommands (once); also run from plugin/autofix.lua.
function M.define()
  require('autofix.commands').define()
  require('autofix.reload').define()
  require('autofix.lenses').define()
  require('autofix.eol').define()
  if defined then
    return
  end
  defined = true
  vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
    group = vim.api.nvim_create_augroup('autofix.untyped', { clear = true }),
    desc = t('desc.au_untyped'),
    callback = function(args)
      -- After filetype detection and modelines have had their say.
      vim.schedule(function()
        M.attach_untyped(args.buf)
      end)
    end,
  })
end

--- The autofix client of a buffer (default: the current one); with one client running, that one.
---@param bufnr? integer
---@return vim.lsp.Client?
function M.client(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local attached = vim.lsp.get_clients({ bufnr = bufnr, name = M.name })
  if attached[1] then
    return attached[1]
  end
  local all = vim.lsp.get_clients({ name = M.name })
  if #all == 1 then
    return all[1]
  end
  return nil
end

--- Changes server settings at run time (merged into the current ones) and tells every
--- running autofix server through `workspace/didChangeConfiguration`.
---@param settings table e.g. { severityOverrides = { ['5'] = 'error' } }
function M.update_settings(settings)
  M.options.settings = vim.tbl_deep_extend('force', M.options.settings or {}, settings)
  vim.lsp.config(M.name, { settings = { autofix = M.options.settings } })
  for _, client in ipairs(vim.lsp.get_clients({ name = M.name })) do
    client.settings = vim.tbl_deep_extend('force', client.settings or {}, { autofix = M.options.settings })
    client:notify('workspace/didChangeConfiguration', { settings = client.settings })
    require('autofix.workspace').start(client)
  end
end

--- The last `autofix/status` of the buffer's server: { rules, broken, rulesFiles = {...} }.
---@param bufnr? integer
function M.status(bufnr)
  return require('autofix.status').get(bufnr)
end

--- A short status for a statusline: `autofix: 12 rules`, `autofix: rules broken`, or ''.
---@param bufnr? integer
---@return string
function M.statusline(bufnr)
  return require('autofix.status').statusline(bufnr)
end

return M
