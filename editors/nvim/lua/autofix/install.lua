-- The autofix server without building Rust: downloads the release archive for this platform,
-- checks it against the SHA-256 published beside it and puts the binary in
-- stdpath('data')/autofix/bin, where lsp/autofix.lua finds it when `autofix` is not on PATH.
--
--   :AutofixInstallServer [version]
--   require('autofix.install').install({ version = 'v0.1.0' }, function(result, err) ... end)
--   require('autofix.install').install_sync()   -- for a lazy.nvim `build`; raises on failure
local M = {}

local uv = vim.uv
local t = require('autofix.l10n').t

---@class autofix.InstallOptions
---@field version? string   'latest' (default) or a release tag: 'v0.1.0' ('0.1.0' means the same)
---@field base_url? string  the releases the archives hang off (a mirror, or `file://` in tests)
---@field target? string    a release triple instead of this platform's, e.g. 'x86_64-unknown-linux-musl'
---@field progress? fun(message: string)  told when the download starts (the command notifies)

---@class autofix.InstallResult
---@field path string     the installed binary
---@field version string  what its `--version` says, e.g. '0.1.0 (abc123)'
---@field target string   the release triple
---@field url string      the archive it came from

--- What options left out mean; the command uses these too, so a mirror can be set here once.
M.defaults = {
  version = 'latest',
  base_url = 'https://github.com/autofix-dev/autofix/releases',
}

--- The triples `scripts/release` builds. musl is never picked by itself: only as `target`.
M.TARGETS = {
  'x86_64-unknown-linux-gnu',
  'aarch64-unknown-linux-gnu',
  'x86_64-unknown-linux-musl',
  'x86_64-pc-windows-msvc',
  'aarch64-apple-darwin',
  'x86_64-apple-darwin',
}

local OS_TRIPLE = { Linux = 'unknown-linux-gnu', Darwin = 'apple-darwin', Windows_NT = 'pc-windows-msvc' }
local ARCH_TRIPLE = { x86_64 = 'x86_64', amd64 = 'x86_64', aarch64 = 'aarch64', arm64 = 'aarch64' }
local HEX64 = string.rep('%x', 64)

local function is_windows()
  return vim.fn.has('win32') == 1
end

local function notify(msg, level)
  vim.notify('autofix: ' .. msg, level or vim.log.levels.INFO)
end

-- Paths ---------------------------------------------------------------------------------------

--- Everything this module writes stays under this folder.
function M.root()
  return vim.fs.joinpath(vim.fn.stdpath('data'), 'autofix')
end

function M.bin_path()
  return vim.fs.joinpath(M.root(), 'bin', is_windows() and 'autofix.exe' or 'autofix')
end

--- The downloaded server, if there is one that can run.
---@return string?
function M.installed()
  local path = M.bin_path()
  if vim.fn.executable(path) == 1 then
    return path
  end
  return nil
end

--- The `cmd` of lsp/autofix.lua: `autofix` from PATH first (what the user installed on purpose
--- wins over what the plugin downloaded), then the downloaded server. With neither, plain
--- `autofix`, so that Neovim's log and :checkhealth name the program that is missing.
---@return string[]
function M.default_cmd()
  local downloaded = M.installed()
  if downloaded and vim.fn.executable('autofix') == 0 then
    return { downloaded, 'lsp' }
  end
  return { 'autofix', 'lsp' }
end

-- The release for this platform -----------------------------------------------------------

--- vim.uv.os_uname(), here so that tests can pretend to be another platform.
function M.uname()
  return uv.os_uname()
end

--- The release triple of the running platform.
---@param uname? {sysname: string, machine: string}
---@return string? triple
---@return string? error
function M.target(uname)
  uname = uname or M.uname()
  local os_part = OS_TRIPLE[uname.sysname]
  local arch = ARCH_TRIPLE[tostring(uname.machine):lower()]
  local triple = os_part and arch and (arch .. '-' .. os_part)
  if triple and vim.list_contains(M.TARGETS, triple) then
    return triple
  end
  return nil, t('install.no_build', uname.sysname, uname.machine)
end

local function archive_name(target)
  return 'autofix-' .. target .. (target:find('windows', 1, true) and '.zip' or '.tar.gz')
end

