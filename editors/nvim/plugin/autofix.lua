-- autofix: commands are available as soon as the plugin is on the runtimepath; the language
-- server starts with `vim.lsp.enable('autofix')` or `require('autofix').setup()`.
if vim.g.loaded_autofix or vim.fn.has('nvim-0.11') == 0 then
  return
end
vim.g.loaded_autofix = 1
require('autofix').define()
