import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  firstRoundTripWarning,
  islandRanges,
  minifyCss,
  precompressAssets,
  slimPage,
  writeWithGzip,
} from '../../scripts/lib/pageWeight';

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
        const fresh = await import('../../scripts/lib/pageWeight');
        await fresh.writeWithGzip(path.join(dir, 'index.html'), '<p>Hi</p>');
      });
      expect(handlers()).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('precompressAssets', () => {
  it('writes beside each script and style sheet a gzip of it, smaller than nginx would send', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'page-weight-'));
    try {
      const script = 'function greet(name){return "Hello, "+name+"!"}'.repeat(300);
      const css = '.css-abc{color:red;margin:0 auto}'.repeat(300);
      writeFileSync(path.join(dir, 'main.1a2b.js'), script);
      writeFileSync(path.join(dir, 'page.3c4d.css'), css);
      writeFileSync(path.join(dir, 'main.1a2b.js.map'), '{}');
      const totals = await precompressAssets(dir);
      expect(totals.files).toBe(2);
      const js = readFileSync(path.join(dir, 'main.1a2b.js.gz'));
      expect(gunzipSync(js).toString('utf8')).toBe(script);
      expect(gunzipSync(readFileSync(path.join(dir, 'page.3c4d.css.gz'))).toString('utf8')).toBe(
        css,
      );
      // nginx's own gzip for scripts (gzip_comp_level 6 in the bench's configuration).
      expect(js.length).toBeLessThan(gzipSync(script, { level: 6 }).length);
      expect(existsSync(path.join(dir, 'main.1a2b.js.map.gz'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
