const { createConfig } = require('../config/webpack.mf.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_challenges',
  port: 3102,
  exposes: {
    './ChallengesApp': './src/exposes/challenges-app.tsx',
  },
});