--- Release tags are `v0.1.0`; a bare `0.1.0` means the same.
local function release_tag(version)
  return version:match('^%d') and ('v' .. version) or version
end

local function release_url(base_url, version, file)
  base_url = base_url:gsub('/+$', '')
  if version == 'latest' then
    return ('%s/latest/download/%s'):format(base_url, file)
  end
  return ('%s/download/%s/%s'):format(base_url, version, file)
end

---@class autofix.InstallPlan
---@field target string
---@field version string
---@field archive string  file name of the archive
---@field url string
---@field checksum_url string
---@field binary string   path of the binary inside the archive

--- Which archive to fetch from where, without touching anything.
---@param opts? autofix.InstallOptions
---@return autofix.InstallPlan? plan
---@return string? error
function M.plan(opts)
  opts = vim.tbl_extend('force', M.defaults, opts or {})
  local target, err = opts.target, nil
  if target == nil then
    target, err = M.target()
    if not target then
      return nil, err
    end
  elseif not vim.list_contains(M.TARGETS, target) then
    return nil, t('install.no_target', target, table.concat(M.TARGETS, ', '))
  end
  local archive = archive_name(target)
  local version = release_tag(opts.version)
  local url = release_url(opts.base_url, version, archive)
  local exe = target:find('windows', 1, true) and 'autofix.exe' or 'autofix'
  return {
    target = target,
    version = version,
    archive = archive,
    url = url,
    checksum_url = url .. '.sha256',
    binary = 'autofix-' .. target .. '/' .. exe,
  }
end

-- Running programs ----------------------------------------------------------------------------

--- `run(cmd, on_exit, opts)` hands `on_exit` vim.system's result in the main loop: without
--- blocking for the command, blocking for build hooks (which must finish before they return).
--- A program that cannot be started is a failed result, not an error.
local function runner(sync)
  return function(cmd, on_exit, opts)
    opts = vim.tbl_extend('force', { text = true }, opts or {})
    local ok, proc = pcall(vim.system, cmd, opts, not sync and vim.schedule_wrap(on_exit) or nil)
    if not ok then
      on_exit({ code = -1, signal = 0, stdout = '', stderr = tostring(proc) })
    elseif sync then
      on_exit(proc:wait())
    end
  end
end

local function first_line(text)
  local line = vim.trim(text or ''):match('[^\r\n]+')
  return line ~= '' and line or nil
end

local function failure(res, program)
  return first_line(res.stderr) or t('install.exit_code', program, res.code)
end

--- Windows' own tar (bsdtar) reads .zip and takes `C:\…` as a path; a GNU tar from Git for
--- Windows earlier on PATH does neither.
local function tar_program()
  if is_windows() then
    local system_tar = vim.fs.joinpath(vim.env.SystemRoot or 'C:/Windows', 'System32', 'tar.exe')
    if vim.fn.executable(system_tar) == 1 then
      return system_tar
    end
  end
  return 'tar'
end

local function leading_hex(text)
  local sum = (text or ''):match('^%s*(' .. HEX64 .. ')%f[%X]')
  return sum and sum:lower()
end

--- certutil prints a header line, then the hash (older Windows: bytes separated by spaces).
local function certutil_hex(text)
  for line in (text or ''):gmatch('[^\r\n]+') do
    local compact = line:gsub('%s', '')
    if #compact == 64 and compact:match('^%x+$') then
      return compact:lower()
    end
  end
  return nil
end

--- A program printing a file's SHA-256, and how to read its answer. Not vim.fn.sha256(): an
--- archive holds NUL bytes, so the Lua string reaches it as a Blob, which it refuses (E976).
---@return string[]? cmd
---@return fun(stdout: string): string? parse
local function sha256_program(path)
  if vim.fn.executable('sha256sum') == 1 then
    return { 'sha256sum', path }, leading_hex
  elseif vim.fn.executable('shasum') == 1 then
    return { 'shasum', '-a', '256', path }, leading_hex
  elseif vim.fn.executable('certutil') == 1 then
    return { 'certutil', '-hashfile', path, 'SHA256' }, certutil_hex
  end
  return nil, leading_hex
end

-- The steps of an install -------------------------------------------------------------------
-- Each is `step(job, next_step)` and calls `next_step(err?)` once; `job` carries the plan, the
-- runner and the temporary folder all of them work in.

