/**
 * The one webpack configuration factory for the host and the four remotes.
 *
 * - swc transpiles TypeScript/JSX (emotion's JSX runtime) and minifies (terser is far slower here);
 * - entry and remoteEntry.js keep stable names (served no-cache), chunks carry a content hash
 *   (served immutable), with .gz and .br siblings for the server's precompressed serving;
 * - React, zustand, emotion and the contracts package are shared singletons, deep imports
 *   included (a missing deep import silently gives a remote its own copy). The router is shared
 *   through the contracts singleton (`@erd/shared-contracts` re-exports it): one instance at run
 *   time, tree-shaken to what the site uses. See docs/decisions/0002-router-through-contracts.md.
 */
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const rootPkg = require('../package.json');

const workspaceDeps = (dir) => {
  const pkg = require(path.join(dir, 'package.json'));
  return { ...pkg.devDependencies, ...pkg.dependencies };
};

/** Shared singletons; versions from the workspace's package.json (one version across workspaces, checked by scripts/check-versions.mjs). */
function sharedSingletons(dir) {
  const deps = workspaceDeps(dir);
  const single = (pkgName, extra = {}) => ({
    singleton: true,
    requiredVersion: deps[pkgName],
    ...extra,
  });
  const emotionVersion = deps['@emotion/react'];
  return {
    react: single('react'),
    'react/jsx-runtime': single('react'),
    'react-dom': single('react-dom'),
    'react-dom/client': single('react-dom'),
    zustand: single('zustand'),
    '@emotion/react': single('@emotion/react'),
    '@emotion/react/jsx-runtime': single('@emotion/react', { version: emotionVersion }),
    '@emotion/styled': single('@emotion/styled'),
    '@erd/shared-contracts': single('@erd/shared-contracts', { version: '1.0.0' }),
    '@erd/shared-contracts/ui': single('@erd/shared-contracts', { version: '1.0.0' }),
    '@erd/shared-contracts/http': single('@erd/shared-contracts', { version: '1.0.0' }),
  };
}

/**
 * What the host provides to the remotes' share scope: for every shared key its installed version and
 * the required range (the same list as `sharedSingletons`, read by host/src/app/remotes/runtime.ts).
 */
function providedShares(dir) {
  const installedVersion = (pkgName) => require(require.resolve(`${pkgName}/package.json`, { paths: [dir] })).version;
  return Object.fromEntries(
    Object.entries(sharedSingletons(dir)).map(([key, config]) => {
      const pkgName = key.startsWith('@') ? key.split('/').slice(0, 2).join('/') : key.split('/')[0];
      return [key, { version: config.version ?? installedVersion(pkgName), requiredVersion: config.requiredVersion }];
    }),
  );
}

/**
 * Entry points an async chunk is loaded from (walking its chunk groups up to the entrypoints).
 * @param {import('webpack').Chunk} chunk
 */
function reactRouterProduction(dir) {
  const pkgDir = path.dirname(require.resolve('react-router/package.json', { paths: [dir] }));
  return {
    'react-router$': path.join(pkgDir, 'dist/production/index.mjs'),
    'react-router/dom$': path.join(pkgDir, 'dist/production/dom-export.mjs'),
  };
}

/**
 * The host's entries only start webpack and import the app (an async chunk group): without a hint
 * the browser learns of the app's files after main.js has run, one round trip late. Each page gets
 * `<link rel="preload" as="script">` for the files its entry imports right away.
 */
class PreloadEntryImports {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadEntryImports', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap('PreloadEntryImports', (data) => {
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : compilation.outputOptions.publicPath;
        const files = new Set();
        for (const entryName of data.plugin.options.chunks || []) {
          const entrypoint = compilation.entrypoints.get(entryName);
          for (const group of entrypoint ? entrypoint.getChildren() : []) {
            for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          }
        }
        for (const file of files) {
          data.assetTags.scripts.push({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: 'PreloadEntryImports' },
            attributes: { rel: 'preload', as: 'script', href: publicPath + file },
          });
        }
        return data;
      });
    });
  }
}

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136+) at the top of the
 * files a page runs before its first screen: the host's entry chunks and its federation loader,
 * a remote's container and its exposed modules' own chunks. V8 then compiles their functions
 * while the file streams in, on a background thread, instead of one by one on the main thread
 * when each is first called (a trace of /tabelle: ~85 ms of main-thread parse and compile before
 * the first screen, ~15 ms with the hint). Lazy chunks (forms, the single entry page, the back
 * office) stay without it: most of their functions are not called when they load.
 */
