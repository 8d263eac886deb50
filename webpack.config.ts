import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';

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

export interface BuildOptions {
  mode: 'development' | 'production';
  /** Where the dev server proxies /api (the local API server). */
  apiProxyTarget?: string;
  port?: number;
}

export function createConfig({ mode, apiProxyTarget, port = 3000 }: BuildOptions): Configuration & {
  devServer?: DevServerConfiguration;
} {
  const production = mode === 'production';
  const defined = Object.fromEntries(
    appEnvKeys.map((key) => [`process.env.${key}`, JSON.stringify(process.env[key] ?? '')]),
  );
  return {
    mode,
    context: root,
    entry: { main: './src/main.tsx' },
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|webp|avif|svg|ico)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ ...defined, 'process.env.NODE_ENV': JSON.stringify(mode) }),
      new HtmlWebpackPlugin({ template: './public/index.html', scriptLoading: 'defer' }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'public', globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true },
        ],
      }),
    ],
    optimization: {
      runtimeChunk: 'single',
      splitChunks: { chunks: 'all' },
      minimize: production,
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: {
      port,
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: true,
      client: { overlay: { errors: true, warnings: false } },
      proxy: apiProxyTarget
        ? [{ context: ['/api'], target: apiProxyTarget, pathRewrite: { '^/api': '' } }]
        : [],
    },
  };
}

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig({ mode: argv.mode === 'development' ? 'development' : 'production' });
