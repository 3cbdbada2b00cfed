-- autofix language server configuration for Neovim >= 0.11 (`:h lsp-config`).
--
-- With `editors/nvim` on the 'runtimepath', `vim.lsp.enable('autofix')` starts `autofix lsp` for
-- every buffer of a project (no `filetypes`: Neovim then attaches to all filetypes). Override any
-- field with `vim.lsp.config('autofix', { ... })` or `require('autofix').setup{ ... }`.

---@type vim.lsp.Config
return {
  -- `autofix` from PATH, else the server :AutofixInstallServer downloaded (see
  -- lua/autofix/install.lua); an explicit `cmd` from setup() or vim.lsp.config() overrides both.
  cmd = require('autofix.install').default_cmd(),

  -- The rules files first (the nearest directory holding any of them is the root), then `.git`.
  -- Neovim's own root detection would take `.agents/autofix.json`'s directory (`.agents`) as the
  -- root, so `root_dir` below resolves these markers to the directory that holds them.
  root_markers = { { '.agents/autofix.json', 'autofix.json', '.rules/autofix.json' }, '.git' },
  root_dir = function(bufnr, on_dir)
    require('autofix.root').resolve(bufnr, on_dir)
  end,

  -- `filetypes` is deliberately unset: all filetypes.

  -- Neovim 0.11 does not advertise versioned `documentChanges` nor change annotations; the
  -- plugin's `workspace/applyEdit` handler below understands both, so ask the server for them:
  -- stale edits are then refused and edits that need approval are shown first.
  capabilities = {
    -- The plugin shows the reply of every autofix command itself (reports, reviews) and the
    -- autofix/status notification (statusline, notifications), so the server need not repeat them
    -- as messages, as it does for clients that drop command replies or know no autofix/status.
    experimental = { autofixCommandResults = true, autofixStatus = true },
    workspace = {
      -- Honoured by the plugin (lua/autofix/lenses.lua), not by Neovim 0.11 itself.
      codeLens = { refreshSupport = true },
      workspaceEdit = {
        documentChanges = true,
        resourceOperations = { 'create', 'rename', 'delete' },
        failureHandling = 'abort',
        changeAnnotationSupport = { groupsOnLabel = false },
      },
    },
  },

  handlers = {
    ['workspace/applyEdit'] = function(err, params, ctx)
      return require('autofix.edit').handler(err, params, ctx)
    end,
    -- Server messages ("Learned rule #4 ([CODE]): … — recorded in .agents/autofix.json") as
    -- notifications rather than echoed lines.
    ['window/showMessage'] = function(_, params)
      local levels = { vim.log.levels.ERROR, vim.log.levels.WARN, vim.log.levels.INFO, vim.log.levels.DEBUG }
      local message = tostring(params.message)
      -- Some messages name the tool already (an informing code lens's "autofix: no match …").
      if not message:find('^autofix') then
        message = 'autofix: ' .. message
      end
      require('autofix.commands').hear(message)
      vim.notify(message, levels[params.type] or vim.log.levels.INFO)
      return params
    end,
    ['workspace/codeLens/refresh'] = function()
      require('autofix.lenses').refresh_all()
      return vim.NIL
    end,
    ['autofix/status'] = function(_, params, ctx)
      require('autofix.status').on_status(params, ctx)
    end,
  },

  -- Commands of the server's code actions ("Learn rule: never use `…`", "Apply diff to PATH",
  -- "Export rules to agent files"):
  -- run on the server as usual, but their result is reported (a rejected rule, each block of
  -- a diff) instead of being dropped.
  commands = {
    ['autofix.learnRule'] = function(command, ctx)
      require('autofix.commands').forward(command, ctx)
    end,
    ['autofix.applyDiff'] = function(command, ctx)
      require('autofix.commands').forward(command, ctx)
    end,
    ['autofix.exportRules'] = function(command, ctx)
      require('autofix.commands').forward(command, ctx)
    end,
    ['autofix.fixWorkspace'] = function(command, ctx)
      require('autofix.commands').forward(command, ctx)
    end,
  },

  -- Workspace diagnostics (files nobody opened): one `workspace/diagnostic` request always
  -- pending, which the server answers when something changed (see lua/autofix/workspace.lua).
  on_init = function(client)
    require('autofix.workspace').start(client)
  end,
  on_exit = function(_, _, client_id)
    require('autofix.workspace').stop(client_id)
  end,

  -- Settings given as `settings = { autofix = { ... } }` also go out as initializationOptions,
  -- so the first rules load already uses them. Neovim 0.11 sends no `locale`: the plugin's own
  -- language goes (`setup({ lang = … })`, else v:lang / $LANG, lua/autofix/l10n.lua), so that the
  -- server's messages, titles and drafts speak the language of the plugin's texts.
  before_init = function(params, config)
    if params.initializationOptions == nil and type(config.settings) == 'table' and config.settings.autofix then
      params.initializationOptions = { autofix = config.settings.autofix }
    end
    params.locale = require('autofix.l10n').lang()
  end,
}