class CompileHints {
  /** @param {{ name: string, exposes: Record<string,string> }} options  the container's name (its entry, remoteEntry.js) and exposes */
  constructor({ name, exposes }) {
    this.groups = ['main', 'mf-runtime', name, ...Object.keys(exposes).map(exposeChunkName)];
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHints', (compilation) => {
      // The host's entry is a stub that imports its bootstrap (the federation boundary): the page's
      // own code is in the chunk group of that import, a child of the entrypoint.
      const hinted = (chunk) =>
        [...chunk.groupsIterable].some(
          (group) =>
            this.groups.includes(group.name) || [...group.parentsIterable].some((parent) => parent.name === 'main' && parent.isInitial()),
        );
      // After minifying (which drops comments) and the source maps (the map gets one more empty line
      // at its top), before the real content hashes (a file's name follows its bytes) and compression.
      compilation.hooks.processAssets.tap({ name: 'CompileHints', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING + 1 }, () => {
        for (const chunk of compilation.chunks) {
          if (!hinted(chunk)) continue;
          for (const file of chunk.files) {
            if (!file.endsWith('.js')) continue;
            compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(`${CompileHints.HINT}\n`, source));
            for (const mapFile of [compilation.getAsset(file)?.info.related?.sourceMap ?? []].flat()) {
              compilation.updateAsset(mapFile, (source) => {
                const map = JSON.parse(source.source().toString());
                return new webpack.sources.RawSource(JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
              });
            }
          }
        }
      });
    });
  }
}
CompileHints.HINT = '//# allFunctionsCalledOnLoad';

/**
 * Our TypeScript/JSX through swc, with emotion's JSX runtime. In production builds emotion's swc
 * plugin (the babel plugin's port) also minifies every `css` template at build time — the
 * templates' indentation and line breaks otherwise ship in the bundles (~1 KB gzip of the host's
 * first load alone) — and marks them pure; development builds keep them readable.
 */
function swcRule({ development, target }) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', importSource: '@emotion/react', development } },
          target,
          ...(development
            ? {}
            : {
                experimental: {
                  plugins: [[require.resolve('@swc/plugin-emotion'), { sourceMap: false, autoLabel: 'never' }]],
                  // swc caches the compiled plugin; under node_modules, not a `.swc/` folder in every workspace
                  cacheRoot: path.join(__dirname, '../node_modules/.cache/swc'),
                },
              }),
        },
      },
    },
  };
}

/** The chunk group (and file name stem) of a remote's exposed module `./Name`. */
const exposeChunkName = (key) => `__federation_expose_${key.replace(/^\.\//, '').replace(/[^A-Za-z0-9_-]/g, '_')}`;

/**
 * A remote's `mf-manifest.json`: where its container is and which files each exposed module needs
 * (its chunk group's JavaScript), read by the host's loader, the server's preload hints and the
 * release store (contracts `remoteFilesOfManifest`). The layout is the one `@module-federation`'s
 * manifest has, the part of it these read, plus the shared list for whoever inspects a release.
 */
