import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import webpack, { type Configuration, type RuleSetRule } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { GenerateSW } from 'workbox-webpack-plugin';
import { apiProxy } from './scripts/local-stack/forwarding';
import { publishedOfferShell } from './scripts/local-stack/devShellOffer';
import {
  headerConfigFromEnv,
  SERVICE_WORKER_FILE,
  securityHeaders,
} from './scripts/build/securityHeaders';
import { ShellScriptPriorityPlugin } from './scripts/build/shellScriptPriority';
import { isOwnerModule } from './scripts/build/ownerIsolation';
import { pageMeta } from './src/features/marketing/pageMeta';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Variables the app reads at build time (documented in .env.example and the README). */
export const appEnvKeys = [
  'API_BASE_URL',
  'COGNITO_REGION',
  'COGNITO_USER_POOL_ID',
  'COGNITO_CLIENT_ID',
  'COGNITO_ENDPOINT',
  'COGNITO_HOSTED_DOMAIN',
  'AUTH_FLOW',
  'BUSINESS_NAME',
  'BUSINESS_SHORT_NAME',
  'BUSINESS_OWNER',
  'BUSINESS_PHONE',
  'BUSINESS_EMAIL',
  'SCHEDULING_URL',
  'SOCIAL_URL',
  'SITE_URL',
] as const;

if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

/** The HTML shell every client-rendered route starts from (the static host's SPA fallback). */
export const SHELL_FILE = 'app.html';
/** Where the server-rendering bundle used by the prerender step is written (not shipped). */
export const SSR_OUTPUT_DIR = path.join(root, 'node_modules/.cache/ssr');
/**
 * The two browser entries: the app (every route the shell serves) and the islands of the
 * prerendered public pages (docs/architecture.md, "Public pages: static HTML with islands").
 */
export const APP_ENTRY = 'main';
export const ISLANDS_ENTRY = 'islands';
/**
 * A module shared by several files gets a file of its own from this size (bytes before
 * minifying; webpack's default); smaller ones are copied into each file that needs them.
 */
export const SPLIT_MIN_SIZE = 20_000;
/** Files webpack may split one page load, or one import, into (webpack's default is 30). */
const MAX_REQUESTS_PER_LOAD = 4;
/** Browsers we ship to: ES2020 and later (every evergreen browser since 2020). */
const ES_TARGET = 'es2020';

/** The files of chunks that hold a module of the owner console: never precached for everyone. */
function ownerFiles(compilation: webpack.Compilation): Set<string> {
  const files = new Set<string>();
  for (const chunk of compilation.chunks) {
    const modules = compilation.chunkGraph.getChunkModules(chunk);
    if (modules.some((m) => isOwnerModule(m.nameForCondition() ?? m.identifier()))) {
      for (const file of chunk.files) files.add(file);
    }
  }
  return files;
}

/**
 * The service worker (docs/architecture.md, "Repeat visits and offline"): Workbox precaches the
 * shell and the hashed scripts and stylesheets, and serves the shell for the dashboard's and the
 * console's addresses from the device. The owner console's files are not precached (a
 * customer's browser never fetches them); like every hashed file, they are kept once fetched.
 * Nothing under /api is ever kept by it: the answers an account saw live in the page, per
 * account (src/api/savedAnswers.ts). A new release waits until the person agrees to reload.
 */
