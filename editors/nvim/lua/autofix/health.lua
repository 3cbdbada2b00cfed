-- :checkhealth autofix
local M = {}

local health = vim.health
local l10n = require('autofix.l10n')
local t, tn = l10n.t, l10n.tn

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

--- How the server command came to be, in words.
local function origin_text(origin)
  if origin == 'downloaded' then
    return t('health.origin_downloaded')
  elseif origin == 'path' then
    return t('health.origin_path')
  end
  return t('health.origin_cmd')
end

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
  local download = target and t('health.advice_download', target, vim.fn.fnamemodify(install.bin_path(), ':~')) or no_build
  return { download, t('health.advice_build'), t('health.advice_cmd') }
end

--- A downloaded server that something else overrides is worth knowing about (an old one, say).
local function mention_unused_download(origin)
  local downloaded = require('autofix.install').installed()
  if downloaded and origin ~= 'downloaded' then
    local winner = origin == 'path' and t('health.winner_path') or t('health.winner_cmd')
    health.info(t('health.unused_download', vim.fn.fnamemodify(downloaded, ':~'), winner))
  end
end

---@param cmd any the resolved config's `cmd`
local function check_server(cmd)
  if type(cmd) == 'function' then
    health.info(t('health.cmd_function'))
    return
  elseif type(cmd) ~= 'table' or type(cmd[1]) ~= 'string' then
    health.error(t('health.cmd_unset'))
    return
  end
  local exe = vim.fn.exepath(cmd[1])
  if exe == '' then
    health.error(t('health.server_missing', cmd[1]), install_advice())
    return
  end
  local origin = server_origin(cmd, exe)
  local ok, res = pcall(function()
    return vim.system({ exe, '--version' }, { text = true }):wait(5000)
  end)
  if ok and res.code == 0 then
    health.ok(t('health.server', exe, vim.trim(res.stdout or ''), origin_text(origin)))
  else
    local why = ok and vim.trim(t('health.exit_code', res.stderr or '', tostring(res.code))) or tostring(res)
    health.error(t('health.version_failed', exe, why))
  end
  health.info(t('health.command', table.concat(cmd, ' ')))
  mention_unused_download(origin)
end

function M.check()
  health.start('autofix: Neovim')
  local v = vim.version()
  if vim.fn.has('nvim-0.11') == 1 then
    health.ok(t('health.nvim_ok', v.major, v.minor, v.patch))
  else
    health.error(t('health.nvim_old', v.major, v.minor, v.patch))
    return
  end
  local lang, source = l10n.detect()
  if source == 'option' then
    source = t('health.lang_option', lang)
  elseif source == 'v:lang' then
    source = 'v:lang ' .. vim.v.lang
  elseif source:find('^%$') then
    source = source .. ' ' .. (vim.env[source:sub(2)] or '')
  else
    source = t('health.lang_default')
  end
  health.info(t('health.lang', lang, source))

  health.start(t('health.section_server'))
  local config = vim.lsp.config.autofix
  if not config then
    health.error(t('health.no_config'))
    return
  end
  check_server(config.cmd)
  if vim.lsp.is_enabled('autofix') then
    health.ok(t('health.enabled'))
  else
    health.warn(t('health.not_enabled'), { t('health.enable_advice') })
  end

  health.start(t('health.section_buffer'))
  local buf = user_buffer()
  local client
  if not buf then
    health.info(t('health.no_buffer'))
  else
    local name = vim.api.nvim_buf_get_name(buf)
    health.info(t('health.buffer', vim.fn.fnamemodify(name, ':~:.')))
    client = vim.lsp.get_clients({ bufnr = buf, name = 'autofix' })[1]
    if client then
      local root = client.root_dir and vim.fn.fnamemodify(client.root_dir, ':~') or t('health.no_root_dir')
      health.ok(t('health.client', client.id, root, client.offset_encoding))
    else
      local root = require('autofix.root').find(name, config.root_markers)
      health.warn(t('health.no_client'), {
        root and t('health.root_would_be', root) or t('health.no_root'),
        t('health.see_log'),
      })
    end
    local status = client and require('autofix.status').by_client[client.id]
    if status then
      if #(status.rulesFiles or {}) == 0 then
        health.warn(t('health.no_rules_file'), { t('health.learn_advice') })
      end
      for _, f in ipairs(status.rulesFiles or {}) do
        local path = vim.fn.fnamemodify(f.path, ':~:.')
        if f.broken then
          health.error(t('health.rules_broken', path, f.error ~= vim.NIL and tostring(f.error) or '?'), { t('health.rules_broken_advice') })
        else
          local n = f.rules or 0
          health.ok(tn('health.rules_file', n, path, n))
        end
      end
    else
      local root = require('autofix.root').find(name, { { '.agents/autofix.json', 'autofix.json', '.rules/autofix.json' } })
      if root then
        for _, rel in ipairs({ '.agents/autofix.json', 'autofix.json', '.rules/autofix.json' }) do
          if vim.uv.fs_stat(root .. '/' .. rel) then
            health.ok(t('health.rules_found', vim.fn.fnamemodify(root .. '/' .. rel, ':~:.')))
            break
          end
        end
      else
        health.warn(t('health.no_rules_above'), { t('health.learn_advice') })
      end
    end
  end

  health.start(t('health.section_approval'))
  local handler = config.handlers and config.handlers['workspace/applyEdit']
  local active = client and client.handlers and client.handlers['workspace/applyEdit']
  if handler and (not client or active == handler) then
    health.ok(t('health.handler_ok'))
  elseif handler then
    health.warn(t('health.handler_other'))
  else
    health.error(t('health.no_handler'), { t('health.handler_advice') })
  end
  local we = client and vim.tbl_get(client.capabilities, 'workspace', 'workspaceEdit')
    or vim.tbl_get(config, 'capabilities', 'workspace', 'workspaceEdit')
  if we and we.documentChanges and we.changeAnnotationSupport then
    health.ok(t('health.caps_ok'))
  else
    health.warn(t('health.caps_missing'))
  end
  local approve = require('autofix').options.approve
  if approve == false then
    health.warn(t('health.approve_false'))
  elseif type(approve) == 'function' then
    health.ok(t('health.approve_function'))
  elseif approve == 'select' then
    health.ok(t('health.approve_select'))
  else
    health.ok(t('health.approve_review'))
  end
  health.info(('autosave = %s'):format(tostring(require('autofix').options.autosave ~= false)))

  health.start(t('health.section_export'))
  local settings = (client and vim.tbl_get(client.settings or {}, 'autofix'))
    or vim.tbl_get(config, 'settings', 'autofix')
    or require('autofix').options.settings
    or {}
  if settings.exportOnChange == true then
    health.ok(t('health.export_on'))
  else
    health.info(t('health.export_off'))
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
      health.info(t('health.agent_files', table.concat(found, ', ')))
    else
      health.info(t('health.no_agent_files'))
    end
  end

  health.start(t('health.section_elsewhere'))
  local watched = client and vim.tbl_get(client.capabilities, 'workspace', 'didChangeWatchedFiles', 'dynamicRegistration')
  if not client then
    health.info(t('health.no_client_nothing'))
  elseif watched then
    health.ok(t('health.watched'))
  else
    health.ok(t('health.polled'))
  end
  health.info(t('health.reloaded'))
end

return M
