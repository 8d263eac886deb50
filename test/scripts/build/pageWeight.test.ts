import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { precompressBuild, writeWithGzip } from '../../../scripts/build/pageWeight';
import {
  firstRoundTripWarning,
  islandRanges,
  minifyCss,
  slimPage,
} from '../../../server/site/pageWeight';

const page = (body: string, css = '.css-abc{color:red}.css-def .MuiButton-startIcon{margin:0}') =>
  `<html><head><style data-emotion="css abc def isl">${css}</style></head>` +
  `<body><div id="root">${body}</div></body></html>`;

const island =
  '<div data-island="quote" data-island-props="{}" style="display:contents">' +
  '<div class="MuiBox-root css-isl"><button class="MuiButton-root css-isl">Next</button></div>' +
  '</div>';

describe('slimPage', () => {
  it('drops MUI class names no stylesheet mentions outside the islands', () => {
    const html = page(
      '<p class="MuiTypography-root MuiTypography-body1 css-abc">Hi</p>' +
        '<span class="MuiButton-startIcon MuiButton-iconSizeMedium">*</span>' +
        '<div class="MuiBox-root">x</div>',
    );
    const slim = slimPage(html);
    expect(slim).toContain('<p class="css-abc">Hi</p>');
    // Mentioned by a stylesheet: kept.
    expect(slim).toContain('<span class="MuiButton-startIcon">*</span>');
    expect(slim).toContain('<div >x</div>');
  });

  it('keeps an island exactly as rendered, nested elements and all', () => {
    const html = page(`<p class="MuiTypography-root css-abc">a</p>${island}<p class="MuiX">b</p>`);
    const slim = slimPage(html);
    expect(slim).toContain(island);
    expect(slim).toContain('<p class="css-abc">a</p>');
    expect(slim).toContain('<p >b</p>');
  });

  it("leaves out Emotion's list of the page's style names", () => {
    const slim = slimPage(page(`<p class="css-abc">a</p>${island}`));
    expect(slim).toContain('<style data-emotion="css">.css-abc{color:red}');
  });

  it('minifies its stylesheets', () => {
    const slim = slimPage(
      page('<p class="css-abc">a</p>', '.css-abc { color: #ffffff; margin: 0px; }'),
    );
    expect(slim).toContain('<style data-emotion="css">.css-abc{color:#fff;margin:0}</style>');
  });

  it('finds each island with its nested divs', () => {
    const html = `<div><div data-island="a"><div><div></div></div></div><div data-island="b"></div></div>`;
    expect(islandRanges(html).map(([start, end]) => html.slice(start, end))).toEqual([
      '<div data-island="a"><div><div></div></div></div>',
      '<div data-island="b"></div>',
    ]);
  });

  it('refuses a page whose island is not closed', () => {
    expect(() => islandRanges('<div data-island="a"><div></div>')).toThrow(/not closed/);
  });
});

describe('minifyCss', () => {
  it('removes comments and white space, also after colons', () => {
    expect(minifyCss('/* x */ .a {\n  position: relative;\n  color: red; }\n')).toBe(
      '.a{position:relative;color:red}',
    );
  });
});