class RemoteManifestPlugin {
  constructor({ name, exposes, shared, buildName, buildVersion }) {
    Object.assign(this, { name, exposes, shared, buildName, buildVersion });
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RemoteManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RemoteManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const jsOf = (group) => [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].filter((file) => file.endsWith('.js'));
        const manifest = {
          id: this.name,
          name: this.name,
          metaData: {
            name: this.name,
            type: 'app',
            buildInfo: { buildVersion: this.buildVersion, buildName: this.buildName },
            remoteEntry: { name: 'remoteEntry.js', path: '', type: 'window' },
            globalName: this.name,
            publicPath: 'auto',
          },
          shared: Object.entries(this.shared).map(([key, config]) => ({
            name: key,
            singleton: true,
            requiredVersion: config.requiredVersion,
            ...(config.version ? { version: config.version } : {}),
          })),
          exposes: Object.keys(this.exposes).map((key) => {
            const group = compilation.namedChunkGroups.get(exposeChunkName(key));
            if (!group) throw new Error(`${this.name}: no chunk group for the exposed module ${key}`);
            return {
              id: `${this.name}:${key.slice(2)}`,
              name: key.slice(2),
              path: key,
              assets: { js: { sync: jsOf(group), async: [] }, css: { sync: [], async: [] } },
            };
          }),
        };
        compilation.emitAsset('mf-manifest.json', new webpack.sources.RawSource(JSON.stringify(manifest)));
      });
    });
  }
}

/** A remote's container (`remoteEntry.js`) and its manifest, from one list of exposes and shared singletons. */
function remotePlugins({ dir, name, exposes }) {
  const shared = sharedSingletons(dir);
  const pkg = require(path.join(dir, 'package.json'));
  return [
    new webpack.container.ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      library: { type: 'window', name },
      exposes: Object.fromEntries(Object.entries(exposes).map(([key, file]) => [key, { import: file, name: exposeChunkName(key) }])),
      shared,
    }),
    new RemoteManifestPlugin({ name, exposes, shared, buildName: pkg.name, buildVersion: pkg.version }),
  ];
}

/**
 * What the host's pages carry before any script (host/src/shell/page-shell.ts; the shell's node build,
 * compiled first by `createGateShellConfig`, renders it):
 * - the site's display face (shared-contracts/src/ui/fonts.ts): its one woff2 file copied from its
 *   package into `assets/fonts/` under a content-hashed name (served immutable), preloaded, and its
 *   `@font-face` rules, at the top of `<head>` of every page the build writes (the back office's too);
 * - in `index.html` only (the back office has no gate and no frame): the age gate's markup in `#root`
 *   with its consent script and style in `<head>`, and after it the site's frame (header bar and
 *   background) with its style.
 */
class PrerenderGateShell {
  constructor(bundle) {
    this.bundle = bundle;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('PrerenderGateShell', (compilation) => {
      let fontHref = null;
      const font = () => {
        if (fontHref) return fontHref;
        const { DISPLAY_FONT } = require(this.bundle);
        const pkgDir = path.dirname(require.resolve(`${DISPLAY_FONT.package}/package.json`, { paths: [compiler.context] }));
        const bytes = require('node:fs').readFileSync(path.join(pkgDir, DISPLAY_FONT.file));
        const hash = require('node:crypto').createHash('sha256').update(bytes).digest('hex').slice(0, 8);
        const name = `assets/fonts/${path.basename(DISPLAY_FONT.file, '.woff2')}.${hash}.woff2`;
        compilation.emitAsset(name, new webpack.sources.RawSource(bytes), { immutable: true, contenthash: hash });
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '/' : compilation.outputOptions.publicPath;
        return (fontHref = publicPath + name);
      };
      HtmlWebpackPlugin.getHooks(compilation).beforeEmit.tap('PrerenderGateShell', (data) => {
        delete require.cache[this.bundle];
        const shell = require(this.bundle);
        const href = font();
        const fontHead = `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin><style>${shell.displayFontFaceCss(href)}</style>`;
        const charset = /<meta charset="utf-8"\s*\/?>/i;
        if (!charset.test(data.html)) throw new Error(`${data.outputName}: no <meta charset="utf-8"> to put the display face after`);
        data.html = data.html.replace(charset, (tag) => `${tag}${fontHead}`);
        if (data.outputName !== 'index.html') return data;
        const gate = shell.renderGateShell();
        const frame = shell.renderFrameShell();
        const root = '<div id="root"></div>';
        if (!data.html.includes(root) || !data.html.includes('</head>'))
          throw new Error('index.html: no empty #root or no </head> for the gate shell');
        data.html = data.html
          .replace('</head>', `${gate.head}${frame.head}</head>`)
          .replace(root, `<div id="root">${gate.body}${frame.body}</div>`);
        return data;
      });
    });
  }
}