function serviceWorker() {
  return new GenerateSW({
    swDest: SERVICE_WORKER_FILE,
    include: [/^assets\/.*\.(js|css)$/, new RegExp(`^${SHELL_FILE.replace('.', '\\.')}$`)],
    manifestTransforms: [
      (entries, compilation) => {
        const owner = ownerFiles(compilation as webpack.Compilation);
        return { manifest: entries.filter((e) => !owner.has(e.url.replace(/^\//, ''))) };
      },
    ],
    // Hashed names: the name is the version, no extra query string needed.
    dontCacheBustURLsMatching: /^\/?assets\/.+\.[0-9a-f]{10}\.(js|css)$/,
    navigateFallback: `/${SHELL_FILE}`,
    navigateFallbackAllowlist: [/^\/dashboard(\/|$)/, /^\/owner(\/|$)/],
    inlineWorkboxRuntime: true,
    sourcemap: false,
    // The waiting release takes over only when the page asks (the person agreed).
    skipWaiting: false,
    clientsClaim: false,
    cleanupOutdatedCaches: true,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    runtimeCaching: [
      {
        // Hashed files not precached (the owner console's), once fetched. Never /api.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'assets', expiration: { maxEntries: 200 } },
      },
    ],
  });
}

export interface BuildOptions {
  mode: 'development' | 'production';
  /** Where the dev server proxies /api (the local API server). */
  apiProxyTarget?: string;
  port?: number;
}

/** Compile-time constants shared by the browser and the prerender bundle. */
function definePlugin(mode: BuildOptions['mode']) {
  const defined = Object.fromEntries(
    appEnvKeys.map((key) => [`process.env.${key}`, JSON.stringify(process.env[key] ?? '')]),
  );
  return new webpack.DefinePlugin({ ...defined, 'process.env.NODE_ENV': JSON.stringify(mode) });
}

/**
 * Loaders shared by both bundles, so that asset URLs (content-hashed) are identical in the
 * prerendered HTML and in the browser. The server bundle emits no files and ignores CSS.
 */
function moduleRules(production: boolean, server: boolean): RuleSetRule[] {
  const emitAssets = server ? { generator: { emit: false } } : {};
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !production } },
            target: ES_TARGET,
          },
        },
      },
    },
    server
      ? { test: /\.css$/, type: 'asset/resource', ...emitAssets }
      : { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
    { test: /\.(png|jpe?g|webp|avif|svg|ico)$/, type: 'asset/resource', ...emitAssets },
  ];
}

/**
 * react-router's package exports always resolve to its development build (dev-only warnings
 * included), whatever the mode: remix-run/react-router#12532 and #14102. The browser's
 * production bundle takes the production build, which differs only in those warnings.
 */
function reactRouterProductionBuild(): Record<string, string> {
  const dist = path.join(root, 'node_modules/react-router/dist/production');
  return {
    'react-router$': path.join(dist, 'index.mjs'),
    'react-router/dom$': path.join(dist, 'dom-export.mjs'),
  };
}

const assetNames = (production: boolean) => ({
  filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
  chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
  assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
});

