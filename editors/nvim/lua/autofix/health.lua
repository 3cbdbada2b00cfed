-- :checkhealth autofix
local M = {}

local health = vim.health

--- The buffer the user was in before :checkhealth opened its own.
local function user_buffer()
  local candidates = {}
  local prev_tab = vim.fn.tabpagenr('#')
  if prev_tab > 0 then
    local tab = vim.api.nvim_list_tabpages()[prev_tab]
    if tab then
      candidates[#candidates + 1] = vim.api.nvim_win_get_buf(vim.api.nvim_tabpage_get_win(tab))
    end
  end
  local prev_win = vim.fn.win_getid(vim.fn.winnr('#'))
  if prev_win ~= 0 then
    candidates[#candidates + 1] = vim.api.nvim_win_get_buf(prev_win)
  end
  candidates[#candidates + 1] = vim.fn.bufnr('#')
  candidates[#candidates + 1] = vim.api.nvim_get_current_buf()
  for _, buf in ipairs(candidates) do
    if buf > 0 and vim.api.nvim_buf_is_valid(buf) and vim.bo[buf].buftype == '' and vim.api.nvim_buf_get_name(buf) ~= '' then
      return buf
    end
  end
  return nil
end

local ORIGIN = {
  cmd = 'set by the `cmd` option',
  path = 'found on PATH',
  downloaded = 'downloaded by :AutofixInstallServer',
}

--- Where the server command comes from: explicit `cmd` > `autofix` on PATH > downloaded.
---@param cmd string[]
---@param exe string the program cmd[1] resolves to
---@return 'cmd'|'path'|'downloaded'
local function server_origin(cmd, exe)
  if vim.fs.normalize(exe) == vim.fs.normalize(require('autofix.install').bin_path()) then
    return 'downloaded'
  elseif cmd[1] == 'autofix' then
    return 'path'
  end
  return 'cmd'
end

--- What to do when no server is found; the download only where a release build exists.
local function install_advice()
  local install = require('autofix.install')
  local target, no_build = install.target()
  local download = target
      and (':AutofixInstallServer downloads the release build for %s (checksum verified) to %s'):format(target, vim.fn.fnamemodify(install.bin_path(), ':~'))
    or no_build
  return {
    download,
    'Or build it: `cargo install --path .` in a clone of the autofix repository puts `autofix` on PATH',
    "Or point to a server you built: require('autofix').setup({ cmd = '/path/to/autofix' })",
  }
end

--- A downloaded server that something else overrides is worth knowing about (an old one, say).
local function mention_unused_download(origin)
  local downloaded = require('autofix.install').installed()
  if downloaded and origin ~= 'downloaded' then
    local winner = origin == 'path' and '`autofix` on PATH' or 'the `cmd` option'
    health.info(('a server downloaded by :AutofixInstallServer is at %s, unused: %s comes first'):format(vim.fn.fnamemodify(downloaded, ':~'), winner))
  end
end

---@param cmd any the resolved config's `cmd`
local function check_server(cmd)
  if type(cmd) == 'function' then
    health.info('cmd is a function (custom transport); not checked')
    return
  elseif type(cmd) ~= 'table' or type(cmd[1]) ~= 'string' then
    health.error('config.cmd is not set')
    return
  end
  local exe = vim.fn.exepath(cmd[1])
  if exe == '' then
    health.error(('server `%s` not found or not executable'):format(cmd[1]), install_advice())
    return
  end
  local origin = server_origin(cmd, exe)
  local ok, res = pcall(function()
    return vim.system({ exe, '--version' }, { text = true }):wait(5000)
  end)
  if ok and res.code == 0 then
    health.ok(('server: %s (%s), %s'):format(exe, vim.trim(res.stdout or ''), ORIGIN[origin]))
  else
    health.error(('`%s --version` failed: %s'):format(exe, ok and vim.trim((res.stderr or '') .. ' exit ' .. tostring(res.code)) or tostring(res)))
  end
  health.info('command: ' .. table.concat(cmd, ' '))
  mention_unused_download(origin)
end

function M.check()
  health.start('autofix: Neovim')
  local v = vim.version()
  if vim.fn.has('nvim-0.11') == 1 then
    health.ok(('Neovim %d.%d.%d (>= 0.11)'):format(v.major, v.minor, v.patch))
  else
    health.error(('Neovim %d.%d.%d: autofix needs 0.11 or newer (vim.lsp.config / vim.lsp.enable)'):format(v.major, v.minor, v.patch))
    return
  end

  health.start('autofix: language server')
  local config = vim.lsp.config.autofix
  if not config then
    health.error('no `autofix` LSP config: put editors/nvim on the runtimepath (it provides lsp/autofix.lua)')
    return
  end
  check_server(config.cmd)
  if vim.lsp.is_enabled('autofix') then
    health.ok("enabled (vim.lsp.enable('autofix'))")
  else
    health.warn("not enabled", { "Call vim.lsp.enable('autofix') or require('autofix').setup()" })
  end

  health.start('autofix: current buffer')
  local buf = user_buffer()
  local client
  if not buf then
    health.info('no file buffer to check')
  else
    local name = vim.api.nvim_buf_get_name(buf)
    health.info('buffer: ' .. vim.fn.fnamemodify(name, ':~:.'))
    client = vim.lsp.get_clients({ bufnr = buf, name = 'autofix' })[1]
    if client then
      health.ok(('client %d attached (root %s, position encoding %s)'):format(
        client.id,
        client.root_dir and vim.fn.fnamemodify(client.root_dir, ':~') or 'none',
        client.offset_encoding
      ))
    else
      local root = require('autofix.root').find(name, config.root_markers)
      health.warn('no autofix client attached to this buffer', {
        root and ('project root would be ' .. root) or 'no project root: none of .agents/autofix.json, autofix.json, .rules/autofix.json, .git above this file',
        'See :checkhealth vim.lsp and the log (:lua vim.cmd.edit(vim.lsp.log.get_filename()))',
      })
    end
    local status = client and require('autofix.status').by_client[client.id]
    if status then
      if #(status.rulesFiles or {}) == 0 then
        health.warn('no rules file in this project', { 'Learn a rule with :AutofixLearn: it creates .agents/autofix.json' })
      end
      for _, f in ipairs(status.rulesFiles or {}) do
        local path = vim.fn.fnamemodify(f.path, ':~:.')
        if f.broken then
          health.error(('rules file %s is broken: %s'):format(path, f.error ~= vim.NIL and tostring(f.error) or '?'),
            { 'The last good rules stay in force; open the file to see the problems' })
        else
          health.ok(('rules file %s: %d active rule%s'):format(path, f.rules or 0, f.rules == 1 and '' or 's'))
        end
      end
    else
      local root = require('autofix.root').find(name, { { '.agents/autofix.json', 'autofix.json', '.rules/autofix.json' } })
      if root then
        for _, rel in ipairs({ '.agents/autofix.json', 'autofix.json', '.rules/autofix.json' }) do
          if vim.uv.fs_stat(root .. '/' .. rel) then
            health.ok('rules file found: ' .. vim.fn.fnamemodify(root .. '/' .. rel, ':~:.'))
            break
          end
        end
      else
        health.warn('no rules file found above this buffer', { 'Learn a rule with :AutofixLearn: it creates .agents/autofix.json' })
      end
    end
  end

  health.start('autofix: approval of edits')
  local handler = config.handlers and config.handlers['workspace/applyEdit']
  local active = client and client.handlers and client.handlers['workspace/applyEdit']
  if handler and (not client or active == handler) then
    health.ok('workspace/applyEdit handler installed for the autofix client')
  elseif handler then
    health.warn('the running client uses another workspace/applyEdit handler than the config')
  else
    health.error('no workspace/applyEdit handler: edits would be applied without asking', {
      "Do not override handlers['workspace/applyEdit'] in vim.lsp.config('autofix', ...)",
    })
  end
  local we = client and vim.tbl_get(client.capabilities, 'workspace', 'workspaceEdit')
    or vim.tbl_get(config, 'capabilities', 'workspace', 'workspaceEdit')
  if we and we.documentChanges and we.changeAnnotationSupport then
    health.ok('advertises versioned documentChanges and change annotations (stale edits refused, approvals shown)')
  else
    health.warn('versioned documentChanges / change annotations not advertised: the server cannot ask for approval')
  end
  local approve = require('autofix').options.approve
  if approve == false then
    health.warn('approve = false: edits that need confirmation are applied without asking')
  elseif type(approve) == 'function' then
    health.ok('approve: custom function')
  else
    health.ok('approve = true: the diff is shown and vim.ui.select asks Accept / Reject')
  end
  health.info(('autosave = %s'):format(tostring(require('autofix').options.autosave ~= false)))

  health.start("autofix: exporting the rules to the agents' files")
  local settings = (client and vim.tbl_get(client.settings or {}, 'autofix'))
    or vim.tbl_get(config, 'settings', 'autofix')
    or require('autofix').options.settings
    or {}
  if settings.exportOnChange == true then
    health.ok('export_on_change: the rules are exported to AGENTS.md, CLAUDE.md, … (the files the project has) whenever they change, without asking')
  else
    health.info('export_on_change is off: export with :AutofixExport (setup({ export_on_change = true }) keeps the agent files current)')
  end
  local root = client and client.root_dir
  if root then
    local found = {}
    for _, marker in ipairs({ 'AGENTS.md', 'CLAUDE.md', '.claude', '.cursor', '.cursorrules', '.github/copilot-instructions.md',
      '.github/instructions', '.clinerules', '.roo', '.roorules', '.windsurf', '.windsurfrules', 'GEMINI.md', '.gemini', '.continue', '.kiro' }) do
      if vim.uv.fs_stat(root .. '/' .. marker) then
        found[#found + 1] = marker
      end
    end
    if #found > 0 then
      health.info('agent files in the project: ' .. table.concat(found, ', '))
    else
      health.info('no agent files in the project yet: name the agents, e.g. :AutofixExport agents claude')
    end
  end

  health.start('autofix: rules files changed elsewhere')
  local watched = client and vim.tbl_get(client.capabilities, 'workspace', 'didChangeWatchedFiles', 'dynamicRegistration')
  if not client then
    health.info('no client attached: nothing to report')
  elseif watched then
    health.ok('Neovim watches the rules files for the server (didChangeWatchedFiles)')
  else
    health.ok('the server polls the rules files every second (Neovim offers it no file watching here)')
  end
  health.info('an unmodified buffer of a rules file is reloaded when the file changes on disk')
end

return M