/** Where the host build's node bundle of the gate shell goes (outside dist: it is not served). */
const gateShellBundle = path.join(require('node:os').tmpdir(), `erd-gate-shell-${process.pid}`, 'gate-shell.cjs');

/** The node build of host/src/shell/page-shell.ts (gate, frame, display face), run by `PrerenderGateShell` in the host's build. */
function createGateShellConfig({ dir }) {
  return () => ({
    name: 'gate-shell',
    mode: 'production',
    target: 'node20',
    context: dir,
    entry: { 'gate-shell': './src/shell/page-shell.ts' },
    devtool: false,
    output: { path: path.dirname(gateShellBundle), filename: path.basename(gateShellBundle), library: { type: 'commonjs2' }, clean: true },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      conditionNames: ['source', 'node', 'import', 'module', 'default'],
    },
    module: { rules: [swcRule({ development: false, target: 'es2022' })] },
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  });
}

function entryNamesOf(chunk) {
  const names = new Set();
  const seen = new Set();
  const visit = (group) => {
    if (seen.has(group)) return;
    seen.add(group);
    if (group.isInitial()) names.add(group.name);
    else for (const parent of group.parentsIterable) visit(parent);
  };
  for (const group of chunk.groupsIterable) visit(group);
  return names;
}

/**
 * @param {object} options
 * @param {string} options.dir        workspace folder (__dirname of its webpack.config.cjs)
 * @param {string} options.name       MF container name, e.g. 'mf_challenges' or 'host'
 * @param {Record<string,string>} [options.exposes]  a remote's public surface (src/exposes/…)
 * @param {boolean} [options.isHost]
 * @param {number} options.port       dev-server port
 * @param {Record<string,string>} [options.extraEntries]  further entries (the host's back-office page)
 * @param {{ filename: string, chunk: string, route: RegExp, meta?: Record<string,string> }[]} [options.extraPages]
 *   further HTML pages from the one template, each loading one of `extraEntries` (the host's
 *   `backoffice.html`); `route` is what the dev server answers with the page
 */
function createConfig({ dir, name, exposes = {}, isHost = false, port, extraEntries = {}, extraPages = [] }) {
  return (env = {}, argv = {}) => {
    const production = argv.mode !== 'development';
    const site = siteConfig({ dir, name, exposes, isHost, port, extraEntries, extraPages, production });
    // The host's production build: first the gate shell's node build, then the site, whose page it renders into.
    return isHost && production ? [createGateShellConfig({ dir })(), { ...site, dependencies: ['gate-shell'] }] : site;
  };
}

