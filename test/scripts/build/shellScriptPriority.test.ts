import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ShellScriptPriorityPlugin } from '../../../scripts/build/shellScriptPriority';

/** Builds a one-line entry into a shell with HtmlWebpackPlugin (and `plugins`); returns it. */
async function shellWith(plugins: webpack.WebpackPluginInstance[]): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shell-priority-'));
  try {
    writeFileSync(path.join(dir, 'entry.js'), 'document.title = "app";\n');
    writeFileSync(
      path.join(dir, 'shell.html'),
      '<!doctype html><html><head></head><body></body></html>',
    );
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: { main: './entry.js' },
      output: { path: path.join(dir, 'dist'), filename: '[name].js' },
      plugins: [
        new HtmlWebpackPlugin({
          template: './shell.html',
          filename: 'app.html',
          scriptLoading: 'defer',
        }),
        ...plugins,
      ],
    });
    await new Promise<void>((resolve, reject) =>
      compiler.run((error, stats) =>
        error || !stats || stats.hasErrors()
          ? reject(error ?? new Error(stats?.toString()))
          : resolve(),
      ),
    );
    await new Promise<void>((resolve) => compiler.close(() => resolve()));
    return readFileSync(path.join(dir, 'dist/app.html'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('ShellScriptPriorityPlugin', () => {
  it('asks for the shell’s scripts at high priority, still deferred', async () => {
    const scripts = (await shellWith([new ShellScriptPriorityPlugin()])).match(/<script[^>]*>/g);
    expect(scripts).toEqual([expect.stringMatching(/\bsrc="?main\.js\b/)]);
    expect(scripts![0]).toMatch(/\bdefer\b/);
    expect(scripts![0]).toMatch(/\bfetchpriority="?high\b/);
  }, 30_000);
});
