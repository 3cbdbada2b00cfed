// Finding the `autofix` binary: the `autofix.server.path` setting, else the binary shipped in the
// .vsix (`server/`), else `autofix` on PATH. No `vscode` import: unit-tested with node.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export type ServerSource = 'setting' | 'bundled' | 'path';

export type Lookup =
  | { ok: true; command: string; source: ServerSource }
  | { ok: false; message: string; fromSetting: boolean };

export const EXE = process.platform === 'win32' ? 'autofix.exe' : 'autofix';

function executable(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    if (process.platform === 'win32') return true;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `~` and `${workspaceFolder}` expanded; relative paths are taken from the first folder. */
export function expandSetting(value: string, folder: string | undefined): string {
  let p = value.trim();
  if (p === '~' || p.startsWith('~/')) p = path.join(os.homedir(), p.slice(1));
  if (folder) p = p.replace(/\$\{workspaceFolder\}/g, folder);
  if (!path.isAbsolute(p) && folder) p = path.resolve(folder, p);
  return p;
}

export function findOnPath(envPath: string | undefined, exe = EXE): string | undefined {
  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, exe);
    if (executable(candidate)) return candidate;
  }
  return undefined;
}

export function findServer(opts: {
  setting: string | undefined;
  folder: string | undefined;
  bundledDir: string;
  envPath: string | undefined;
}): Lookup {
  if (opts.setting && opts.setting.trim() !== '') {
    const p = expandSetting(opts.setting, opts.folder);
    if (executable(p)) return { ok: true, command: p, source: 'setting' };
    return {
      ok: false,
      fromSetting: true,
      message: `autofix: the server path in the setting \`autofix.server.path\` (${p}) is not an executable file. Fix the setting, or clear it to use the bundled server or \`autofix\` on PATH.`,
    };
  }
  const bundled = path.join(opts.bundledDir, EXE);
  if (fs.existsSync(bundled)) {
    if (!executable(bundled)) {
      // Some unzip paths drop the executable bit; the file is ours, so restore it.
      try {
        fs.chmodSync(bundled, 0o755);
      } catch {
        /* reported below if it still cannot run */
      }
    }
    if (executable(bundled)) return { ok: true, command: bundled, source: 'bundled' };
  }
  const onPath = findOnPath(opts.envPath);
  if (onPath) return { ok: true, command: onPath, source: 'path' };
  return {
    ok: false,
    fromSetting: false,
    message:
      'autofix: no language server found. Set `autofix.server.path` to the `autofix` binary, put `autofix` on your PATH (for example `cargo install --path .` in the autofix repository), or install the autofix .vsix that bundles it.',
  };
}
