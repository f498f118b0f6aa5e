const { createConfig } = require('../config/webpack.mf.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_profile',
  port: 3104,
  exposes: {
    './ProfileApp': './src/exposes/profile-app.tsx',
  },
});
