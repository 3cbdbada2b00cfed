// Bundles the extension (dist/extension.js) with esbuild; --tests also bundles test/*.test.ts
// into out/test/ for `node --test`.
import * as esbuild from 'esbuild';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = new Set(process.argv.slice(2));
const production = args.has('--production');

const common = {
  absWorkingDir: here,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  logLevel: 'warning',
};

if (args.has('--tests')) {
  const tests = readdirSync(path.join(here, 'test')).filter((f) => f.endsWith('.test.ts'));
  await esbuild.build({
    ...common,
    entryPoints: tests.map((f) => `test/${f}`),
    outdir: 'out/test',
    // typescript: test/l10n.test.ts parses src/ with it (from node_modules, not bundled).
    external: ['vscode', 'typescript'],
    sourcemap: 'inline',
  });
} else {
  const options = {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
  };
  if (args.has('--watch')) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  } else {
    await esbuild.build(options);
  }
}