/** The browser bundle (and the dev server). */
export function createConfig({ mode, apiProxyTarget, port = 3000 }: BuildOptions): Configuration & {
  devServer?: DevServerConfiguration;
} {
  const production = mode === 'production';
  return {
    name: 'client',
    mode,
    context: root,
    target: ['web', ES_TARGET],
    entry: {
      [APP_ENTRY]: './src/main.tsx',
      [ISLANDS_ENTRY]: './src/app/islands/entry.ts',
    },
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      ...assetNames(production),
      clean: true,
    },
    // No eval in development either: the dev server sends the site's CSP (script-src 'self').
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: production ? reactRouterProductionBuild() : {},
    },
    module: { rules: moduleRules(production, false) },
    plugins: [
      definePlugin(mode),
      // The shell: the prerender step fills copies of it for the public pages.
      new HtmlWebpackPlugin({
        template: './public/index.html',
        // The home page's description (its prices come from domain/pricing.ts).
        templateParameters: { description: pageMeta['/'].description },
        filename: SHELL_FILE,
        chunks: [APP_ENTRY],
        scriptLoading: 'defer',
      }),
      new ShellScriptPriorityPlugin(),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'public', globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true },
        ],
      }),
      ...(production ? [serviceWorker()] : []),
    ],
    optimization: {
      // Each entry carries its runtime: one request fewer on the first visit.
      runtimeChunk: false,
      // The app's entry and the islands' entry share their files, so a visitor whose islands
      // woke on a public page has them cached when the app opens (docs/architecture.md,
      // "One copy of each module"): export use is analysed once for both entries, not per
      // runtime (which gave React DOM and the router a copy each), and React is one chunk.
      usedExports: production ? 'global' : false,
      splitChunks: {
        chunks: 'all',
        minSize: SPLIT_MIN_SIZE,
        // At most this many files per page load and per import: over HTTP/1.1 a browser opens
        // six connections per host, and the dashboard's imports (the customer features, the
        // guard, the dashboard) came to 13 files in three waves (docs/architecture.md, "The
        // dashboard's first paint").
        maxInitialRequests: MAX_REQUESTS_PER_LOAD,
        maxAsyncRequests: MAX_REQUESTS_PER_LOAD,
        cacheGroups: {
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            name: 'react',
            priority: 20,
          },
        },
      },
      minimize: production,
      minimizer: [
        new TerserPlugin({
          minify: TerserPlugin.swcMinify,
          terserOptions: { ecma: 2020, compress: { passes: 2 } },
          extractComments: false,
        }),
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: {
      port,
      host: '127.0.0.1',
      // Files of public/ are served from memory (copied by the build); every page is the shell.
      static: false,
      historyApiFallback: { index: `/${SHELL_FILE}` },
      hot: true,
      client: {
        overlay: { errors: true, warnings: false },
        // The live-reload socket goes to the host and port the page was opened with
        // (http://localhost:3000), not to `host` above: a socket to 127.0.0.1 from a
        // localhost page is cross-origin and the dev server refuses it (Invalid Host/Origin).
        webSocketURL: 'auto://0.0.0.0:0/ws',
      },
      proxy: apiProxyTarget ? [apiProxy(apiProxyTarget)] : [],
      // The site's own response headers (CSP and the rest), from the variables the app is
      // built with, so development runs under the policy production sends.
      headers: securityHeaders(headerConfigFromEnv()),
      // No /webpack-dev-server page listing every file the build holds.
      setupMiddlewares: (middlewares, devServer) => {
        const kept = middlewares.filter(
          (middleware) =>
            typeof middleware === 'function' || middleware.name !== 'webpack-dev-server-assets',
        );
        if (!apiProxyTarget) return kept;
        // Pages carry the published offer (after the site's headers, before the shell from memory).
        const shellAt = kept.findIndex(
          (middleware) =>
            typeof middleware !== 'function' && middleware.name === 'webpack-dev-middleware',
        );
        const readShell = () =>
          new Promise<string>((resolve, reject) => {
            const files = devServer.middleware;
            if (!files) return reject(new Error('The dev server has no files yet'));
            files.waitUntilValid(() => {
              const file = path.join(root, 'dist', SHELL_FILE);
              files.context.outputFileSystem.readFile(file, (error, data) =>
                error || !data ? reject(error ?? new Error('No shell')) : resolve(String(data)),
              );
            });
          });
        kept.splice(shellAt < 0 ? kept.length : shellAt, 0, {
          name: 'published-offer',
          middleware: publishedOfferShell(apiProxyTarget, readShell),
        });
        return kept;
      },
    },
  };
}

/**
 * The bundle the prerender step runs in Node (scripts/build/prerender.ts): the same routes and
 * providers, one CommonJS file, no minification, nothing emitted but the script.
 */
export function createServerConfig({ mode }: Pick<BuildOptions, 'mode'>): Configuration {
  const production = mode === 'production';
  return {
    name: 'server',
    mode,
    context: root,
    target: 'node20',
    entry: { ssr: './src/app/ssr.tsx' },
    output: {
      path: SSR_OUTPUT_DIR,
      publicPath: '/',
      ...assetNames(production),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    devtool: false,
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: { rules: moduleRules(production, true) },
    plugins: [definePlugin(mode), new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig({ mode: argv.mode === 'development' ? 'development' : 'production' });
