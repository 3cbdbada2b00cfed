-- Getting the server without building Rust (lua/autofix/install.lua), against fake releases this
-- spec makes from the built server and serves from a `file://` base: with no server at all,
-- :checkhealth says how to get one; :AutofixInstallServer installs the archive (the binary runs,
-- the config and :checkhealth pick it, the buffer opened before gets a client); a wrong checksum
-- is refused with both sums and the earlier binary kept; a missing archive and an unknown
-- platform are clear errors; explicit cmd > PATH > downloaded.
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

local function run(cmd)
  local res = vim.system(cmd, { text = true }):wait()
  assert(res.code == 0, table.concat(cmd, ' ') .. ': ' .. (res.stderr or ''))
  return res.stdout
end

local function sha256(path)
  local cmd = vim.fn.executable('sha256sum') == 1 and { 'sha256sum', path } or { 'shasum', '-a', '256', path }
  return run(cmd):match('^(%x+)')
end

--- A release archive as `scripts/release` makes it: `autofix-<target>/` holding `binary` as
--- `autofix`, README.md and LICENSE, in `dir`, with `<archive>.sha256` beside it (`sum` instead of
--- the real one when given).
local function make_release(dir, target, binary, sum)
  local folder = 'autofix-' .. target
  local stage = vim.fn.tempname()
  vim.fn.mkdir(stage .. '/' .. folder, 'p')
  run({ 'cp', binary, stage .. '/' .. folder .. '/autofix' })
  run({ 'chmod', '755', stage .. '/' .. folder .. '/autofix' })
  run({ 'cp', H.repo .. '/README.md', H.repo .. '/LICENSE', stage .. '/' .. folder .. '/' })
  vim.fn.mkdir(dir, 'p')
  local archive = dir .. '/' .. folder .. '.tar.gz'
  run({ 'sh', '-c', 'tar -cf - -C "$1" "$2" | gzip -1 > "$3"', 'sh', stage, folder, archive })
  vim.fn.delete(stage, 'rf')
  H.write(archive .. '.sha256', ('%s  %s\n'):format(sum or sha256(archive), vim.fs.basename(archive)))
  return archive
end

