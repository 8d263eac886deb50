/**
 * How a production build is served (server/platform/staticSite.ts, through the local static server the
 * browser suite and the benchmark use; serve.test.ts starts the one-process service): the
 * build's own precompressed files, revalidation with ETag, a year's cache for hashed assets and
 * none for pages, the SPA fallback, the production headers and /api for the API.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { freePorts } from '../../scripts/common/ports';
import { startStaticServer, type StaticServer } from '../../scripts/local-stack/staticServer';

const HEADERS = { 'X-Content-Type-Options': 'nosniff', 'X-Frame-Policy': 'fixture' };
const SCRIPT = 'function greet(name){return "Hello, "+name+"!"}\n'.repeat(200);
const PAGE = `<!doctype html><title>services page</title>${'<p>Hand wash and wax.</p>'.repeat(80)}`;

/** Holds dist/ and a file beside it that must not be reachable. */
let root: string;
let dist: string;
let api: http.Server;
let server: StaticServer;
/** What the API behind /api received. */
const apiRequests: string[] = [];

/** A text file with its .br and .gz beside it, as the build writes them. */
function writeCompressed(file: string, content: string): void {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), content);
  // Another quality than any server would pick at request time, so the bytes tell them apart.
  writeFileSync(
    path.join(dist, `${file}.br`),
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
  );
  writeFileSync(path.join(dist, `${file}.gz`), gzipSync(content, { level: 2 }));
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'static-site-'));
  dist = path.join(root, 'dist');
  writeFileSync(path.join(root, 'outside.txt'), 'secret');
  writeCompressed('assets/main.1a2b3c.js', SCRIPT);
  writeCompressed('services/index.html', PAGE);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>home page</title>');
  writeFileSync(path.join(dist, 'app.html'), '<!doctype html><title>app shell</title>');
  writeCompressed('api/index.html', '<!doctype html><title>API reference</title>');
  api = http.createServer((req, res) => {
    apiRequests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const [port] = (await freePorts(1)) as [number];
  server = await startStaticServer({
    dist,
    port,
    apiTarget: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    headers: HEADERS,
  });
});

afterAll(async () => {
  await server.close();
  await new Promise((resolve) => api.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, not decoded. */
  body: Buffer;
}

/** A request whose answer is read as sent (fetch would decode brotli and gzip). */
function get(
  urlPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(server.url);
    // The path as written (a URL would resolve /../ and encode %).
    const request = http.request({ hostname, port, path: urlPath, method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const file = (name: string) => readFileSync(path.join(dist, name));

describe('the build as served', () => {
  it('sends the build’s own brotli file to a browser that accepts brotli', async () => {
    const answer = await get('/assets/main.1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.body.equals(file('assets/main.1a2b3c.js.br'))).toBe(true);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends a prerendered page’s own brotli and gzip files', async () => {
    const br = await get('/services', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    expect(br.body.equals(file('services/index.html.br'))).toBe(true);
    const gzip = await get('/services/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(file('services/index.html.gz'))).toBe(true);
    const plain = await get('/services');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
  });

  it('answers a repeat request with its ETag with 304 and no body', async () => {
    for (const [urlPath, encoding] of [
      ['/assets/main.1a2b3c.js', 'br'],
      ['/services', 'gzip'],
      ['/', ''],
    ] as const) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const first = await get(urlPath, headers);
      expect(first.status).toBe(200);
      expect(first.headers['last-modified']).toBeTruthy();
      const etag = first.headers.etag;
      expect(etag).toBeTruthy();
      const again = await get(urlPath, { ...headers, 'if-none-match': etag! });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['x-content-type-options']).toBe('nosniff');
    }
    const changed = await get('/', { 'if-none-match': 'W/"not-this-one"' });
    expect(changed.status).toBe(200);
  });

  it('caches a hashed asset for a year and revalidates every page', async () => {
    const asset = await get('/assets/main.1a2b3c.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const page of ['/', '/services', '/dashboard/vehicles', '/api/']) {
      const answer = await get(page, { 'accept-encoding': 'br, gzip' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the SPA shell for an app route, and 404 for a missing file', async () => {
    const route = await get('/dashboard/vehicles');
    expect(route.status).toBe(200);
    expect(route.body.toString()).toContain('app shell');
    const home = await get('/');
    expect(home.body.toString()).toContain('home page');
    const missing = await get('/assets/gone.9z9z9z.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-frame-policy']).toBe('fixture');
    for (const escape of [
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/assets/..%2f..%2foutside.txt',
    ]) {
      const outside = await get(escape);
      expect([403, 404]).toContain(outside.status);
      expect(outside.body.toString()).not.toContain('secret');
    }
    const undecodable = await get('/%');
    expect(undecodable.status).toBe(400);
    expect(undecodable.headers['x-frame-policy']).toBe('fixture');
  });

  it('sends the production headers with every answer', async () => {
    for (const urlPath of ['/', '/services', '/dashboard', '/assets/main.1a2b3c.js', '/nope.txt']) {
      const answer = await get(urlPath);
      for (const [name, value] of Object.entries(HEADERS)) {
        expect(answer.headers[name.toLowerCase()]).toBe(value);
      }
    }
  });

  it('answers HEAD like GET without a body, and refuses other methods on the site', async () => {
    const head = await get('/services', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(PAGE.length));
    expect(head.body.length).toBe(0);
    const post = await get('/services', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('passes /api to the API without its prefix, except the API reference’s own files', async () => {
    apiRequests.length = 0;
    const health = await get('/api/health?deep=1');
    expect(health.body.toString()).toBe('{"status":"ok"}');
    const posted = await get('/api/bookings', {}, 'POST');
    expect(posted.status).toBe(200);
    const reference = await get('/api/', { 'accept-encoding': 'br' });
    expect(reference.body.equals(file('api/index.html.br'))).toBe(true);
    expect(apiRequests).toEqual(['GET /health?deep=1', 'POST /bookings']);
  });
});
