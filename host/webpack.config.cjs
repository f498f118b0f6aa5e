const { createConfig } = require('../config/webpack.mf.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'host',
  isHost: true,
  port: 3100,
  // The back office is a page of its own (served for /backoffice/*): the public pages' first load
  // carries nothing of it, and it has none of their frame (header, footer, age gate).
  extraEntries: { backoffice: './src/backoffice.ts' },
  extraPages: [{ filename: 'backoffice.html', chunk: 'backoffice', route: /^\/backoffice(\/|$)/, meta: { robots: 'noindex' } }],
});
