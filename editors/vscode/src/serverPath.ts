// Finding the `autofix` binary: the `autofix.server.path` setting, else the binary shipped in the
// .vsix (`server/`) when it was built for this platform, else `autofix` on PATH. No `vscode`
// import: unit-tested with node (the messages' words come from a `Words`).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { english, Words } from './words';

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
  /** The platform VS Code runs on (`runningTarget()` when absent; tests pass one). */
  running?: string;
  /** The extension's version, to name the exact .vsix that fits. */
  version?: string;
  /** The words of the messages (VS Code's display language; English when absent). */
  l10n?: Words;
}): Lookup {
  const l10n = opts.l10n ?? english;
  if (opts.setting && opts.setting.trim() !== '') {
    const p = expandSetting(opts.setting, opts.folder);
    if (executable(p)) return { ok: true, command: p, source: 'setting' };
    return {
      ok: false,
      fromSetting: true,
      message: l10n.t(
        'autofix: the server path in the setting `autofix.server.path` ({0}) is not an executable file. Fix the setting, or clear it to use the bundled server or `autofix` on PATH.',
        p,
      ),
    };
  }
  const bundled = path.join(opts.bundledDir, EXE);
  const running = opts.running ?? runningTarget();
  const built = bundledTarget(opts.bundledDir);
  const fits = built === undefined || runsOn(built, running);
  if (fits && fs.existsSync(bundled)) {
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
  const vsix = `autofix-${running}-${opts.version ?? '<version>'}.vsix`;
  let message: string;
  if (built !== undefined && !fits) {
    message = l10n.t(
      'autofix: this extension carries the server built for {0}, but VS Code runs on {1}. Install {2} from {3}, or set `autofix.server.path` to an `autofix` binary, or put `autofix` on your PATH (`cargo install autofix`).',
      built,
      running,
      vsix,
      RELEASES,
    );
  } else if (!fs.existsSync(opts.bundledDir)) {
    message = l10n.t(
      'autofix: no language server found. This is the universal autofix extension, which carries no server: install {0} from {1}, or set `autofix.server.path` to an `autofix` binary, or put `autofix` on your PATH (`cargo install autofix`).',
      vsix,
      RELEASES,
    );
  } else {
    message = l10n.t(
      'autofix: no language server found: the bundled server ({0}) is missing or not executable. Reinstall {1} from {2}, or set `autofix.server.path` to an `autofix` binary, or put `autofix` on your PATH (`cargo install autofix`).',
      bundled,
      vsix,
      RELEASES,
    );
  }
  return { ok: false, fromSetting: false, message };
}

/** Where the platform-specific extensions and server archives are published. */
export const RELEASES = 'https://github.com/autofix-dev/autofix/releases';

/** VS Code's name for the platform this extension host runs on (`vsce package --target`). */
export function runningTarget(
  platform: string = process.platform,
  arch: string = process.arch,
  alpine: boolean = platform === 'linux' && fs.existsSync('/etc/alpine-release'),
): string {
  return `${alpine ? 'alpine' : platform}-${arch}`;
}

/** The target written into `server/platform.json` when the .vsix was packaged, if any. */
export function bundledTarget(bundledDir: string): string | undefined {
  try {
    const meta = JSON.parse(fs.readFileSync(path.join(bundledDir, 'platform.json'), 'utf8')) as { target?: unknown };
    return typeof meta.target === 'string' ? meta.target : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a server built for `built` runs on `running`: the same target, or one the platform
 * runs anyway — the static musl build on any x64 Linux, x64 builds under Rosetta 2 on Apple
 * silicon and under Windows 11's emulation on arm64. */
export function runsOn(built: string, running: string): boolean {
  if (built === running) return true;
  const alsoRuns: Record<string, string[]> = {
    'linux-x64': ['alpine-x64'],
    'darwin-arm64': ['darwin-x64'],
    'win32-arm64': ['win32-x64'],
  };
  return (alsoRuns[running] ?? []).includes(built);
}