describe('writeWithGzip', () => {
  it('writes the page and a gzip of it that unpacks to the same bytes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'page-weight-'));
    try {
      const file = path.join(dir, 'index.html');
      const html = page('<p>Héllo</p>'.repeat(200));
      const size = await writeWithGzip(file, html);
      const gz = readFileSync(`${file}.gz`);
      expect(gz.length).toBe(size);
      expect(gunzipSync(gz).toString('utf8')).toBe(html);
      expect(readFileSync(file, 'utf8')).toBe(html);
      expect(size).toBeLessThan(Buffer.byteLength(html) / 10);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('firstRoundTripWarning', () => {
  it('warns about a page whose gzip and headers exceed the first 14.6 KB, and only then', () => {
    expect(firstRoundTripWarning('/', 13_572)).toBeNull();
    expect(firstRoundTripWarning('/', 13_577)).toMatch(
      /^ {2}warning: \/ needs two round trips.* by 1 B/,
    );
  });
});

describe('zopfli', () => {
  it("leaves none of its process-wide error handlers behind, so the build's errors stay its own", async () => {
    const handlers = () => [
      process.listeners('unhandledRejection').length,
      process.listeners('uncaughtException').length,
    ];
    const before = handlers();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'page-weight-'));
    try {
      await jest.isolateModulesAsync(async () => {
        const fresh = await import('../../../scripts/build/pageWeight');
        await fresh.writeWithGzip(path.join(dir, 'index.html'), '<p>Hi</p>');
      });
      expect(handlers()).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('precompressBuild', () => {
  it('writes beside every text file of the build its brotli and gzip, nothing for the rest', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'page-weight-'));
    const write = (file: string, content: string | Buffer) => {
      mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      writeFileSync(path.join(dist, file), content);
    };
    try {
      const script = Array.from(
        { length: 400 },
        (_, n) => `function greet${n}(name){return "Hello, "+name+" #${(n * 7919).toString(36)}"}`,
      ).join('\n');
      const css = '.css-abc{color:red;margin:0 auto}'.repeat(300);
      const html = '<!doctype html><title>Services</title><p>Hand wash</p>'.repeat(50);
      const texts: Record<string, string> = {
        'assets/main.1a2b.js': script,
        'assets/page.3c4d.css': css,
        'services/index.html': html,
        'app.html': html.replace('Services', 'App'),
        'api/redoc.standalone.js': script.replace(/greet/g, 'render'),
        'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>',
        'manifest.webmanifest': '{"name":"Shine"}',
        'robots.txt': 'User-agent: *\nAllow: /\n',
        'sitemap.xml': '<?xml version="1.0"?><urlset></urlset>',
      };
      for (const [file, content] of Object.entries(texts)) write(file, content);
      // The prerendered page's gzip, written before (writeWithGzip): kept as it is.
      const pageGzip = gzipSync(html, { level: 1 });
      write('services/index.html.gz', pageGzip);
      write('assets/main.1a2b.js.map', '{}');
      write('images/van.webp', Buffer.from([0x52, 0x49, 0x46, 0x46]));
      write('_headers', '/*\n  X-Content-Type-Options: nosniff\n');

      const totals = await precompressBuild(dist);
      // Run again (a build that is re-run over its output): nothing compresses a compressed file.
      await precompressBuild(dist);

      expect(totals.files).toBe(Object.keys(texts).length);
      for (const [file, content] of Object.entries(texts)) {
        const br = readFileSync(path.join(dist, `${file}.br`));
        expect(brotliDecompressSync(br).toString('utf8')).toBe(content);
        const gz = readFileSync(path.join(dist, `${file}.gz`));
        expect(gunzipSync(gz).toString('utf8')).toBe(content);
      }
      expect(readFileSync(path.join(dist, 'services/index.html.gz')).equals(pageGzip)).toBe(true);
      // The strongest gzip (nginx's own is level 6) and the strongest brotli (a server
      // compressing at request time, @fastify/compress, uses quality 4).
      const js = readFileSync(path.join(dist, 'assets/main.1a2b.js.gz'));
      expect(js.length).toBeLessThan(gzipSync(script, { level: 6 }).length);
      const jsBr = readFileSync(path.join(dist, 'assets/main.1a2b.js.br'));
      expect(jsBr.length).toBeLessThan(
        brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
      );
      const written = readdirSync(dist, { recursive: true }).map(String);
      for (const skipped of ['assets/main.1a2b.js.map', 'images/van.webp', '_headers']) {
        expect(written.filter((file) => file.startsWith(`${skipped}.`))).toEqual([]);
      }
      expect(written.filter((file) => /\.(br|gz)\.(br|gz)$/.test(file))).toEqual([]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