function siteConfig({ dir, name, exposes, isHost, port, extraEntries, extraPages, production }) {
  {
    const buildId = process.env.BUILD_ID || `${name}-${new Date().toISOString()}`;
    const standalonePage = isHost || !production;
    return {
      name,
      mode: production ? 'production' : 'development',
      context: dir,
      // A remote's production build has no entry of its own: the MF plugin adds its container (remoteEntry.js).
      entry: standalonePage ? { main: './src/index.ts', ...extraEntries } : {},
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        // BUILD_OUTPUT_DIR: build somewhere else (release and bench builds leave dist/ as it is).
        path: process.env.BUILD_OUTPUT_DIR || path.join(dir, 'dist'),
        // The host is served at the site root; a remote resolves its chunks next to its manifest.
        publicPath: isHost ? '/' : 'auto',
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        conditionNames: ['source', 'browser', 'import', 'module', 'default'],
        // react-router's package exports name only its development build (dev-only checks and
        // warnings); its production build sits beside it.
        alias: production ? reactRouterProduction(dir) : {},
      },
      module: {
        rules: [
          swcRule({ development: !production, target: 'es2020' }),
          { test: /\.(svg|png|jpe?g|webp|gif)$/i, type: 'asset', parser: { dataUrlCondition: { maxSize: 2048 } } },
          // The share kit (`@erd/shared-contracts/share-kit`, like `./forms` bundled by each remote into
          // its lazy chunks, not shared) has no side effects: a chunk takes only the parts it imports
          // (the entry page's 'Teilen', an arrival). Left to its own analysis, webpack keeps every part
          // of the kit wherever one is imported, since each imports shared modules (React, emotion).
          { test: /[\\/]shared-contracts[\\/]src[\\/]share-kit[\\/]/, sideEffects: false },
        ],
      },
      optimization: {
        // Further entries (the host's back-office page) must not change how the main entry's
        // chunks are split: their own async chunks take no part in splitting, so the public pages
        // load exactly the files they would load without them (webpack's default is 'async').
        ...(Object.keys(extraEntries).length
          ? {
              splitChunks: {
                chunks: (chunk) => !chunk.canBeInitial() && [...entryNamesOf(chunk)].some((entry) => !(entry in extraEntries)),
                cacheGroups: {
                  // The host's MF runtime (runtime.ts and the runtime core) stays one file: it is loaded
                  // as a whole, with a page's first remote.
                  defaultVendors: {
                    test: /[\\/]node_modules[\\/]/,
                    priority: -10,
                    reuseExistingChunk: true,
                    chunks: (chunk) =>
                      chunk.name !== 'mf-runtime' &&
                      !chunk.canBeInitial() &&
                      [...entryNamesOf(chunk)].some((entry) => !(entry in extraEntries)),
                  },
                },
              },
            }
          : {}),
        minimize: production,
        minimizer: [
          new MinimizerPlugin({
            test: /\.(js|html|svg)$/i,
            minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 }, mangle: true } },
            generate: {
              gzip: {
                implementation: MinimizerPlugin.compress,
                options: { algorithm: 'gzip' },
                type: 'asset',
                filename: '[path][base].gz',
              },
              brotli: {
                implementation: MinimizerPlugin.compress,
                options: { algorithm: 'brotliCompress' },
                type: 'asset',
                filename: '[path][base].br',
              },
            },
          }),
        ],
      },
      plugins: [
        // The host is no container: it bundles its own React, router, emotion and contracts like any
        // app, and loads a remote's container when a page first needs one, handing it the page's
        // share scope with the host's singletons (host/src/app/remotes/runtime.ts). A remote is a
        // webpack container (webpack's own ModuleFederationPlugin: no federation runtime library,
        // ~3 KB gzip of container code in remoteEntry.js; decision 0015) with its manifest.
        ...(isHost ? [] : remotePlugins({ dir, name, exposes })),
        // One page template for the host and every remote's standalone development page (a remote's
        // production build is its container only).
        ...(standalonePage
          ? [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, 'index.html'),
                chunks: ['main'],
                templateParameters: { buildId },
                scriptLoading: 'defer',
              }),
            ]
          : []),
        ...(production ? [new CompileHints({ name, exposes })] : []),
        ...(isHost ? [new PreloadEntryImports()] : []),
        ...(isHost && production ? [new PrerenderGateShell(gateShellBundle)] : []),
        ...extraPages.map(
          (page) =>
            new HtmlWebpackPlugin({
              template: path.join(__dirname, 'index.html'),
              filename: page.filename,
              chunks: [page.chunk],
              templateParameters: { buildId },
              scriptLoading: 'defer',
              meta: page.meta ?? {},
            }),
        ),
        new webpack.DefinePlugin({
          'process.env.BUILD_ID': JSON.stringify(buildId),
          'process.env.MF_NAME': JSON.stringify(name),
          ...(isHost ? { 'process.env.MF_SHARED': JSON.stringify(JSON.stringify(providedShares(dir))) } : {}),
        }),
      ],
      devServer: {
        port,
        historyApiFallback: extraPages.length
          ? { rewrites: extraPages.map((page) => ({ from: page.route, to: `/${page.filename}` })) }
          : true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/config.json', '/content', '/api', '/results', '/media', '/identity'], target: 'http://localhost:3000' }],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
    };
  }
}

module.exports = { createConfig, sharedSingletons, rootVersion: rootPkg.version };
