/**
 * `npm start`'s dev server (webpack.config.ts devServer, as scripts/local-stack/dev.ts uses it): a page opened
 * at http://localhost:<port> connects the live-reload socket without webpack-dev-server's
 * "Invalid Host/Origin header", under the site's own security headers, and it lists no files. A
 * tiny bundle stands in for the app; the server options are the real ones. It needs a browser,
 * so it belongs to the browser suite (`npm test` needs none).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { expect, test } from '@playwright/test';
import { createConfig, SHELL_FILE } from '../../webpack.config';
import { freePorts } from '../../scripts/common/ports';
import { headerConfigFromEnv, securityHeaders } from '../../scripts/build/securityHeaders';

test.describe.configure({ mode: 'serial' });

let dir: string;
let server: WebpackDevServer;
let port: number;

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dev-server-'));
  writeFileSync(path.join(dir, 'index.js'), 'document.title = "ready";\n');
  [port] = (await freePorts(1)) as [number];
  const { devServer, devtool } = createConfig({ mode: 'development', port });
  const compiler = webpack({
    mode: 'development',
    // The app's own development source maps, which must run under the CSP the server sends.
    devtool,
    context: dir,
    entry: './index.js',
    output: { path: path.join(dir, 'dist'), publicPath: '/' },
    plugins: [new HtmlWebpackPlugin({ filename: SHELL_FILE })],
    infrastructureLogging: { level: 'none' },
    stats: 'none',
  });
  server = new WebpackDevServer(devServer, compiler);
  await server.start();
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('live reload connects from http://localhost:<port> (no "Invalid Host/Origin header")', async ({
  page,
}) => {
  const errors: string[] = [];
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The dev server says "ok" or sends the bundle's hash once the live-reload socket is accepted.
  const connected = new Promise<string>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (text.includes('Invalid Host/Origin')) refused.push(text);
        if (/"type":"(ok|hash|still-ok)"/.test(text)) resolve(socket.url());
      }),
    );
  });
  await page.goto(`http://localhost:${port}/`);
  let timer: NodeJS.Timeout | undefined;
  const url = await Promise.race([
    connected,
    new Promise<string>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no live-reload socket: ${[...refused, ...errors].join(' | ')}`)),
        15_000,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  expect(new URL(url).host).toBe(`localhost:${port}`);
  expect(refused).toEqual([]);
  expect(errors.filter((text) => text.includes('Invalid Host/Origin'))).toEqual([]);
});

test('sends the site’s security headers, and the page runs under its CSP', async ({ page }) => {
  const response = await fetch(`http://localhost:${port}/`);
  expect(response.status).toBe(200);
  for (const [name, value] of Object.entries(securityHeaders(headerConfigFromEnv())))
    expect([name, response.headers.get(name)]).toEqual([name, value]);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');

  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`http://localhost:${port}/`);
  await page.waitForFunction(() => document.title === 'ready');
  expect(violations).toEqual([]);
});

test('does not list the build’s files at /webpack-dev-server', async () => {
  const page = (url: string) =>
    fetch(`http://localhost:${port}${url}`, { headers: { accept: 'text/html' } }).then((response) =>
      response.text(),
    );
  const listing = await page('/webpack-dev-server');
  expect(listing).not.toContain('Assets Report');
  // Like any other path, it is the app's page.
  expect(listing).toBe(await page('/some/other/path'));
});
