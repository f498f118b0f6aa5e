const { createConfig } = require('../config/webpack.mf.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_backoffice',
  port: 3105,
  exposes: {
    './BackofficeApp': './src/exposes/backoffice-app.tsx',
  },
});