local function download(job, url, dest, next_step)
  job.run({ 'curl', '-fsSL', '-o', dest, url }, function(res)
    if res.code ~= 0 then
      if job.plan.version == 'latest' then
        return next_step(t('install.download_failed_latest', url, failure(res, 'curl'), job.plan.target))
      end
      return next_step(t('install.download_failed', url, failure(res, 'curl'), job.plan.version, job.plan.target))
    end
    next_step()
  end)
end

local function fetch_archive(job, next_step)
  -- No URL here (a failed download names it): a line that fits the command line does not stop the
  -- user with "Press ENTER".
  job.progress(t('install.downloading', job.plan.archive, job.plan.version))
  download(job, job.plan.url, job.archive, next_step)
end

local function fetch_checksum(job, next_step)
  download(job, job.plan.checksum_url, job.archive .. '.sha256', next_step)
end

--- The sum the release publishes, from `<64 hex>  <archive name>`.
local function published_sum(job)
  local f = io.open(job.archive .. '.sha256', 'rb')
  local text = f and f:read('*a') or ''
  if f then
    f:close()
  end
  local sum = leading_hex(text)
  if not sum then
    return nil, t('install.no_sum', job.plan.checksum_url)
  end
  local named = text:match('^%s*%x+%s+%*?(%S+)')
  if named and named ~= job.plan.archive then
    return nil, t('install.other_sum', job.plan.checksum_url, named, job.plan.archive)
  end
  return sum
end

local function verify_checksum(job, next_step)
  local expected, err = published_sum(job)
  if not expected then
    return next_step(err)
  end
  local cmd, parse = sha256_program(job.archive)
  if not cmd then
    return next_step(t('install.no_sum_program'))
  end
  job.run(cmd, function(res)
    local actual = res.code == 0 and parse(res.stdout)
    if not actual then
      return next_step(t('install.sum_failed', failure(res, cmd[1])))
    end
    if actual ~= expected then
      return next_step(t('install.mismatch', job.plan.archive, expected, job.plan.checksum_url, actual))
    end
    next_step()
  end)
end

local function unpack(job, next_step)
  local dest = vim.fs.joinpath(job.tmp, 'unpacked')
  vim.fn.mkdir(dest, 'p')
  job.run({ tar_program(), '-xf', job.archive, '-C', dest }, function(res)
    if res.code ~= 0 then
      return next_step(t('install.unpack_failed', job.plan.archive, failure(res, 'tar')))
    end
    job.binary = vim.fs.joinpath(dest, job.plan.binary)
    if not uv.fs_stat(job.binary) then
      return next_step(t('install.not_in_archive', job.plan.archive, job.plan.binary))
    end
    next_step()
  end)
end

--- The binary must run here before it may replace anything (a wrong libc, a damaged build).
local function try_binary(job, next_step)
  if not is_windows() then
    uv.fs_chmod(job.binary, tonumber('755', 8))
  end
  job.run({ job.binary, '--version' }, function(res)
    local said = vim.trim(res.stdout or '')
    if res.code ~= 0 or not said:find('^autofix') then
      local why = res.code == 0 and t('install.printed', said) or failure(res, 'autofix')
      local msg = t('install.does_not_run', why)
      if job.plan.target == 'x86_64-unknown-linux-gnu' then
        -- uname cannot tell a musl system (Alpine) from a glibc one.
        msg = msg .. t('install.try_musl')
      end
      return next_step(msg)
    end
    job.version = vim.trim((said:gsub('^autofix%s*', '')))
    next_step()
  end, { timeout = 10000 })
end

--- Renames `src` over `dst`: the temporary folder is on the same filesystem, so the binary is
--- replaced at once, never half written, and a server still running keeps its old file. Windows
--- refuses to replace a running program but lets it be renamed, so that one is moved aside first.
local function replace(src, dst)
  local ok, err = uv.fs_rename(src, dst)
  if ok or not is_windows() then
    return ok, err
  end
  local aside = dst .. '.old'
  uv.fs_unlink(aside)
  if not uv.fs_rename(dst, aside) then
    return nil, err
  end
  ok, err = uv.fs_rename(src, dst)
  if not ok then
    uv.fs_rename(aside, dst)
  end
  return ok, err
