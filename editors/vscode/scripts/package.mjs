// `npm run package`: copies a server binary into server/ (with server/platform.json naming the
// platform it was built for) and the JSON schema (schemas/autofix.schema.json) into schemas/, then
// builds the .vsix with vsce (which runs the production bundle through vscode:prepublish).
//
// Environment (scripts/release sets them; the defaults package this machine's release build):
//   AUTOFIX_VSIX_TARGET     the VS Code target (linux-x64, win32-x64, darwin-arm64, alpine-x64…), or
//                           `universal` for an extension without a server (setting or PATH)
//   AUTOFIX_SERVER_BINARY   the server to bundle (default: target/release/autofix)
//   AUTOFIX_SERVER_TRIPLE   the Rust target it was built for (recorded in platform.json)
//   AUTOFIX_VSIX            where the .vsix goes
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { completionSchema } from './completion-schema.mjs';

const ext = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repo = path.resolve(ext, '..', '..');
const hostTarget = `${process.platform}-${process.arch}`;
const target = process.env.AUTOFIX_VSIX_TARGET || hostTarget;
const universal = target === 'universal';

rmSync(path.join(ext, 'server'), { recursive: true, force: true });
if (!universal) {
  // The name the extension looks for is the target's, not the packaging machine's.
  const exe = target.startsWith('win32-') ? 'autofix.exe' : 'autofix';
  const built = process.platform === 'win32' ? 'autofix.exe' : 'autofix';
  const server = process.env.AUTOFIX_SERVER_BINARY || path.join(repo, 'target', 'release', built);
  if (!existsSync(server)) {
    console.error(`package: ${server} does not exist; build it first with \`cargo build --release\` at ${repo}`);
    process.exit(1);
  }
  mkdirSync(path.join(ext, 'server'));
  copyFileSync(server, path.join(ext, 'server', exe));
  chmodSync(path.join(ext, 'server', exe), 0o755);
  // Read by the extension to tell a user who installed another platform's .vsix which one fits.
  const platform = { target, rustTarget: process.env.AUTOFIX_SERVER_TRIPLE || null };
  writeFileSync(path.join(ext, 'server', 'platform.json'), JSON.stringify(platform, null, 2) + '\n');
}
mkdirSync(path.join(ext, 'schemas'), { recursive: true });
copyFileSync(path.join(repo, 'LICENSE'), path.join(ext, 'LICENSE'));
// Completion, hovers and snippets only: the server reports the problems (see completion-schema.mjs).
const schema = JSON.parse(readFileSync(path.join(repo, 'schemas', 'autofix.schema.json'), 'utf8'));
writeFileSync(path.join(ext, 'schemas', 'autofix.schema.json'), JSON.stringify(completionSchema(schema), null, 2) + '\n');

const { name, version } = JSON.parse(readFileSync(path.join(ext, 'package.json'), 'utf8'));
const out = process.env.AUTOFIX_VSIX || path.join(ext, universal ? `${name}-${version}.vsix` : `${name}-${target}-${version}.vsix`);
const vsce = path.join(ext, 'node_modules', '.bin', process.platform === 'win32' ? 'vsce.cmd' : 'vsce');
// A .vsix with a native binary is marked for its platform (VS Code refuses it elsewhere); the
// universal one installs anywhere.
const targetArgs = universal ? [] : ['--target', target];
execFileSync(vsce, ['package', '--no-dependencies', ...targetArgs, '--out', out], {
  cwd: ext,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
rmSync(path.join(ext, 'server'), { recursive: true, force: true });
console.log(out);
