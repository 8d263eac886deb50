import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Compiler } from 'webpack';

const NAME = 'ShellScriptPriority';

/**
 * Marks the scripts webpack puts into the app's shell (dist/app.html) `fetchpriority="high"`.
 * The shell shows nothing until they have run (the app renders every route it serves), so they
 * are its critical requests: a browser otherwise fetches deferred scripts at low priority,
 * behind the manifest and the icon (docs/architecture.md, "The dashboard's first paint").
 */
export class ShellScriptPriorityPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap(NAME, (data) => {
        for (const tag of data.assetTags.scripts) tag.attributes.fetchpriority = 'high';
        return data;
      });
    });
  }
}
