#!/usr/bin/env bash
# The VS Code e2e runs: each a fresh code-server profile, the packaged .vsix installed, a copy of
# examples/demo as the workspace, code-server started under setsid, a script driving it in
# headless Debian chromium, everything we started stopped. Exit code = test result.
#   1. e2e.mjs     in English: every flow of the extension.
#   2. e2e-es.mjs  with VS Code's display language Spanish (`--locale es`): the extension's own
#                  texts (palette titles, notifications, the status bar, the settings) and the
#                  server's, in Spanish.
# AUTOFIX_E2E_EN=0 or AUTOFIX_E2E_ES=0 skips one of them.
# Needs what scripts/test-vscode installs (code-server, playwright-core) and the .vsix.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TV=$ROOT/tests/vscode
CACHE=${AUTOFIX_VSCODE_CACHE:-$TV/.cache}
CS=$CACHE/code-server/node_modules/.bin/code-server
VSIX=${AUTOFIX_VSIX:-$(ls -t "$ROOT"/editors/vscode/autofix-*.vsix 2>/dev/null | head -1)}
[ -x "$CS" ] || { echo "code-server missing: run scripts/test-vscode" >&2; exit 2; }
[ -f "$VSIX" ] || { echo "no .vsix in editors/vscode: run scripts/test-vscode (or npm run package)" >&2; exit 2; }

SHOTS=$CACHE/shots
rm -rf "$SHOTS"; mkdir -p "$SHOTS"

# VS Code shows a display language only when a language pack for it is installed, and the real
# Spanish one (MS-CEINTL.vscode-language-pack-es) comes from a marketplace these machines cannot
# reach. tests/vscode/langpack-es is a stand-in: a language pack for `es` with no translations of
# VS Code's own, so VS Code's texts stay English while `vscode.env.language` is `es` — what makes
# VS Code load the extension's package.nls.es.json and l10n/bundle.l10n.es.json, and what the
# language client sends the server as `locale`. Packaged once per change of its files.
langpack_es() {
  local out=$CACHE/langpack/es.vsix stamp=$CACHE/langpack/es.sha want
  want=$(cd "$TV/langpack-es" && find . -type f | sort | xargs sha256sum | sha256sum | cut -c1-16)
  if [ ! -f "$out" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    mkdir -p "$CACHE/langpack"
    (cd "$TV/langpack-es" && "$ROOT/editors/vscode/node_modules/.bin/vsce" package --no-dependencies \
      --allow-missing-repository --skip-license --out "$out") > "$CACHE/langpack/package.log" 2>&1 \
      || { cat "$CACHE/langpack/package.log" >&2; return 1; }
    echo "$want" > "$stamp"
  fi
  echo "$out"
}

CSPID=
cleanup() { [ -z "$CSPID" ] || kill -- -"$CSPID" 2>/dev/null || true; }   # the process group we started: code-server, ext host, autofix
trap cleanup EXIT

# run NAME SCRIPT [LOCALE [EXTRA_VSIX…]]: one code-server run in $CACHE/NAME driven by SCRIPT.
run() {
  local name=$1 script=$2 locale=${3:-} extra=("${@:4}")
  local R=$CACHE/$name     # this run's state: profile, extensions, workspace, logs
  rm -rf "$R"; mkdir -p "$R/user-data/User" "$R/extensions" "$R/xdg"/{config,data,state,cache} "$R/tmp"
  export XDG_CONFIG_HOME=$R/xdg/config XDG_DATA_HOME=$R/xdg/data XDG_STATE_HOME=$R/xdg/state XDG_CACHE_HOME=$R/xdg/cache
  export TMPDIR=$R/tmp
  # The workspace: a copy of the demo project (its .agents/autofix.json and files that break it).
  local WS=$R/workspace
  cp -r "$ROOT/examples/demo" "$WS"

  local PORT=${PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
  printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$PORT" > "$R/config.yaml"
  cat > "$R/user-data/User/settings.json" <<JSON
{
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "files.hotExit": "off",
  "typescript.validate.enable": false,
  "javascript.validate.enable": false,
  "git.enabled": false,
  "editor.minimap.enabled": false,
  "chat.commandCenter.enabled": false,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "autofix.trace.server": "messages",
  "autofix.workspaceDiagnostics": false
}
JSON
  local CSARGS=(--config "$R/config.yaml" --user-data-dir "$R/user-data" --extensions-dir "$R/extensions")
  local vsix
  for vsix in "$VSIX" "${extra[@]}"; do
    "$CS" "${CSARGS[@]}" --install-extension "$vsix" >> "$R/install.log" 2>&1 || { cat "$R/install.log" >&2; return 1; }
  done
  local LOCALE_ARGS=()
  if [ -n "$locale" ]; then
    LOCALE_ARGS=(--locale "$locale")
    # The editor records the language packs it has in user-data/languagepacks.json when one is
    # installed from its Extensions view; the command-line install above does not, and without
    # the record `--locale` falls back to English. Write the record the editor would.
    node - "$R/extensions" "$R/user-data/languagepacks.json" <<'JS' || return 1
const fs = require('node:fs'), path = require('node:path'), crypto = require('node:crypto');
const [dir, out] = process.argv.slice(2);
const packs = {};
for (const name of fs.readdirSync(dir)) {
  const file = path.join(dir, name, 'package.json');
  if (!fs.existsSync(file)) continue;
  const m = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const l of m.contributes?.localizations ?? []) {
    const id = `${m.publisher}.${m.name}`;
    const translations = Object.fromEntries(l.translations.map((t) => [t.id, path.join(dir, name, t.path)]));
    const hash = crypto.createHash('md5').update(id).update(m.version).digest('hex');
    packs[l.languageId] = { hash, extensions: [{ extensionIdentifier: { id }, version: m.version }], translations, label: l.localizedLanguageName ?? l.languageName };
  }
}
fs.writeFileSync(out, JSON.stringify(packs));
JS
  fi
  setsid "$CS" "${CSARGS[@]}" "${LOCALE_ARGS[@]}" --disable-telemetry --disable-update-check --disable-workspace-trust \
    --disable-getting-started-override "$WS" > "$R/code-server.log" 2>&1 &
  CSPID=$!
  dump_logs() {
    echo "--- code-server.log (tail)" >&2; tail -n 20 "$R/code-server.log" >&2 || true
    for f in $(find "$R/user-data/logs" \( -name 'exthost.log' -o -name '*autofix*.log' \) 2>/dev/null); do
      echo "--- $f (tail)" >&2; tail -n 40 "$f" >&2
    done
  }
  for _ in $(seq 1 300); do
    curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
    kill -0 "$CSPID" 2>/dev/null || break
    sleep 0.2
  done
  curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null || { echo "code-server did not come up" >&2; dump_logs; cleanup; CSPID=; return 1; }
  local rc=0
  node "$TV/$script" "http://127.0.0.1:$PORT" "$WS" "$SHOTS" "$R/extensions" "$R/user-data/User" || rc=$?
  [ $rc -eq 0 ] || dump_logs
  cleanup; CSPID=
  return $rc
}

rc=0
if [ "${AUTOFIX_E2E_EN:-1}" != 0 ]; then
  run run e2e.mjs || rc=$?
fi
if [ "${AUTOFIX_E2E_ES:-1}" != 0 ]; then
  echo "::: e2e in Spanish (--locale es)" >&2
  pack=$(langpack_es) && run run-es e2e-es.mjs es "$pack" || rc=$?
fi
echo "screenshots: $SHOTS"
exit $rc
