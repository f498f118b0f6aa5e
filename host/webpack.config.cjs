const { createConfig } = require('../config/webpack.mf.cjs');

module.exports = createConfig({ dir: __dirname, name: 'host', isHost: true, port: 3100 });
