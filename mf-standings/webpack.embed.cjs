/**
 * `embed.js`: the standings widget for other sites (see README.md), built OUTSIDE Module
 * Federation. Built through the federated config, the MF plugin turns every import of a shared
 * package into an async `loadShare` from the share scope, even in a non-container entry; on a page
 * without our host that is a second MF runtime and no React to share. This bundle brings its own
 * React and emotion instead: a small loader with a stable name (`embed.js`, served no-cache, like
 * remoteEntry.js) and the widget in one content-hashed chunk (`embed-widget.<hash>.js`, immutable).
 *
 * It reuses the transpile rule, resolve settings and swc minifier (with .gz/.br) of
 * ../config/webpack.mf.cjs and writes next to the federated build in dist/ (which that build
 * cleans first: run it after, as `npm run build` does).
 */
const webpack = require('webpack');
const { createConfig } = require('../config/webpack.mf.cjs');

module.exports = (env = {}, argv = {}) => {
  const base = createConfig({ dir: __dirname, name: 'mf_standings', port: 3103 })(env, argv);
  return {
    name: 'embed',
    mode: base.mode,
    context: __dirname,
    entry: { embed: './src/embed/index.ts' },
    devtool: base.devtool,
    target: ['web', 'es2020'],
    output: {
      path: base.output.path,
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: base.output.chunkFilename,
      uniqueName: 'mf_standings_embed',
      clean: false,
    },
    resolve: base.resolve,
    module: {
      rules: [
        ...base.module.rules,
        // The contracts package has no "sideEffects" field; its barrels would otherwise drag the
        // router and the session store into the widget, which uses neither.
        { test: /[\\/]shared-contracts[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    optimization: { ...base.optimization, splitChunks: false, runtimeChunk: false },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 2 })],
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
};
