/**
 * The API reference (`dist/api/`): openapi.yaml rendered by Redocly's `build-docs`, made to run
 * from this site alone. `build-docs` prerenders the whole reference into one HTML file, then
 * hydrates it with Redoc's bundle from Redocly's CDN through an inline module script. Here the
 * bundle is the copy the CLI package ships (the same version), served beside the page, and the
 * page's two inline scripts and the icon font its styles embed as a data: URL become files, the
 * attribution's logo is not fetched from Redocly's CDN and telemetry is off, so
 * the site's Content-Security-Policy (`script-src 'self'`, fonts from 'self') holds and the
 * reference loads nothing from another origin.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const BUNDLE_FILE = 'redoc.standalone.js';
/** Redoc's tree-view icons, a small font its styles embed as a data: URL. */
const ICON_FONT_FILE = 'tree-view-icons.woff';
/**
 * The attribution's Redocly logo, which the bundle loads from Redocly's CDN after it renders: an
 * empty image instead (the "API docs by" text and its link stay).
 */
const CDN_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const EMPTY_IMAGE = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";
const DATA_FONT = /url\('data:application\/font-woff;base64,([A-Za-z0-9+/=]+)'\)/g;
const HYDRATE_FILE = 'reference.js';
const COLOR_MODE_FILE = 'color-mode.js';

/** Redoc's standalone bundle as shipped inside @redocly/cli (build-docs hydrates with it). */
function localBundle(): string {
  const require = createRequire(import.meta.url);
  const cliRoot = path.dirname(require.resolve('@redocly/cli/package.json'));
  return path.join(cliRoot, 'lib', 'chunks', BUNDLE_FILE);
}

/** The version a Redoc bundle declares in its licence header ("Version: 3.0.1"). */
function bundleVersion(source: string): string | undefined {
  return /Version: ([\w.-]+)/.exec(source.slice(0, 400))?.[1];
}

/**
 * Rewrites build-docs' page to use local files. Returns the page and the scripts taken out of
 * it; throws when the page is not shaped as expected (a new CLI version), so the build fails
 * instead of shipping a reference that calls a CDN.
 */
export function localizeReference(html: string): {
  html: string;
  hydrate: string;
  colorMode: string | undefined;
  cdnVersion: string;
} {
  const cdn = /https:\/\/cdn\.redocly\.com\/redoc\/v([\w.-]+)\/bundles\/redoc\.standalone\.js/;
  const version = cdn.exec(html)?.[1];
  if (!version) throw new Error('build-docs output: no Redoc bundle URL found');
  let page = html.replace(
    /<link rel="modulepreload" href="https:\/\/cdn\.redocly\.com[^"]*"[^>]*>/,
    `<link rel="modulepreload" href="./${BUNDLE_FILE}" />`,
  );
  // The site's icon, as on every page (without it the browser asks for /favicon.ico).
  page = page.replace(
    '</head>',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />\n</head>',
  );
  const moduleScript = /<script type="module">([\s\S]*?)<\/script>/.exec(page);
  if (!moduleScript) throw new Error('build-docs output: no hydration script found');
  const hydrate = moduleScript[1]!
    .replace(cdn, `./${BUNDLE_FILE}`)
    // Redoc reports usage to Redocly unless told not to.
    .replace('"disableTelemetry":false', '"disableTelemetry":true');
  if (!hydrate.includes('"disableTelemetry":true')) {
    throw new Error('build-docs output: telemetry could not be turned off');
  }
  page = page.replace(moduleScript[0], `<script type="module" src="./${HYDRATE_FILE}"></script>`);
  // The colour-mode snippet (reads a saved preference before the first paint).
  const inline = /<script>([\s\S]*?)<\/script>/.exec(page);
  const colorMode = inline?.[1];
  if (inline) page = page.replace(inline[0], `<script src="./${COLOR_MODE_FILE}"></script>`);
  if (/<script(?![^>]*\bsrc=)[^>]*>/.test(page)) {
    throw new Error('build-docs output: an inline script is left');
  }
  if (/(?:src|href)="https?:\/\/(?!redocly\.com\/redoc\/")/.test(page)) {
    throw new Error('build-docs output: a remote script, style or font is left');
  }
  return { html: page, hydrate, colorMode, cdnVersion: version };
}

/**
 * Moves the data: fonts out of a page or script into `fonts` (one file, as Redoc embeds one),
 * pointing the styles at ./tree-view-icons.woff beside the page.
 */
function extractFonts(source: string, fonts: Set<string>): string {
  return source.replace(DATA_FONT, (_match, base64: string) => {
    fonts.add(base64);
    return `url('./${ICON_FONT_FILE}')`;
  });
}

/** Writes dist/api/: index.html, the hydration script, Redoc's bundle and its icon font. */
export function writeApiReference(dist: string, specPath = 'openapi.yaml'): { bytes: number } {
  const out = path.join(dist, 'api');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const raw = path.join(out, 'build-docs.html');
  // Its banners (Node's support, Redoc 3) go to stderr; shown only when it fails.
  execFileSync(
    process.execPath,
    [
      createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js'),
      'build-docs',
      specPath,
      '-o',
      raw,
    ],
    { stdio: 'pipe', env: { ...process.env, REDOCLY_TELEMETRY: 'off' } },
  );
  const page = localizeReference(readFileSync(raw, 'utf8'));
  rmSync(raw);
  const bundle = localBundle();
  const shipped = bundleVersion(readFileSync(bundle, 'utf8'));
  if (shipped !== page.cdnVersion) {
    throw new Error(`Redoc bundle ${shipped} does not match build-docs' ${page.cdnVersion}`);
  }
  const fonts = new Set<string>();
  const html = extractFonts(page.html, fonts);
  const script = extractFonts(readFileSync(bundle, 'utf8'), fonts).replace(CDN_LOGO, EMPTY_IMAGE);
  writeFileSync(path.join(out, BUNDLE_FILE), script);
  if (fonts.size > 1) throw new Error(`Redoc embeds ${fonts.size} fonts; expected one`);
  for (const font of fonts)
    writeFileSync(path.join(out, ICON_FONT_FILE), Buffer.from(font, 'base64'));
  writeFileSync(path.join(out, HYDRATE_FILE), page.hydrate);
  if (page.colorMode !== undefined) writeFileSync(path.join(out, COLOR_MODE_FILE), page.colorMode);
  writeFileSync(path.join(out, 'index.html'), html);
  return { bytes: Buffer.byteLength(html) };
}
