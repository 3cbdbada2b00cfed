-- The plugin's own texts, in English and Spanish: notifications, the review tab, prompts,
-- :checkhealth, the statusline, command descriptions, diff reports, the drafts of rules learned
-- from a rejection, install messages. (The server's messages come in the language of the
-- `locale` the plugin sends in `initialize`: the same one, see lsp/autofix.lua.)
--
-- The language: `setup({ lang = 'es' })`, else `v:lang` (`:language messages`), else — when that
-- says nothing ("C", "POSIX", empty: a locale the system lacks) — the first of $LC_ALL,
-- $LC_MESSAGES, $LANG that is set, as gettext reads them. Spanish when it starts with `es`
-- (`es`, `es_ES.UTF-8`, `es-MX`, Windows' `Spanish_Spain.1252`), English otherwise.
--
--   local t = require('autofix.l10n').t
--   t('fix.nothing', 'src/a.ts')            --> 'nothing to fix in src/a.ts' / 'no hay nada que corregir en src/a.ts'
--   require('autofix.l10n').tn('fix.fixed', n, n, name)   -- the key's `.one` or `.other` form
local M = {}

--- The languages of the catalog; every key has each of them.
M.LANGS = { 'en', 'es' }

--- The language `setup({ lang = … })` chose, if it did.
---@type 'en'|'es'|nil
M.override = nil

--- 'es' or 'en' for a locale name or a BCP 47 tag; nil when it names no language ("C", "POSIX", "").
---@param tag any
---@return 'en'|'es'|nil
function M.from_tag(tag)
  if type(tag) ~= 'string' then
    return nil
  end
  local first = vim.trim(tag):match('^[^%-_%.@]*'):lower()
  if first == '' or first == 'c' or first == 'posix' then
    return nil
  end
  if first == 'es' or first == 'spanish' then
    return 'es'
  end
  return 'en'
end

local last = { 'en', 'default' }

local function detect()
  if M.override then
    return M.override, 'option'
  end
  local from_vim = M.from_tag(vim.v.lang)
  if from_vim then
    return from_vim, 'v:lang'
  end
  for _, var in ipairs({ 'LC_ALL', 'LC_MESSAGES', 'LANG' }) do
    local value = vim.env[var]
    if value and value ~= '' then
      return M.from_tag(value) or 'en', '$' .. var
    end
  end
  return 'en', 'default'
end

--- The language of the plugin's texts, and where it came from: 'option', 'v:lang', '$LC_ALL',
--- '$LC_MESSAGES', '$LANG' or 'default'.
---@return 'en'|'es' lang
---@return string source
function M.detect()
  -- (In a callback of the event loop vim.v cannot be read: the last answer stands.)
  local ok, lang, source = pcall(detect)
  if ok then
    last = { lang, source }
  end
  return last[1], last[2]
end

---@return 'en'|'es'
function M.lang()
  return (M.detect())
end

--- Sets (or with nil, clears) the language chosen by `setup({ lang = … })`.
---@param lang 'en'|'es'|nil
function M.set(lang)
  vim.validate('lang', lang, function(v)
    return v == nil or vim.list_contains(M.LANGS, v)
  end, "'en' or 'es'")
  M.override = lang
end

--- The text of `key` in the current language, formatted as string.format does with the
--- arguments given. An unknown key comes back as it is (the spec checks that none is missing).
---@param key string
---@return string
function M.t(key, ...)
  local entry = M.strings[key]
  if not entry then
    return key
  end
  local text = entry[M.lang()] or entry.en
  if select('#', ...) == 0 then
    return text
  end
  local ok, out = pcall(string.format, text, ...)
  return ok and out or text
end

--- The `.one` form of `key` when `n` is 1, else its `.other` form, formatted with the arguments
--- (which name `n` themselves where the text shows it).
---@param key string
---@param n integer
---@return string
function M.tn(key, n, ...)
  return M.t(key .. (n == 1 and '.one' or '.other'), ...)
end

--- Every text of the plugin, by key: { en = …, es = … }. Spanish in the tú form, with the
--- server's words (regla, infracción, búfer, espacio de trabajo, archivo de reglas, revisión).
---@type table<string, {en: string, es: string}>
M.strings = {
  -- init.lua ----------------------------------------------------------------------------------
  ['setup.watch_rules_gone'] = {
    en = '`watch_rules` is gone: the server itself notices rules files changed on disk',
    es = '`watch_rules` ya no existe: el propio servidor detecta los cambios en disco de los archivos de reglas',
  },
  ['desc.key_learn'] = { en = 'autofix: learn a rule', es = 'autofix: aprender una regla' },
  ['desc.key_learn_selection'] = {
    en = 'autofix: learn a rule from the selection',
    es = 'autofix: aprender una regla de la selección',
  },
  ['desc.key_apply_diff'] = {
    en = 'autofix: apply the diff in the clipboard',
    es = 'autofix: aplicar el diff del portapapeles',
  },
  ['desc.key_rules'] = { en = 'autofix: list the rules', es = 'autofix: listar las reglas' },
  ['desc.key_export'] = {
    en = "autofix: export the rules to the agents' files",
    es = 'autofix: exportar las reglas a los archivos de los agentes',
  },
  ['desc.au_untyped'] = {
    en = 'autofix: attach to files without a filetype',
    es = 'autofix: conectarse a los archivos sin tipo de archivo',
  },
  ['desc.au_eol'] = {
    en = 'autofix: after a write that added the final newline, tell the server the text on disk',
    es = 'autofix: tras una escritura que añadió el salto de línea final, dar al servidor el texto del disco',
  },
  ['desc.au_lenses'] = {
    en = 'autofix: keep the code lenses of buffers holding diffs fresh',
    es = 'autofix: mantener al día las code lenses de los búferes con diffs',
  },
  ['desc.au_reload'] = {
    en = 'autofix: reload an unmodified rules-file buffer when the file changes on disk',
    es = 'autofix: recargar el búfer sin modificar de un archivo de reglas cuando el archivo cambia en disco',
  },

  -- status.lua --------------------------------------------------------------------------------
  ['status.broken_at'] = {
    en = 'autofix: rules file broken at %s; the last good rules stay in force',
    es = 'autofix: el archivo de reglas tiene errores en %s; siguen en vigor las últimas reglas válidas',
  },
  ['status.broken'] = {
    en = 'autofix: %s is broken%s; the last good rules stay in force',
    es = 'autofix: %s tiene errores%s; siguen en vigor las últimas reglas válidas',
  },
  ['status.line_broken'] = { en = 'autofix: rules broken', es = 'autofix: reglas con errores' },
  ['status.line_rules.one'] = { en = 'autofix: %d rule', es = 'autofix: %d regla' },
  ['status.line_rules.other'] = { en = 'autofix: %d rules', es = 'autofix: %d reglas' },
  ['status.waiting.one'] = { en = ' · %d review waiting', es = ' · %d revisión pendiente' },
  ['status.waiting.other'] = { en = ' · %d reviews waiting', es = ' · %d revisiones pendientes' },

  -- commands.lua ------------------------------------------------------------------------------
  ['cmd.not_attached'] = {
    en = 'the language server is not attached to this buffer (see :checkhealth autofix)',
    es = 'el servidor de lenguaje no está conectado a este búfer (mira :checkhealth autofix)',
  },
  ['cmd.failed'] = { en = '%s failed: %s', es = '%s falló: %s' },
  ['cmd.no_subcommand'] = {
    en = 'autofix: no subcommand %q; one of: %s',
    es = 'autofix: no existe el subcomando %q; usa uno de: %s',
  },
  ['learn.not_learned'] = {
    en = 'rule not learned: the change was rejected or could not be applied',
    es = 'regla no aprendida: el cambio se rechazó o no se pudo aplicar',
  },
  ['learn.applied_edited'] = {
    en = 'autofix: applied your edited version of %s',
    es = 'autofix: se aplicó tu versión editada de %s',
  },
  ['learn.learned_edited'] = {
    en = 'autofix: learned #%s as you edited it: %s',
    es = 'autofix: regla aprendida #%s tal como la editaste: %s',
  },
  ['learn.prompt_category'] = { en = 'Rule category', es = 'Categoría de la regla' },
  ['learn.prompt_instruction'] = { en = 'Rule [%s] instruction: ', es = 'Instrucción de la regla [%s]: ' },
  ['learn.prompt_why'] = { en = 'Why: ', es = 'Por qué: ' },
  ['learn.draft_selection'] = { en = 'Never use `%s` - ', es = 'Nunca uses `%s` - ' },
  -- The drafts of a rule learned from a rejected diff: rule text, read by the server's inferred
  -- checks in either language ("Do not add `x`" / "No añadas `x`" forbid `x`; "Keep" / "Conserva"
  -- and "Do not reformat" / "No cambies el formato de" forbid nothing).
  ['draft.reformat'] = { en = 'Do not reformat %s in %s', es = 'No cambies el formato de %s en %s' },
  ['draft.change'] = { en = 'Do not change %s to %s in %s', es = 'No cambies %s por %s en %s' },
  ['draft.add'] = { en = 'Do not add %s to %s', es = 'No añadas %s a %s' },
  ['draft.keep'] = { en = 'Keep %s in %s', es = 'Conserva %s en %s' },
  ['draft.why'] = { en = 'rejected in review', es = 'rechazado en la revisión' },
  ['rejection.none'] = {
    en = 'no rejected diff to learn from: this works after you reject a proposed diff (r in its review)',
    es = 'no hay ningún diff rechazado del que aprender: esto funciona después de rechazar un diff propuesto (r en su revisión)',
  },
  ['rejection.no_line'] = {
    en = 'the rejected diff changes no line to learn from',
    es = 'el diff rechazado no cambia ninguna línea de la que aprender',
  },
  ['apply.no_report'] = { en = 'no report from the server', es = 'el servidor no envió ningún informe' },
  ['apply.no_diff'] = {
    en = 'register %s holds no SEARCH/REPLACE diff',
    es = 'el registro %s no contiene ningún diff SEARCH/REPLACE',
  },
  ['apply.no_target'] = {
    en = 'the diff names no <path> and this buffer is not a file',
    es = 'el diff no indica ningún <path> y este búfer no es un archivo',
  },
  ['rules.none_listed'] = { en = 'no rules listed', es = 'no se listó ninguna regla' },
  ['rules.no_file'] = {
    en = 'no autofix.json for this buffer (learn a rule with :AutofixLearn to create one)',
    es = 'no hay autofix.json para este búfer (aprende una regla con :AutofixLearn para crear uno)',
  },
  ['rules.none_active'] = { en = 'no active rules in %s', es = 'no hay reglas activas en %s' },
  ['rules.prompt'] = { en = 'autofix rules (%s)', es = 'reglas de autofix (%s)' },
  ['rules.prompt_broken'] = {
    en = 'autofix rules (%s, broken: the last good rules are shown)',
    es = 'reglas de autofix (%s, con errores: se muestran las últimas reglas válidas)',
  },
  ['rules.superseded'] = { en = ' (superseded by #%s)', es = ' (reemplazada por la #%s)' },
  ['export.not_exported'] = { en = 'the rules were not exported: %s', es = 'no se exportaron las reglas: %s' },
  ['export.name_agents'] = { en = '%s\nName the agents: :AutofixExport %s', es = '%s\nIndica los agentes: :AutofixExport %s' },
  ['fix.left_alone'] = { en = 'left alone: %s (%s)', es = 'sin tocar: %s (%s)' },
  ['fix.fixed.one'] = { en = 'fixed %d violation in %s', es = 'corregida %d infracción en %s' },
  ['fix.fixed.other'] = { en = 'fixed %d violations in %s', es = 'corregidas %d infracciones en %s' },
  ['fix.files.one'] = { en = '%d file', es = '%d archivo' },
  ['fix.files.other'] = { en = '%d files', es = '%d archivos' },
  ['fix.nothing'] = { en = 'nothing to fix in %s', es = 'no hay nada que corregir en %s' },
  ['fix.workspace_not_applied'] = {
    en = 'the workspace fixes were not applied: %s',
    es = 'no se aplicaron las correcciones del espacio de trabajo: %s',
  },
  ['workspace.off'] = {
    en = 'workspace diagnostics are off (the workspaceDiagnostics setting); the list holds open files only',
    es = 'los diagnósticos del espacio de trabajo están desactivados (el ajuste workspaceDiagnostics); la lista solo tiene los archivos abiertos',
  },
  ['workspace.checking'] = { en = 'checking the workspace…', es = 'revisando el espacio de trabajo…' },
  ['workspace.stopped'] = {
    en = 'autofix: workspace diagnostics stopped: %s',
    es = 'autofix: se detuvieron los diagnósticos del espacio de trabajo: %s',
  },
  ['workspace.qf_title'] = { en = 'autofix: workspace', es = 'autofix: espacio de trabajo' },
  ['review.none_waiting'] = { en = 'no change waits for your review', es = 'ningún cambio espera tu revisión' },
  ['reason.rejected'] = { en = 'rejected by the user', es = 'rechazado por el usuario' },

  -- Command descriptions (`:command`).
  ['desc.learn'] = {
    en = 'autofix: learn a rule (category, instruction, why); a range prefills the instruction',
    es = 'autofix: aprender una regla (categoría, instrucción, por qué); un rango rellena la instrucción',
  },
  ['desc.apply_diff'] = {
    en = 'autofix: apply the SEARCH/REPLACE diff in a register (default " then +); ! only previews',
    es = 'autofix: aplicar el diff SEARCH/REPLACE de un registro (por defecto " y luego +); ! solo lo previsualiza',
  },
  ['desc.rules'] = {
    en = 'autofix: list the active rules (! also superseded) and jump to one',
    es = 'autofix: listar las reglas activas (! también las reemplazadas) e ir a una',
  },
  ['desc.export'] = {
    en = "autofix: export the rules to the agents' files (AGENTS.md, …); args name the agents, ! only checks",
    es = 'autofix: exportar las reglas a los archivos de los agentes (AGENTS.md, …); los argumentos indican los agentes, ! solo comprueba',
  },
  ['desc.reload'] = {
    en = 'autofix: reread the rules files from disk',
    es = 'autofix: volver a leer del disco los archivos de reglas',
  },
  ['desc.workspace'] = {
    en = 'autofix: the quickfix list of every violation in the workspace, files nobody opened included',
    es = 'autofix: la lista quickfix de todas las infracciones del espacio de trabajo, incluidos los archivos que nadie abrió',
  },
  ['desc.fix_all'] = {
    en = 'autofix: fix every fixable violation of the current buffer',
    es = 'autofix: corregir todas las infracciones corregibles del búfer actual',
  },
  ['desc.fix_workspace'] = {
    en = 'autofix: fix every fixable violation in the workspace, in one edit you approve',
    es = 'autofix: corregir todas las infracciones corregibles del espacio de trabajo, en una sola edición que apruebas',
  },
  ['desc.report'] = {
    en = 'autofix: the details of the last diff report (blocks that failed, closest lines)',
    es = 'autofix: los detalles del último informe de diff (bloques que fallaron, líneas más cercanas)',
  },
  ['desc.learn_rejection'] = {
    en = 'autofix: learn a rule from the diff you last rejected, so that it is not proposed again',
    es = 'autofix: aprender una regla del último diff que rechazaste, para que no se vuelva a proponer',
  },
  ['desc.review'] = {
    en = 'autofix: go back to a proposed change that waits for your review',
    es = 'autofix: volver a un cambio propuesto que espera tu revisión',
  },
  ['desc.install_server'] = {
    en = "autofix: download the server's release build for this platform (checksum verified); the argument is a tag, default latest",
    es = 'autofix: descargar la versión publicada del servidor para esta plataforma (con la suma de comprobación verificada); el argumento es una etiqueta, por defecto latest',
  },
  ['desc.autofix'] = {
    en = 'autofix: one command for all — :Autofix {%s} [args]',
    es = 'autofix: un comando para todo — :Autofix {%s} [argumentos]',
  },

  -- review.lua --------------------------------------------------------------------------------
  ['review.label'] = { en = 'autofix review:', es = 'revisión de autofix:' },
  ['review.accept'] = { en = 'accept', es = 'aceptar' },
  ['review.reject'] = { en = 'reject', es = 'rechazar' },
  ['review.close'] = { en = 'close', es = 'cerrar' },
  ['review.edit'] = { en = 'edit', es = 'editar' },
  ['review.files'] = { en = 'files', es = 'archivos' },
  ['review.back'] = { en = 'back to the review', es = 'volver a la revisión' },
  ['review.lands_as_left'] = { en = 'lands as you leave it: %s', es = 'se aplica tal como lo dejes: %s' },
  ['review.as_it_is'] = { en = 'as it is now: %s', es = 'tal como está ahora: %s' },
  ['review.header_keys'] = {
    en = '# %s accept · %s reject · %s close (reject) · %s edit the proposed file',
    es = '# %s aceptar · %s rechazar · %s cerrar (rechaza) · %s editar el archivo propuesto',
  },
  ['review.header_edited'] = {
    en = '# edited in review: %s — your version is what lands',
    es = '# editado en la revisión: %s — lo que se aplica es tu versión',
  },
  ['review.no_next_file'] = { en = 'autofix: no next file in this change', es = 'autofix: no hay más archivos en este cambio' },
  ['review.no_prev_file'] = {
    en = 'autofix: no previous file in this change',
    es = 'autofix: no hay archivos anteriores en este cambio',
  },
  ['review.nothing_to_edit'] = {
    en = 'autofix: nothing to edit here (the change deletes or renames the file)',
    es = 'autofix: no hay nada que editar aquí (el cambio borra o renombra el archivo)',
  },
  ['review.invalid_json'] = {
    en = 'autofix: your version of %s is not valid JSON (%s): fix it, or reject the change',
    es = 'autofix: tu versión de %s no es JSON válido (%s): corrígela, o rechaza el cambio',
  },
  ['review.key_accept'] = { en = 'autofix review: accept the change', es = 'revisión de autofix: aceptar el cambio' },
  ['review.key_reject'] = { en = 'autofix review: reject the change', es = 'revisión de autofix: rechazar el cambio' },
  ['review.key_close'] = { en = 'autofix review: close (reject)', es = 'revisión de autofix: cerrar (rechaza)' },
  ['review.key_edit'] = {
    en = 'autofix review: edit the proposed file under the cursor',
    es = 'revisión de autofix: editar el archivo propuesto bajo el cursor',
  },
  ['review.key_next_file'] = { en = 'autofix review: next file', es = 'revisión de autofix: archivo siguiente' },
  ['review.key_prev_file'] = { en = 'autofix review: previous file', es = 'revisión de autofix: archivo anterior' },
  ['review.au_write'] = {
    en = 'autofix review: accept the change with your version of the file',
    es = 'revisión de autofix: aceptar el cambio con tu versión del archivo',
  },
  ['review.au_render'] = {
    en = 'autofix review: show the change with your edits',
    es = 'revisión de autofix: mostrar el cambio con tus ediciones',
  },

  -- diff_report.lua ---------------------------------------------------------------------------
  ['report.ambiguous'] = { en = 'matches more than one place', es = 'coincide en más de un sitio' },
  ['report.overlap'] = { en = 'overlaps an earlier block', es = 'se solapa con un bloque anterior' },
  ['report.empty_search'] = { en = 'its SEARCH part is empty', es = 'su parte SEARCH está vacía' },
  ['report.interrupted'] = { en = 'not tried (the search was stopped)', es = 'sin probar (la búsqueda se detuvo)' },
  ['report.no_match_closest'] = {
    en = 'no match (closest: line %d, %s)',
    es = 'sin coincidencia (la más cercana: línea %d, %s)',
  },
  ['report.no_match'] = { en = 'no match', es = 'sin coincidencia' },
  ['report.applied'] = { en = 'applied', es = 'aplicado' },
  ['report.would_apply'] = { en = 'would apply', es = 'se aplicaría' },
  ['report.at_line'] = { en = ' at line %d', es = ' en la línea %d' },
  ['report.similar'] = { en = ' (%s similar)', es = ' (%s de similitud)' },
  ['report.normalized'] = { en = ' (whitespace or quotes differ)', es = ' (difieren espacios o comillas)' },
  ['report.outside_window'] = {
    en = ' (the only exact match, away from its line hint)',
    es = ' (la única coincidencia exacta, lejos de su línea indicada)',
  },
  ['report.more'] = { en = '%d more', es = '%d más' },
  ['report.block_problem'] = { en = 'block %d: %s', es = 'bloque %d: %s' },
  ['report.rejected'] = { en = 'diff to %s rejected', es = 'diff a %s rechazado' },
  ['report.not_applied_stale'] = {
    en = 'diff to %s not applied (rejected, or the file changed meanwhile)',
    es = 'diff a %s no aplicado (rechazado, o el archivo cambió mientras tanto)',
  },
  ['report.failed'] = { en = 'diff to %s failed: %s', es = 'diff a %s fallido: %s' },
  ['report.no_block'] = { en = 'no block', es = 'ningún bloque' },
  ['report.not_applied'] = { en = 'diff to %s not applied — %s', es = 'diff a %s no aplicado — %s' },
  ['report.head_applied.one'] = { en = 'applied %d of %d block to %s', es = 'aplicado %d de %d bloque a %s' },
  ['report.head_applied.other'] = { en = 'applied %d of %d blocks to %s', es = 'aplicados %d de %d bloques a %s' },
  ['report.head_would_apply.one'] = {
    en = 'would apply %d of %d block to %s',
    es = 'se aplicaría %d de %d bloque a %s',
  },
  ['report.head_would_apply.other'] = {
    en = 'would apply %d of %d blocks to %s',
    es = 'se aplicarían %d de %d bloques a %s',
  },
  ['report.doc_title'] = { en = '# autofix: diff to %s', es = '# autofix: diff a %s' },
  ['report.doc_applied.one'] = { en = '%d of %d block applied.', es = '%d de %d bloque aplicado.' },
  ['report.doc_applied.other'] = { en = '%d of %d blocks applied.', es = '%d de %d bloques aplicados.' },
  ['report.doc_would_apply.one'] = { en = '%d of %d block would apply.', es = '%d de %d bloque se aplicaría.' },
  ['report.doc_would_apply.other'] = {
    en = '%d of %d blocks would apply.',
    es = '%d de %d bloques se aplicarían.',
  },
  ['report.doc_block'] = { en = '## Block %d: %s', es = '## Bloque %d: %s' },
  ['report.edited'] = { en = ' (edited in review)', es = ' (editado en la revisión)' },
  ['report.none_yet'] = {
    en = 'autofix: no diff report with details yet',
    es = 'autofix: aún no hay ningún informe de diff con detalles',
  },
  ['report.key_close'] = { en = 'autofix: close the report', es = 'autofix: cerrar el informe' },

  -- edit.lua ----------------------------------------------------------------------------------
  ['edit.rejected_hint'] = {
    en = 'autofix: rejected — :Autofix learn-rejection to learn a rule so this is not proposed again',
    es = 'autofix: rechazado — :Autofix learn-rejection para aprender una regla y que no se vuelva a proponer',
  },
  ['edit.stale_version'] = {
    en = '%s changed since the edit was computed (buffer version %d, edit for version %d)',
    es = '%s cambió desde que se calculó la edición (versión del búfer %d, edición para la versión %d)',
  },
  ['edit.changed_since'] = {
    en = '%s changed since the edit was proposed',
    es = '%s cambió desde que se propuso la edición',
  },
  ['edit.preview_header'] = { en = '# autofix: %s — accept or reject', es = '# autofix: %s — acepta o rechaza' },
  ['edit.approve_failed'] = { en = 'autofix: approve() failed: %s', es = 'autofix: approve() falló: %s' },
  ['edit.choice_accept'] = { en = 'Accept', es = 'Aceptar' },
  ['edit.choice_reject'] = { en = 'Reject', es = 'Rechazar' },
  ['edit.prompt'] = { en = 'autofix: %s — apply this change?', es = 'autofix: %s — ¿aplicar este cambio?' },
  ['edit.exists'] = { en = '%s already exists', es = '%s ya existe' },
  ['edit.write_failed'] = { en = 'autofix: could not write %s: %s', es = 'autofix: no se pudo escribir %s: %s' },
  ['edit.no_edit'] = { en = 'no edit to apply', es = 'no hay ninguna edición que aplicar' },
  ['edit.default_title'] = { en = 'autofix edit', es = 'edición de autofix' },
  ['edit.not_applied'] = { en = 'autofix: not applied: %s', es = 'autofix: no se aplicó: %s' },

  -- health.lua --------------------------------------------------------------------------------
  ['health.section_server'] = { en = 'autofix: language server', es = 'autofix: servidor de lenguaje' },
  ['health.section_buffer'] = { en = 'autofix: current buffer', es = 'autofix: búfer actual' },
  ['health.section_approval'] = { en = 'autofix: approval of edits', es = 'autofix: aprobación de las ediciones' },
  ['health.section_export'] = {
    en = "autofix: exporting the rules to the agents' files",
    es = 'autofix: exportar las reglas a los archivos de los agentes',
  },
  ['health.section_elsewhere'] = {
    en = 'autofix: rules files changed elsewhere',
    es = 'autofix: archivos de reglas cambiados desde fuera',
  },
  ['health.origin_cmd'] = { en = 'set by the `cmd` option', es = 'indicado por la opción `cmd`' },
  ['health.origin_path'] = { en = 'found on PATH', es = 'encontrado en el PATH' },
  ['health.origin_downloaded'] = {
    en = 'downloaded by :AutofixInstallServer',
    es = 'descargado por :AutofixInstallServer',
  },
  ['health.advice_download'] = {
    en = ':AutofixInstallServer downloads the release build for %s (checksum verified) to %s',
    es = ':AutofixInstallServer descarga la versión publicada para %s (con la suma de comprobación verificada) en %s',
  },
  ['health.advice_build'] = {
    en = 'Or build it: `cargo install --path .` in a clone of the autofix repository puts `autofix` on PATH',
    es = 'O compílalo: `cargo install --path .` en un clon del repositorio de autofix pone `autofix` en el PATH',
  },
  ['health.advice_cmd'] = {
    en = "Or point to a server you built: require('autofix').setup({ cmd = '/path/to/autofix' })",
    es = "O indica un servidor que hayas compilado: require('autofix').setup({ cmd = '/ruta/a/autofix' })",
  },
  ['health.unused_download'] = {
    en = 'a server downloaded by :AutofixInstallServer is at %s, unused: %s comes first',
    es = 'hay un servidor descargado por :AutofixInstallServer en %s, sin usar: %s va primero',
  },
  ['health.winner_path'] = { en = '`autofix` on PATH', es = '`autofix` en el PATH' },
  ['health.winner_cmd'] = { en = 'the `cmd` option', es = 'la opción `cmd`' },
  ['health.cmd_function'] = {
    en = 'cmd is a function (custom transport); not checked',
    es = 'cmd es una función (un transporte propio); no se comprueba',
  },
  ['health.cmd_unset'] = { en = 'config.cmd is not set', es = 'config.cmd no está definido' },
  ['health.server_missing'] = {
    en = 'server `%s` not found or not executable',
    es = 'servidor `%s` no encontrado o no ejecutable',
  },
  ['health.server'] = { en = 'server: %s (%s), %s', es = 'servidor: %s (%s), %s' },
  ['health.version_failed'] = { en = '`%s --version` failed: %s', es = '`%s --version` falló: %s' },
  ['health.exit_code'] = { en = '%s exit %s', es = '%s código de salida %s' },
  ['health.command'] = { en = 'command: %s', es = 'comando: %s' },
  ['health.nvim_ok'] = { en = 'Neovim %d.%d.%d (>= 0.11)', es = 'Neovim %d.%d.%d (>= 0.11)' },
  ['health.nvim_old'] = {
    en = 'Neovim %d.%d.%d: autofix needs 0.11 or newer (vim.lsp.config / vim.lsp.enable)',
    es = 'Neovim %d.%d.%d: autofix necesita la 0.11 o posterior (vim.lsp.config / vim.lsp.enable)',
  },
  ['health.no_config'] = {
    en = 'no `autofix` LSP config: put editors/nvim on the runtimepath (it provides lsp/autofix.lua)',
    es = 'no hay configuración LSP `autofix`: pon editors/nvim en el runtimepath (aporta lsp/autofix.lua)',
  },
  ['health.enabled'] = { en = "enabled (vim.lsp.enable('autofix'))", es = "activado (vim.lsp.enable('autofix'))" },
  ['health.not_enabled'] = { en = 'not enabled', es = 'no activado' },
  ['health.enable_advice'] = {
    en = "Call vim.lsp.enable('autofix') or require('autofix').setup()",
    es = "Llama a vim.lsp.enable('autofix') o a require('autofix').setup()",
  },
  ['health.lang'] = { en = 'language of these texts: %s (%s)', es = 'idioma de estos textos: %s (%s)' },
  ['health.lang_option'] = { en = "setup({ lang = '%s' })", es = "setup({ lang = '%s' })" },
  ['health.lang_default'] = { en = 'the default', es = 'el predeterminado' },
  ['health.no_buffer'] = { en = 'no file buffer to check', es = 'no hay ningún búfer de archivo que comprobar' },
  ['health.buffer'] = { en = 'buffer: %s', es = 'búfer: %s' },
  ['health.client'] = {
    en = 'client %d attached (root %s, position encoding %s)',
    es = 'cliente %d conectado (raíz %s, codificación de posiciones %s)',
  },
  ['health.no_root_dir'] = { en = 'none', es = 'ninguna' },
  ['health.no_client'] = {
    en = 'no autofix client attached to this buffer',
    es = 'ningún cliente de autofix conectado a este búfer',
  },
  ['health.root_would_be'] = { en = 'project root would be %s', es = 'la raíz del proyecto sería %s' },
  ['health.no_root'] = {
    en = 'no project root: none of .agents/autofix.json, autofix.json, .rules/autofix.json, .git above this file',
    es = 'sin raíz de proyecto: no hay .agents/autofix.json, autofix.json, .rules/autofix.json ni .git por encima de este archivo',
  },
  ['health.see_log'] = {
    en = 'See :checkhealth vim.lsp and the log (:lua vim.cmd.edit(vim.lsp.log.get_filename()))',
    es = 'Mira :checkhealth vim.lsp y el registro (:lua vim.cmd.edit(vim.lsp.log.get_filename()))',
  },
  ['health.no_rules_file'] = { en = 'no rules file in this project', es = 'no hay archivo de reglas en este proyecto' },
  ['health.learn_advice'] = {
    en = 'Learn a rule with :AutofixLearn: it creates .agents/autofix.json',
    es = 'Aprende una regla con :AutofixLearn: crea .agents/autofix.json',
  },
  ['health.rules_broken'] = {
    en = 'rules file %s is broken: %s',
    es = 'el archivo de reglas %s tiene errores: %s',
  },
  ['health.rules_broken_advice'] = {
    en = 'The last good rules stay in force; open the file to see the problems',
    es = 'Siguen en vigor las últimas reglas válidas; abre el archivo para ver los problemas',
  },
  ['health.rules_file.one'] = { en = 'rules file %s: %d active rule', es = 'archivo de reglas %s: %d regla activa' },
  ['health.rules_file.other'] = {
    en = 'rules file %s: %d active rules',
    es = 'archivo de reglas %s: %d reglas activas',
  },
  ['health.rules_found'] = { en = 'rules file found: %s', es = 'archivo de reglas encontrado: %s' },
  ['health.no_rules_above'] = {
    en = 'no rules file found above this buffer',
    es = 'no se encontró ningún archivo de reglas por encima de este búfer',
  },
  ['health.handler_ok'] = {
    en = 'workspace/applyEdit handler installed for the autofix client',
    es = 'manejador de workspace/applyEdit instalado para el cliente de autofix',
  },
  ['health.handler_other'] = {
    en = 'the running client uses another workspace/applyEdit handler than the config',
    es = 'el cliente en marcha usa otro manejador de workspace/applyEdit que el de la configuración',
  },
  ['health.no_handler'] = {
    en = 'no workspace/applyEdit handler: edits would be applied without asking',
    es = 'no hay manejador de workspace/applyEdit: las ediciones se aplicarían sin preguntar',
  },
  ['health.handler_advice'] = {
    en = "Do not override handlers['workspace/applyEdit'] in vim.lsp.config('autofix', ...)",
    es = "No sobrescribas handlers['workspace/applyEdit'] en vim.lsp.config('autofix', ...)",
  },
  ['health.caps_ok'] = {
    en = 'advertises versioned documentChanges and change annotations (stale edits refused, approvals shown)',
    es = 'anuncia documentChanges versionados y anotaciones de cambio (se rechazan las ediciones obsoletas, se muestran las aprobaciones)',
  },
  ['health.caps_missing'] = {
    en = 'versioned documentChanges / change annotations not advertised: the server cannot ask for approval',
    es = 'no se anuncian documentChanges versionados / anotaciones de cambio: el servidor no puede pedir aprobación',
  },
  ['health.approve_false'] = {
    en = 'approve = false: edits that need confirmation are applied without asking',
    es = 'approve = false: las ediciones que necesitan confirmación se aplican sin preguntar',
  },
  ['health.approve_function'] = { en = 'approve: custom function', es = 'approve: función propia' },
  ['health.approve_select'] = {
    en = "approve = 'select': the diff is shown and vim.ui.select asks Accept / Reject",
    es = "approve = 'select': se muestra el diff y vim.ui.select pregunta Aceptar / Rechazar",
  },
  ['health.approve_review'] = {
    en = 'approve = true: a review tab shows the diff (a accept, r reject, e edit)',
    es = 'approve = true: una pestaña de revisión muestra el diff (a aceptar, r rechazar, e editar)',
  },
  ['health.export_on'] = {
    en = 'export_on_change: the rules are exported to AGENTS.md, CLAUDE.md, … (the files the project has) whenever they change, without asking',
    es = 'export_on_change: las reglas se exportan a AGENTS.md, CLAUDE.md, … (los archivos que tenga el proyecto) cada vez que cambian, sin preguntar',
  },
  ['health.export_off'] = {
    en = 'export_on_change is off: export with :AutofixExport (setup({ export_on_change = true }) keeps the agent files current)',
    es = 'export_on_change está desactivado: exporta con :AutofixExport (setup({ export_on_change = true }) mantiene al día los archivos de los agentes)',
  },
  ['health.agent_files'] = { en = 'agent files in the project: %s', es = 'archivos de agentes en el proyecto: %s' },
  ['health.no_agent_files'] = {
    en = 'no agent files in the project yet: name the agents, e.g. :AutofixExport agents claude',
    es = 'aún no hay archivos de agentes en el proyecto: indica los agentes, p. ej. :AutofixExport agents claude',
  },
  ['health.no_client_nothing'] = {
    en = 'no client attached: nothing to report',
    es = 'ningún cliente conectado: nada que informar',
  },
  ['health.watched'] = {
    en = 'Neovim watches the rules files for the server (didChangeWatchedFiles)',
    es = 'Neovim vigila los archivos de reglas para el servidor (didChangeWatchedFiles)',
  },
  ['health.polled'] = {
    en = 'the server polls the rules files every second (Neovim offers it no file watching here)',
    es = 'el servidor consulta los archivos de reglas cada segundo (aquí Neovim no le ofrece vigilancia de archivos)',
  },
  ['health.reloaded'] = {
    en = 'an unmodified buffer of a rules file is reloaded when the file changes on disk',
    es = 'un búfer sin modificar de un archivo de reglas se recarga cuando el archivo cambia en disco',
  },

  -- install.lua -------------------------------------------------------------------------------
  ['install.no_build'] = {
    en = 'no autofix release build for %s %s: build the server with `cargo install --path .` in a clone of the repository, or set `cmd` to a server you built',
    es = 'no hay versión publicada de autofix para %s %s: compila el servidor con `cargo install --path .` en un clon del repositorio, o pon en `cmd` un servidor que hayas compilado',
  },
  ['install.no_target'] = {
    en = 'no autofix release build for target %q; there are: %s',
    es = 'no hay versión publicada de autofix para el destino %q; las hay para: %s',
  },
  ['install.exit_code'] = { en = '%s exited with code %d', es = '%s terminó con el código %d' },
  ['install.download_failed_latest'] = {
    en = 'could not download %s: %s (is there a latest release with a build for %s?)',
    es = 'no se pudo descargar %s: %s (¿hay una última versión publicada con una compilación para %s?)',
  },
  ['install.download_failed'] = {
    en = 'could not download %s: %s (is there a release %s with a build for %s?)',
    es = 'no se pudo descargar %s: %s (¿hay una versión %s publicada con una compilación para %s?)',
  },
  ['install.downloading'] = { en = 'downloading %s (%s)…', es = 'descargando %s (%s)…' },
  ['install.no_sum'] = { en = '%s holds no SHA-256', es = '%s no contiene ningún SHA-256' },
  ['install.other_sum'] = {
    en = '%s is the checksum of %s, not of %s',
    es = '%s es la suma de comprobación de %s, no de %s',
  },
  ['install.no_sum_program'] = {
    en = 'cannot check the download: none of sha256sum, shasum, certutil is on PATH',
    es = 'no se puede comprobar la descarga: no hay sha256sum, shasum ni certutil en el PATH',
  },
  ['install.sum_failed'] = { en = 'cannot check the download: %s', es = 'no se puede comprobar la descarga: %s' },
  ['install.mismatch'] = {
    en = 'checksum mismatch for %s: expected %s (%s), got %s; the download was deleted and nothing was installed',
    es = 'la suma de comprobación de %s no coincide: se esperaba %s (%s) y se obtuvo %s; se borró la descarga y no se instaló nada',
  },
  ['install.unpack_failed'] = { en = 'could not unpack %s: %s', es = 'no se pudo desempaquetar %s: %s' },
  ['install.not_in_archive'] = { en = '%s holds no %s', es = '%s no contiene %s' },
  ['install.printed'] = { en = 'it printed %q', es = 'imprimió %q' },
  ['install.does_not_run'] = {
    en = 'the downloaded server does not run here (`autofix --version`: %s)',
    es = 'el servidor descargado no funciona aquí (`autofix --version`: %s)',
  },
  ['install.try_musl'] = {
    en = "; without glibc (Alpine), try require('autofix.install').install({ target = 'x86_64-unknown-linux-musl' })",
    es = "; sin glibc (Alpine), prueba require('autofix.install').install({ target = 'x86_64-unknown-linux-musl' })",
  },
  ['install.put_failed'] = { en = 'could not install to %s: %s', es = 'no se pudo instalar en %s: %s' },
  ['install.missing_program'] = {
    en = '`%s` is not on PATH; install it, or build the server with `cargo install --path .`',
    es = '`%s` no está en el PATH; instálalo, o compila el servidor con `cargo install --path .`',
  },
  ['install.cannot_write'] = { en = 'cannot write to %s: %s', es = 'no se puede escribir en %s: %s' },
  ['install.not_installed'] = { en = 'server not installed: %s', es = 'servidor no instalado: %s' },
  ['install.installed'] = { en = 'installed server %s to %s', es = 'servidor %s instalado en %s' },
  ['install.not_used'] = {
    en = ' (not the one used: `%s` comes first, see :checkhealth autofix)',
    es = ' (no es el que se usa: `%s` va primero, mira :checkhealth autofix)',
  },
}

return M
