-- A file read without a final newline: "Files must end with a newline" flags it; Neovim writes it
-- with one ('fixendofline') but keeps the buffer's 'endofline' off, so the plugin tells the server
-- the text on disk and the finding goes away after the write, not at the next reload.
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

H.run(function()
  local root = vim.uv.fs_realpath(vim.fn.tempname()) or vim.fn.tempname()
  vim.fn.mkdir(root, 'p')
  root = vim.uv.fs_realpath(root)
  vim.system({ 'git', 'init', '-q', root }):wait()
  H.write(root .. '/autofix.json', vim.json.encode({
    { Rule_number = 1, Category = 'STYLE', Instruction = 'Files must end with a newline.', Why = 'POSIX.' },
  }))
  H.write(root .. '/app.py', 'def f() -> int:\n    return 1')
  H.setup()
  local buf = H.open(root .. '/app.py')
  H.check(H.wait_diags(buf, function(d) return #d == 1 end), 'the missing final newline is flagged', H.shape(H.diags(buf)))
  H.eq(H.diags(buf)[1].lnum, 0, 'at line 1')
  H.eq(vim.bo[buf].eol, false, "Neovim read the file without 'endofline'")

  vim.cmd('silent write')
  H.eq(H.read(root .. '/app.py'), 'def f() -> int:\n    return 1\n', "written with the final newline ('fixendofline')")
  H.check(H.wait_diags(buf, function(d) return #d == 0 end), 'the finding goes away after the write', H.shape(H.diags(buf)))
  H.eq(vim.bo[buf].modified, false, 'the buffer is not modified by it')

  -- Edits after it are read at the right places: a new last line is still followed by one.
  vim.api.nvim_buf_set_lines(buf, -1, -1, false, { 'x = f()' })
  vim.cmd('silent write')
  H.eq(H.read(root .. '/app.py'), 'def f() -> int:\n    return 1\nx = f()\n', 'the edit written')
  vim.wait(500)
  H.eq(#H.diags(buf), 0, 'still no finding after an edit at the end')
end)
