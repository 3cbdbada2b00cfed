--- A file read without a final newline is written with one ('fixendofline'), yet the buffer
--- keeps 'endofline' off: the text the server has, and its "files end with a newline" finding,
--- would not follow the file on disk until the buffer is read again. After such a write the
--- buffer says what the file now holds, and the server gets the whole text again.
local M = {}

local ENDINGS = { unix = '\n', dos = '\r\n', mac = '\r' }

---@param buf integer
local function written_with_eol(buf)
  local bo = vim.bo[buf]
  if bo.eol or not bo.fixeol or bo.binary then
    return
  end
  local clients = vim.lsp.get_clients({ bufnr = buf, name = 'autofix' })
  if #clients == 0 then
    return
  end
  bo.eol = true
  local ending = ENDINGS[bo.fileformat] or '\n'
  local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), ending) .. ending
  -- Setting 'endofline' moved the changedtick, which is the version Neovim sends next too.
  local version = vim.api.nvim_buf_get_changedtick(buf)
  for _, client in ipairs(clients) do
    client:notify('textDocument/didChange', {
      textDocument = { uri = vim.uri_from_bufnr(buf), version = version },
      contentChanges = { { text = text } },
    })
  end
end

function M.define()
  vim.api.nvim_create_autocmd('BufWritePost', {
    group = vim.api.nvim_create_augroup('autofix.eol', { clear = true }),
    desc = require('autofix.l10n').t('desc.au_eol'),
    callback = function(args)
      written_with_eol(args.buf)
    end,
  })
end

return M
