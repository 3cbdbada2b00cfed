-- The plugin's own texts in English and Spanish (lua/autofix/l10n.lua): the catalog complete in
-- both languages (each key in each, the same placeholders, every key the code uses defined and
-- every key defined used); the language from v:lang, else $LC_ALL / $LC_MESSAGES / $LANG, or
-- setup({ lang }); Spanish notifications, statusline, command descriptions, prompts, the review
-- tab, diff reports and rejection drafts; and the `locale` the plugin sends in `initialize`, which
-- makes the server speak the same language.
local H = dofile(vim.fs.dirname(debug.getinfo(1, 'S').source:sub(2)) .. '/helpers.lua')

H.run(function()
  vim.opt.rtp:prepend(H.repo .. '/editors/nvim')
  local l10n = require('autofix.l10n')

  -- 1. The catalog: both languages for every key, with the same placeholders in the same order.
  local function specs(text)
    local out = {}
    for spec in (text:gsub('%%%%', '')):gmatch('%%[-+ #0]*%d*%.?%d*(%a)') do
      out[#out + 1] = spec
    end
    return out
  end
  local problems, count = {}, 0
  for key, entry in pairs(l10n.strings) do
    count = count + 1
    for _, lang in ipairs(l10n.LANGS) do
      if type(entry[lang]) ~= 'string' or entry[lang] == '' then
        problems[#problems + 1] = ('%s: no %s text'):format(key, lang)
      end
    end
    for lang in pairs(entry) do
      if not vim.list_contains(l10n.LANGS, lang) then
        problems[#problems + 1] = ('%s: a language the plugin does not know: %s'):format(key, tostring(lang))
      end
    end
    if type(entry.en) == 'string' and type(entry.es) == 'string' and not vim.deep_equal(specs(entry.en), specs(entry.es)) then
      problems[#problems + 1] = ('%s: placeholders differ: en %s, es %s'):format(key, table.concat(specs(entry.en), ' '), table.concat(specs(entry.es), ' '))
    end
    local base, form = key:match('^(.*)%.(%a+)$')
    if form == 'one' and not l10n.strings[base .. '.other'] then
      problems[#problems + 1] = key .. ': no .other form'
    elseif form == 'other' and not l10n.strings[base .. '.one'] then
      problems[#problems + 1] = key .. ': no .one form'
    end
  end
  H.check(count > 150, ('the catalog holds the plugin\'s texts (%d keys)'):format(count), count)
  H.eq(problems, {}, 'every key in English and Spanish, with the same placeholders; plural keys in pairs')

  -- Every key the code asks for is in the catalog; every key in the catalog is asked for.
  local used, missing = {}, {}
  local sources = vim.fn.globpath(H.repo .. '/editors/nvim', '**/*.lua', false, true)
  for _, path in ipairs(sources) do
    if not path:find('/l10n%.lua$') then
      local text = H.read(path) or ''
      local rel = vim.fs.relpath(H.repo, path) or path
      for key in text:gmatch("[^%w_]t%('([^']+)'") do
        used[key] = true
        if not l10n.strings[key] then
          missing[#missing + 1] = rel .. ': ' .. key
        end
      end
      for key in text:gmatch("[^%w_]tn%('([^']+)'") do
        for _, form in ipairs({ '.one', '.other' }) do
          used[key .. form] = true
          if not l10n.strings[key .. form] then
            missing[#missing + 1] = rel .. ': ' .. key .. form
          end
        end
      end
    end
  end
  H.eq(missing, {}, 'every key the code uses is in the catalog')
  local unused = {}
  for key in pairs(l10n.strings) do
    if not used[key] then
      unused[#unused + 1] = key
    end
  end
  table.sort(unused)
  H.eq(unused, {}, 'every key in the catalog is used')
  H.eq(l10n.t('no.such.key'), 'no.such.key', 'an unknown key comes back as it is (never an error in the UI)')

  -- 2. Which language: v:lang when it names one, else the environment as gettext reads it.
  H.eq({
    l10n.from_tag('es_ES.UTF-8'), l10n.from_tag('es-MX'), l10n.from_tag('es'), l10n.from_tag('Spanish_Spain.1252'),
    l10n.from_tag('en_US.UTF-8'), l10n.from_tag('fr_FR'), l10n.from_tag('Estonian_Estonia.1257'),
  }, { 'es', 'es', 'es', 'es', 'en', 'en', 'en' }, 'locale names and tags: Spanish when the language is es')
  H.eq({ l10n.from_tag('C'), l10n.from_tag('C.UTF-8'), l10n.from_tag('POSIX'), l10n.from_tag('') }, {}, 'C, POSIX and empty name no language')
  H.eq(vim.v.lang, 'C', 'the specs run with v:lang C (helpers.lua)')
  H.eq({ l10n.detect() }, { 'en', '$LANG' }, 'v:lang C: $LANG (C.UTF-8) decides: English')
  vim.env.LANG = 'es_ES.UTF-8'
  H.eq({ l10n.detect() }, { 'es', '$LANG' }, '$LANG=es_ES.UTF-8 (a locale this system may lack): Spanish')
  vim.env.LC_MESSAGES = 'en_GB.UTF-8'
  H.eq({ l10n.detect() }, { 'en', '$LC_MESSAGES' }, '$LC_MESSAGES before $LANG')
  vim.env.LC_ALL = 'es_MX.UTF-8'
  H.eq({ l10n.detect() }, { 'es', '$LC_ALL' }, '$LC_ALL before both')
  vim.env.LC_ALL = 'C'
  H.eq({ l10n.detect() }, { 'en', '$LC_ALL' }, '$LC_ALL=C: English, whatever $LANG says')
  l10n.set('es')
  H.eq({ l10n.detect() }, { 'es', 'option' }, 'the lang option before everything')
  l10n.set(nil)
  H.check(not pcall(l10n.set, 'fr'), 'a language the catalog lacks is refused')
  H.english()
  if pcall(vim.cmd, 'language messages es_ES.UTF-8') then
    H.eq({ l10n.detect() }, { 'es', 'v:lang' }, ':language messages es_ES.UTF-8: v:lang decides, before $LANG=C.UTF-8')
    H.english()
  else
    H.log('ok   (no es_ES.UTF-8 locale here: :language messages cannot set v:lang; the $LANG path above stands for it)')
  end
  H.eq({ l10n.detect() }, { 'en', '$LANG' }, 'back to English')

  -- 3. Spanish from the environment ($LANG, v:lang C): the plugin's texts, and the server's (the
  --    plugin sends `locale = 'es'` in `initialize`; Neovim 0.11 sends none).
  vim.env.LANG = 'es_ES.UTF-8'
  local root = H.demo()
  H.setup()
  local setup_sh = H.open(root .. '/scripts/setup.sh')
  H.check(H.wait_diags(setup_sh, function(d) return #d == 2 end), 'setup.sh: two `npm` violations')
  local function wait_message(text)
    return H.wait(5000, function() return H.find_message(vim.pesc(text)) ~= nil end)
  end
  vim.cmd('Autofix fix-all')
  H.check(wait_message('autofix: corregidas 2 infracciones en scripts/setup.sh'), ':Autofix fix-all in Spanish', H.messages[#H.messages])
  vim.cmd('Autofix fix-all')
  H.check(wait_message('autofix: no hay nada que corregir en scripts/setup.sh'), 'nothing left, in Spanish', H.messages[#H.messages])
  H.check(H.wait(5000, function() return require('autofix').statusline(setup_sh) ~= '' end), 'a status arrived')
  local rules = require('autofix').status(setup_sh).rules
  H.eq(require('autofix').statusline(setup_sh), ('autofix: %d reglas'):format(rules), 'the statusline in Spanish')
  H.eq(vim.api.nvim_get_commands({}).AutofixFixAll.definition, 'autofix: corregir todas las infracciones corregibles del búfer actual',
    'command descriptions (:command) in Spanish')
  vim.cmd('Autofix nope')
  H.check(H.find_message('^autofix: no existe el subcomando "nope"; usa uno de: apply%-diff, ') ~= nil, 'an unknown subcommand, in Spanish',
    H.messages[#H.messages])
  local client = H.client(setup_sh)

  -- 4. Spanish by the option, the environment English: a new client (another copy of the demo)
  --    gets `locale = 'es'` too, so the server's titles and messages are Spanish as well.
  H.english()
  require('autofix').setup({ cmd = { H.server, 'lsp' }, lang = 'es' })
  local root2 = H.demo()
  local format_path = root2 .. '/src/lib/format.ts'
  local rules_path = root2 .. '/.agents/autofix.json'
  local format = H.open(format_path)
  H.check(H.wait_diags(format, function(d) return #d == 2 end), 'format.ts diagnostics arrived')
  H.check(H.client(format) ~= client, 'a client of its own')

  -- The learn flow: its prompts, the review tab (hint line, header, the server's title), rejected.
  local asked = #H.asked
  table.insert(H.selects, 'CODE')
  table.insert(H.inputs, 'Nunca uses `JSON.parse` en TypeScript - usa el parser del esquema.')
  table.insert(H.inputs, 'entrada sin tipos')
  table.insert(H.reviews, 'reject')
  vim.cmd('AutofixLearn')
  H.check(wait_message('autofix: regla no aprendida: el cambio se rechazó o no se pudo aplicar'), 'rejected: said in Spanish', H.messages[#H.messages])
  local prompts = {}
  for i = asked + 1, #H.asked do
    local a = H.asked[i]
    prompts[#prompts + 1] = a.kind == 'review' and 'review' or a.opts.prompt
  end
  H.eq(prompts, { 'Categoría de la regla', 'Instrucción de la regla [CODE]: ', 'Por qué: ', 'review' }, 'the prompts of the learn flow in Spanish')
  local review = H.reviewed[#H.reviewed] or {}
  H.eq(review.title, 'Aprender la regla #14', 'the server\'s title in Spanish: the plugin sent locale es')
  H.check((review.winbar or ''):find('revisión de autofix: a aceptar · r rechazar · q cerrar · e editar  Aprender la regla #14', 1, true) ~= nil,
    'the review\'s hint line (winbar) in Spanish, the keys unchanged', review.winbar)
  H.check(vim.list_contains(review.lines or {}, '# a aceptar · r rechazar · q cerrar (rechaza) · e editar el archivo propuesto'),
    'the review\'s header in Spanish', review.lines)

  -- A learn edited in the review: the server says (in Spanish) that it landed as edited, and
  -- the plugin, hearing it, does not say it again. (Before the columns grow: a headless Neovim
  -- 0.11.4 trips an assertion in grid.c when it draws the edit view's windows at 160 columns.)
  table.insert(H.selects, 'CODE')
  table.insert(H.inputs, 'Nunca uses `JSON.parse` en TypeScript - usa el parser del esquema.')
  table.insert(H.inputs, 'entrada sin tipos')
  local edited_review
  table.insert(H.reviews, {
    edit = function(buf, r)
      edited_review = r
      H.replace_line(buf, '"Instruction": "Nunca uses `JSON.parse`', '    "Instruction": "Nunca uses `toISOString` - formatea las fechas con Intl.DateTimeFormat.",')
    end,
    finish = 'accept',
  })
  vim.cmd('AutofixLearn')
  H.check(H.wait(5000, function() return (H.read(rules_path) or ''):find('toISOString', 1, true) ~= nil end), 'the edited rule landed')
  local bar = edited_review and edited_review.edit.proposed.winbar or ''
  H.check(bar:find(':w aceptar · :q volver a la revisión', 1, true) ~= nil, 'the edit view\'s hint line in Spanish', bar)
  H.check(H.wait(5000, function()
    local m = H.find_message('Regla aprendida #14')
    return m ~= nil and m.msg:find('tal como la editaste', 1, true) ~= nil
  end), 'the server says so in Spanish', H.messages[#H.messages])
  vim.wait(400)
  H.check(H.find_message('autofix: regla aprendida #14 tal como') == nil, 'the plugin heard it (in Spanish) and says nothing more', H.messages)
  H.check(H.wait(3000, function() return require('autofix').statusline(format) == ('autofix: %d reglas'):format(rules + 1) end),
    'the statusline follows the option', require('autofix').statusline(format))

  -- A diff report: one line, and its details.
  vim.o.columns = 160 -- the one-line reports are read in full
  vim.fn.setreg('"', '<<<<<<< SEARCH\nesta línea no está en el archivo\n=======\nlo que sea\n>>>>>>> REPLACE\n')
  local before = #H.messages
  vim.cmd('AutofixApplyDiff!')
  H.check(H.wait(5000, function() return #H.messages > before end), 'the preview reported')
  local said = H.messages[#H.messages].msg
  H.check(said:find('^autofix: se aplicaría 0 de 1 bloque a src/lib/format%.ts — bloque 1: sin coincidencia %(la más cercana: línea %d+, [%d.]+%%%)') ~= nil
    and said:find(' (:Autofix report)', 1, true) ~= nil, 'the diff report line in Spanish', said)
  vim.cmd('Autofix report')
  local details = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  H.eq({ details[1], details[3] }, { '# autofix: diff a src/lib/format.ts', '0 de 1 bloque se aplicaría.' }, ':Autofix report in Spanish')
  H.check(table.concat(details, '\n'):find('## Bloque 1: sin coincidencia', 1, true) ~= nil, 'each block in Spanish', details)
  vim.cmd('close')

  -- A diff rejected in its review, and the rule drafted from it: in the user's language.
  vim.fn.setreg('"', '<<<<<<< SEARCH\nexport function format_date(date: Date): string {\n=======\nexport function formatDate(date: Date): string {\n>>>>>>> REPLACE\n')
  table.insert(H.reviews, 'reject')
  vim.cmd('AutofixApplyDiff')
  H.check(wait_message('autofix: diff a src/lib/format.ts rechazado (:Autofix learn-rejection)'), 'the rejection reported in Spanish',
    H.messages[#H.messages])
  local draft = {}
  table.insert(H.selects, 'CODE')
  table.insert(H.inputs, function(opts)
    draft.instruction = opts.default
    return opts.default
  end)
  table.insert(H.inputs, function(opts)
    draft.why = opts.default
    return nil -- cancelled: nothing learned
  end)
  vim.cmd('Autofix learn-rejection')
  H.eq(draft, { instruction = 'No cambies `format_date` por `formatDate` en src/lib/format.ts', why = 'rechazado en la revisión' },
    'the draft rule in Spanish')
  local function draft_of(before_text, after_text)
    local d = require('autofix.commands').rejection_draft({ files = { { path = '/p/src/a.ts', relpath = 'src/a.ts', before = before_text, after = after_text } } })
    return d and d.instruction
  end
  H.eq({
    draft_of('a\n', 'a\nconsole.log(x);\n'),
    draft_of('a\nreturn JSON.parse(raw);\nb\n', 'a\nb\n'),
    draft_of('const x: any = 1;\n', 'const x: unknown = 1;\n'),
    draft_of('x = 1;\n', '  x = 1;\n'),
  }, {
    'No añadas `console.log(x);` a src/a.ts',
    'Conserva `return JSON.parse(raw);` en src/a.ts',
    'No cambies `any` por `unknown` en src/a.ts',
    'No cambies el formato de `x` en src/a.ts',
  }, 'an addition, a removal, a change, a reformatting in Spanish')

  -- 5. `lang = 'en'` brings the plugin's texts back to English (the running servers keep theirs).
  require('autofix').setup({ cmd = { H.server, 'lsp' }, lang = 'en' })
  vim.cmd.buffer(setup_sh)
  vim.cmd('Autofix fix-all')
  H.check(wait_message('autofix: nothing to fix in scripts/setup.sh'), 'English again', H.messages[#H.messages])
  H.eq(vim.api.nvim_get_commands({}).AutofixFixAll.definition, 'autofix: fix every fixable violation of the current buffer',
    'the command descriptions too')

  -- 6. A language the plugin does not have is refused by setup().
  local ok, err = pcall(require('autofix').setup, { lang = 'fr' })
  H.check(not ok and tostring(err):find('opts.lang', 1, true) ~= nil, "setup({ lang = 'fr' }) is refused", err)
  H.eq(l10n.lang(), 'en', 'and changes nothing')
end)
