const { createConfig } = require('../config/webpack.mf.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_standings',
  port: 3103,
  exposes: {
    './StandingsApp': './src/exposes/standings-app.tsx',
    './ClubPage': './src/exposes/club-page.tsx',
  },
});
