// The deployment's nginx site (deploy/nginx/templates/punktejagd.conf.template), rendered as the
// nginx image renders it (envsubst of ${NAME}; nginx's own $variables stay), for an unprivileged
// nginx of a test or a benchmark in a folder of its own. The topology test and
// `bench:lighthouse` run the deployment's own file, not a copy of it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

export const NGINX_TEMPLATE = path.join(root, 'deploy/nginx/templates/punktejagd.conf.template');

/**
 * nginx.conf for `nginx -p dir -c <file>`: the template filled with `values` (every placeholder
 * must have one), in an http block with the folder's temp paths; `http` is more of the http
 * context (a log format, the certificate of a TLS listener).
 */
export function deployNginxConfig({ dir, values, http = '', accessLog = 'off' }) {
  const site = readFileSync(NGINX_TEMPLATE, 'utf8').replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name) => values[name] ?? whole);
  const left = site.match(/\$\{[A-Z0-9_]+\}/);
  if (left) throw new Error(`${path.relative(root, NGINX_TEMPLATE)} has a placeholder without a value: ${left[0]}`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${path.join(dir, name)};`)
    .join('\n');
  return `worker_processes 1;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 512; }
http {
${http}
  access_log ${accessLog};
${temp}
${site}
}
`;
}

/**
 * A self-signed certificate for 127.0.0.1 made with openssl in `dir`, valid for a day; answers the
 * lines that give it to a TLS listener (`http` of `deployNginxConfig`, with LISTEN `… ssl http2`).
 */
export function selfSignedCertificate(dir) {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert],
    { stdio: 'ignore' },
  );
  return `  ssl_certificate ${cert};\n  ssl_certificate_key ${key};`;
}