--- PATH without any folder holding an `autofix`, so that only the download can be found.
local function path_without_autofix()
  local kept = {}
  for _, dir in ipairs(vim.split(vim.env.PATH or '', ':', { trimempty = true })) do
    if vim.fn.executable(dir .. '/autofix') == 0 then
      kept[#kept + 1] = dir
    end
  end
  return table.concat(kept, ':')
end

local function health_report()
  local tabs = vim.fn.tabpagenr('$')
  vim.cmd('silent checkhealth autofix')
  local report = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  -- From an empty buffer :checkhealth reports in that window instead of a new tab.
  vim.cmd(vim.fn.tabpagenr('$') > tabs and 'tabclose' or 'bwipeout')
  return report
end

--- install(opts) through its callback, waited for.
local function install_and_wait(opts)
  local done, result, err = false, nil, nil
  require('autofix.install').install(opts, function(r, e)
    done, result, err = true, r, e
  end)
  H.wait(30000, function() return done end)
  return result, err
end

local function leftovers(root)
  local names = {}
  for name in vim.fs.dir(root) do
    if name ~= 'bin' then
      names[#names + 1] = name
    end
  end
  return names
end

H.run(function()
  vim.env.PATH = path_without_autofix()
  vim.opt.rtp:prepend(H.repo .. '/editors/nvim')
  vim.cmd('filetype on')
  require('autofix').setup({})
  local install = require('autofix.install')
  local bin = install.bin_path()
  local data = vim.fn.stdpath('data') .. '/autofix'
  H.check(vim.startswith(bin, data .. '/bin/'), 'the server goes to stdpath("data")/autofix/bin', bin)

  -- 1. No server anywhere: the config names plain `autofix`; :checkhealth says how to get one.
  H.eq(vim.lsp.config.autofix.cmd, { 'autofix', 'lsp' }, 'with no server, cmd is plain `autofix`')
  local report = health_report()
  H.check(report:find('server `autofix` not found', 1, true) ~= nil, 'checkhealth: no server found', report)
  H.check(report:find(':AutofixInstallServer downloads the release build', 1, true) ~= nil
    and report:find('cargo install --path .', 1, true) ~= nil and report:find("setup({ cmd = '/path/to/autofix' })", 1, true) ~= nil,
    'checkhealth advises :AutofixInstallServer, cargo install and the cmd option', report)

  -- 2. Platforms and URLs.
  H.eq(install.target({ sysname = 'Linux', machine = 'x86_64' }), 'x86_64-unknown-linux-gnu', 'Linux x86_64')
  H.eq(install.target({ sysname = 'Linux', machine = 'aarch64' }), 'aarch64-unknown-linux-gnu', 'Linux aarch64')
  H.eq(install.target({ sysname = 'Darwin', machine = 'arm64' }), 'aarch64-apple-darwin', 'macOS arm64')
  H.eq(install.target({ sysname = 'Darwin', machine = 'x86_64' }), 'x86_64-apple-darwin', 'macOS x86_64')
  H.eq(install.target({ sysname = 'Windows_NT', machine = 'AMD64' }), 'x86_64-pc-windows-msvc', 'Windows amd64')
  H.eq(install.target({ sysname = 'Windows_NT', machine = 'arm64' }), nil, 'no build for Windows arm64')
  local plan = install.plan({ base_url = 'https://example.com/r/', target = 'x86_64-pc-windows-msvc' })
  H.eq(plan and plan.url, 'https://example.com/r/latest/download/autofix-x86_64-pc-windows-msvc.zip', 'latest: /latest/download/<file>, .zip on Windows')
  plan = install.plan({ base_url = 'https://example.com/r', version = '0.1.0', target = 'x86_64-unknown-linux-musl' })
  H.eq(plan and plan.url, 'https://example.com/r/download/v0.1.0/autofix-x86_64-unknown-linux-musl.tar.gz', 'a version: /download/<tag>/<file>')
  H.eq(plan and plan.checksum_url, plan and plan.url .. '.sha256', 'the checksum sits beside the archive')
  H.eq(install.defaults.base_url, 'https://github.com/autofix-dev/autofix/releases', 'the default base_url')

  -- 3. An unknown platform: a clear error, nothing written.
  local real_uname = install.uname
  install.uname = function()
    return { sysname = 'SunOS', machine = 'sparc64' }
  end
  local result, err = install_and_wait({ base_url = 'file:///nonexistent' })
  install.uname = real_uname
  H.check(result == nil and (err or ''):find('no autofix release build for SunOS sparc64', 1, true) ~= nil
    and err:find('cargo install --path .', 1, true) ~= nil and err:find('`cmd`', 1, true) ~= nil,
    'unknown platform: the error names it, cargo install and cmd', err)
  H.check(vim.uv.fs_stat(data) == nil, 'unknown platform: nothing written')

  -- Fake releases of this platform's build.
  local target = assert(install.target(), 'this platform has a release build')
  local releases = vim.fn.tempname()
  make_release(releases .. '/latest/download', target, H.server)
  local fake = vim.fn.tempname()
  H.write(fake, '#!/bin/sh\necho "autofix 6.6.6 (tampered)"\n')
  local wrong_sum = string.rep('0', 64)
  local tampered = make_release(releases .. '/download/v0.0.1', target, fake, wrong_sum)
  install.defaults.base_url = 'file://' .. releases

  -- 4. :AutofixInstallServer with a buffer already open (no server, so no client yet).
  local root = H.demo()
  vim.cmd.edit(root .. '/src/lib/format.ts')
  local buf = vim.api.nvim_get_current_buf()
  H.check(H.client(buf) == nil, 'no client without a server')
  vim.cmd('AutofixInstallServer')
  H.check(H.wait(30000, function() return H.find_message('installed server') ~= nil end), ':AutofixInstallServer reports the install',
    vim.tbl_map(function(m) return m.msg end, H.messages))
  H.check(H.find_message('downloading autofix%-' .. vim.pesc(target) .. '%.tar%.gz %(latest%)') ~= nil, 'it says what it downloads')
  local version = vim.trim(run({ H.server, '--version' })):gsub('^autofix ', '')
  local msg = (H.find_message('installed server') or { msg = '' }).msg
  H.check(msg:find(('installed server %s to '):format(version), 1, true) ~= nil and msg:find('/autofix/bin/autofix', 1, true) ~= nil,
    'the report names the version and the path', msg)
  H.eq(vim.trim(run({ bin, '--version' })), 'autofix ' .. version, 'the installed binary runs')
  H.eq(leftovers(data), {}, 'nothing left beside bin/ (the download folder is gone)')
  H.eq(vim.lsp.config.autofix.cmd, { bin, 'lsp' }, 'the config now runs the downloaded server')
  H.check(H.wait(10000, function()
    local c = H.client(buf)
    return c ~= nil and c.initialized == true
  end), 'the buffer opened before gets a client at once')
  local client = H.client(buf)
  H.eq(client and client.config.cmd[1], bin, 'that client runs the downloaded server')
  report = health_report()
  H.check(report:find(('server: %s (autofix %s), downloaded by :AutofixInstallServer'):format(bin, version), 1, true) ~= nil,
    'checkhealth: the server, its version, downloaded by :AutofixInstallServer', report)

  -- 5. A wrong checksum: refused with both sums, the download deleted, the binary kept.
  local before = sha256(bin)
  result, err = install_and_wait({ version = 'v0.0.1' })
  H.check(result == nil and (err or ''):find('checksum mismatch', 1, true) ~= nil, 'a wrong checksum is refused', err)
  H.check((err or ''):find(wrong_sum, 1, true) ~= nil and (err or ''):find(sha256(tampered), 1, true) ~= nil,
    'the message gives both sums', err)
  H.eq(sha256(bin), before, 'the earlier binary is still in place')
  H.eq(leftovers(data), {}, 'the refused download is deleted')

  -- 6. A missing archive (curl fails like on a 404): a clear error; install_sync raises it.
  result, err = install_and_wait({ version = 'v0.0.2' })
  H.check(result == nil and (err or ''):find('could not download file://' .. releases .. '/download/v0.0.2/autofix-', 1, true) ~= nil
    and err:find('is there a release v0.0.2 with a build for ' .. target, 1, true) ~= nil,
    'a missing archive: the error names the URL and the release', err)
  local ok, raised = pcall(install.install_sync, { version = 'v0.0.2' })
  H.check(not ok and tostring(raised):find('autofix: server not installed: could not download', 1, true) ~= nil,
    'install_sync raises the error (a lazy.nvim build shows it)', raised)
  H.eq(sha256(bin), before, 'still the earlier binary')

  -- 7. install_sync, for a `build` hook: installs again (over the running server's file).
  H.messages = {}
  ok, result = pcall(install.install_sync)
  H.check(ok and result.path == bin and result.version == version, 'install_sync installs the latest', result)
  H.check(H.find_message('installed server') ~= nil, 'and reports it')
  H.eq(sha256(bin), sha256(H.server), 'the binary is the one from the archive')

  -- 8. Who wins: `autofix` on PATH over the download, an explicit cmd over both (no buffer open,
  --    so that no server starts meanwhile).
  client:stop()
  H.check(H.wait(3000, function() return #vim.lsp.get_clients() == 0 end), 'the client stopped')
  vim.cmd('silent! %bwipeout!')
  local path_dir = vim.fn.tempname()
  H.write(path_dir .. '/autofix', '#!/bin/sh\necho "autofix 9.9.9 (on PATH)"\n')
  run({ 'chmod', '755', path_dir .. '/autofix' })
  vim.env.PATH = path_dir .. ':' .. vim.env.PATH
  vim.lsp.config('autofix', {})
  H.eq(vim.lsp.config.autofix.cmd, { 'autofix', 'lsp' }, '`autofix` on PATH comes before the download')
  report = health_report()
  H.check(report:find('(autofix 9.9.9 (on PATH)), found on PATH', 1, true) ~= nil, 'checkhealth: found on PATH', report)
  H.check(report:find('a server downloaded by :AutofixInstallServer is at', 1, true) ~= nil
    and report:find('unused: `autofix` on PATH comes first', 1, true) ~= nil, 'checkhealth mentions the unused download', report)
  require('autofix').setup({ cmd = H.server })
  H.eq(vim.lsp.config.autofix.cmd, { H.server, 'lsp' }, 'an explicit cmd comes first')
  report = health_report()
  H.check(report:find(('server: %s (autofix %s), set by the `cmd` option'):format(H.server, version), 1, true) ~= nil,
    'checkhealth: set by the cmd option', report)
end)
