// `npm run package`: copies the release server (target/release/autofix) into server/ and the
// JSON schema (schemas/autofix.schema.json) into schemas/, then builds the .vsix with vsce
// (which runs the production bundle through vscode:prepublish).
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ext = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repo = path.resolve(ext, '..', '..');
const exe = process.platform === 'win32' ? 'autofix.exe' : 'autofix';
const server = process.env.AUTOFIX_SERVER_BINARY || path.join(repo, 'target', 'release', exe);
if (!existsSync(server)) {
  console.error(`package: ${server} does not exist; build it first with \`cargo build --release\` at ${repo}`);
  process.exit(1);
}
rmSync(path.join(ext, 'server'), { recursive: true, force: true });
mkdirSync(path.join(ext, 'server'));
copyFileSync(server, path.join(ext, 'server', exe));
chmodSync(path.join(ext, 'server', exe), 0o755);
mkdirSync(path.join(ext, 'schemas'), { recursive: true });
copyFileSync(path.join(repo, 'LICENSE'), path.join(ext, 'LICENSE'));
copyFileSync(path.join(repo, 'schemas', 'autofix.schema.json'), path.join(ext, 'schemas', 'autofix.schema.json'));

const { name, version } = JSON.parse(readFileSync(path.join(ext, 'package.json'), 'utf8'));
const out = process.env.AUTOFIX_VSIX || path.join(ext, `${name}-${version}.vsix`);
// The .vsix carries a native binary: mark it for this platform (VS Code refuses it elsewhere).
const target = process.env.AUTOFIX_VSIX_TARGET || `${process.platform === 'win32' ? 'win32' : process.platform}-${process.arch}`;
const vsce = path.join(ext, 'node_modules', '.bin', process.platform === 'win32' ? 'vsce.cmd' : 'vsce');
execFileSync(vsce, ['package', '--no-dependencies', '--target', target, '--out', out], { cwd: ext, stdio: 'inherit' });
console.log(out);