end

local function put_in_place(job, next_step)
  local dest = M.bin_path()
  pcall(vim.fn.mkdir, vim.fs.dirname(dest), 'p')
  local ok, err = replace(job.binary, dest)
  if not ok then
    return next_step(t('install.put_failed', dest, tostring(err)))
  end
  next_step()
end

local STEPS = { fetch_archive, fetch_checksum, verify_checksum, unpack, try_binary, put_in_place }

local function run_steps(job, done)
  local i = 0
  local function next_step(err)
    i = i + 1
    if err or i > #STEPS then
      return done(err)
    end
    STEPS[i](job, next_step)
  end
  next_step()
end

local function missing_programs()
  for _, program in ipairs({ 'curl', tar_program() }) do
    if vim.fn.executable(program) == 0 then
      return t('install.missing_program', program)
    end
  end
  return nil
end

--- The next start of the server resolves `cmd` again (lsp/autofix.lua is read anew), so a
--- server downloaded just now is used unless an explicit `cmd` or PATH comes first.
local function forget_resolved_config()
  vim.lsp.config('autofix', {})
end

---@param opts autofix.InstallOptions
---@param sync boolean
---@param on_done fun(result?: autofix.InstallResult, err?: string)
local function start(opts, sync, on_done)
  local plan, err = M.plan(opts)
  err = err or missing_programs()
  if err then
    return on_done(nil, err)
  end
  pcall(vim.fn.mkdir, M.root(), 'p')
  local tmp, tmp_err = uv.fs_mkdtemp(vim.fs.joinpath(M.root(), 'download-XXXXXX'))
  if not tmp then
    return on_done(nil, t('install.cannot_write', M.root(), tostring(tmp_err)))
  end
  local job = {
    plan = plan,
    run = runner(sync),
    tmp = tmp,
    archive = vim.fs.joinpath(tmp, plan.archive),
    progress = opts.progress or function() end,
  }
  run_steps(job, function(step_err)
    pcall(vim.fs.rm, tmp, { recursive = true, force = true })
    if step_err then
      return on_done(nil, step_err)
    end
    forget_resolved_config()
    on_done({ path = M.bin_path(), version = job.version, target = plan.target, url = plan.url })
  end)
end

-- Entry points --------------------------------------------------------------------------------

--- Says what an install did, and whether the server that runs will be this one.
---@param result? autofix.InstallResult
---@param err? string
function M.report(result, err)
  if not result then
    notify(t('install.not_installed', tostring(err)), vim.log.levels.ERROR)
    return
  end
  local msg = t('install.installed', result.version, vim.fn.fnamemodify(result.path, ':~'))
  local cmd = vim.lsp.config.autofix and vim.lsp.config.autofix.cmd
  if type(cmd) == 'table' and cmd[1] ~= result.path then
    msg = msg .. t('install.not_used', cmd[1])
  end
  notify(msg)
end

--- Downloads, verifies and installs the server without blocking the editor.
---@param opts? autofix.InstallOptions
---@param on_done? fun(result?: autofix.InstallResult, err?: string)  default: M.report
function M.install(opts, on_done)
  start(opts or {}, false, on_done or M.report)
end

--- The same, blocking until done, for a lazy.nvim `build` function. Raises on failure.
---@param opts? autofix.InstallOptions
---@return autofix.InstallResult
function M.install_sync(opts)
  local result, err
  start(opts or {}, true, function(r, e)
    result, err = r, e
  end)
  if not result then
    error('autofix: ' .. t('install.not_installed', tostring(err)), 0)
  end
  M.report(result)
  return result
end

--- Buffers opened while there was no server get one now that there is.
local function start_for_open_buffers()
  if not vim.lsp.is_enabled('autofix') or #vim.lsp.get_clients({ name = 'autofix' }) > 0 then
    return
  end
  vim.lsp.enable('autofix')
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) then
      require('autofix').attach_untyped(buf)
    end
  end
end

--- :AutofixInstallServer [version]
---@param version? string
function M.command(version)
  local opts = {
    version = version,
    progress = function(msg)
      notify(msg)
    end,
  }
  M.install(opts, function(result, err)
    M.report(result, err)
    if result then
      start_for_open_buffers()
    end
  end)
end

return M
