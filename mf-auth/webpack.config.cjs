const { createConfig } = require('../config/webpack.mf.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_auth',
  port: 3101,
  exposes: {
    './AuthApp': './src/exposes/auth-app.tsx',
    './session': './src/exposes/session.ts',
  },
});
