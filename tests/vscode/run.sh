#!/usr/bin/env bash
# One VS Code e2e run: a fresh code-server profile, the packaged .vsix installed, a copy of
# examples/demo as the workspace, code-server started under setsid, e2e.mjs driving it in
# headless Debian chromium, everything we started stopped. Exit code = test result.
# Needs what scripts/test-vscode installs (code-server, playwright-core) and the .vsix.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TV=$ROOT/tests/vscode
CACHE=${AUTOFIX_VSCODE_CACHE:-$TV/.cache}
CS=$CACHE/code-server/node_modules/.bin/code-server
VSIX=${AUTOFIX_VSIX:-$(ls -t "$ROOT"/editors/vscode/autofix-*.vsix 2>/dev/null | head -1)}
[ -x "$CS" ] || { echo "code-server missing: run scripts/test-vscode" >&2; exit 2; }
[ -f "$VSIX" ] || { echo "no .vsix in editors/vscode: run scripts/test-vscode (or npm run package)" >&2; exit 2; }

R=$CACHE/run            # this run's state: profile, extensions, workspace, logs
SHOTS=$CACHE/shots
rm -rf "$R" "$SHOTS"; mkdir -p "$R/user-data/User" "$R/extensions" "$R/xdg"/{config,data,state,cache} "$R/tmp" "$SHOTS"
export XDG_CONFIG_HOME=$R/xdg/config XDG_DATA_HOME=$R/xdg/data XDG_STATE_HOME=$R/xdg/state XDG_CACHE_HOME=$R/xdg/cache
export TMPDIR=$R/tmp
# The workspace: a copy of the demo project (its .agents/autofix.json and files that break it).
WS=$R/workspace
cp -r "$ROOT/examples/demo" "$WS"

PORT=${PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
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
CSARGS=(--config "$R/config.yaml" --user-data-dir "$R/user-data" --extensions-dir "$R/extensions")
"$CS" "${CSARGS[@]}" --install-extension "$VSIX" > "$R/install.log" 2>&1 || { cat "$R/install.log" >&2; exit 1; }
setsid "$CS" "${CSARGS[@]}" --disable-telemetry --disable-update-check --disable-workspace-trust \
  --disable-getting-started-override "$WS" > "$R/code-server.log" 2>&1 &
CSPID=$!
dump_logs() {
  echo "--- code-server.log (tail)" >&2; tail -n 20 "$R/code-server.log" >&2 || true
  for f in $(find "$R/user-data/logs" \( -name 'exthost.log' -o -name '*autofix*.log' \) 2>/dev/null); do
    echo "--- $f (tail)" >&2; tail -n 40 "$f" >&2
  done
}
cleanup() { kill -- -"$CSPID" 2>/dev/null || true; }   # the process group we started: code-server, ext host, autofix
trap cleanup EXIT
for _ in $(seq 1 300); do
  curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
  kill -0 "$CSPID" 2>/dev/null || break
  sleep 0.2
done
curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null || { echo "code-server did not come up" >&2; dump_logs; exit 1; }
rc=0
node "$TV/e2e.mjs" "http://127.0.0.1:$PORT" "$WS" "$SHOTS" "$R/extensions" "$R/user-data/User" || rc=$?
[ $rc -eq 0 ] || dump_logs
echo "screenshots: $SHOTS"
exit $rc
