import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './server-process.js';

/**
 * moto_server (Python's `moto`, `pip install "moto[server]"`) as an independent implementation of
 * the Cognito user-pool API for tests of the server's Cognito mode. A test that needs it checks
 * `motoServerPath()` and is skipped, saying so, when it is not on PATH (as the PostgreSQL tests
 * are without DATABASE_URL).
 */

/**
 * The moto_server executable on PATH that runs, or null. A PATH entry may be a wrapper (a pyenv
 * shim) whose Python lacks moto: it is asked for its help first, so that case skips too.
 */
export function motoServerPath(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'moto_server');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
    } catch {
      continue;
    }
    if (spawnSync(candidate, ['--help'], { stdio: 'ignore', timeout: 30_000 }).status === 0) return candidate;
  }
  return null;
}

export interface MotoServer {
  /** `http://127.0.0.1:<port>` (the user-pool API answers at `/`). */
  base: string;
  /** Stops the process this started (its process group: the PATH entry may be a wrapper script). */
  stop(): Promise<void>;
}

/**
 * Starts moto_server on a free port and waits until it answers. `env` is added to the process's
 * environment (e.g. `MOTO_COGNITO_IDP_USER_POOL_ENABLE_TOTP=true`: moto then checks TOTP codes).
 */
export async function startMoto(executable: string, env: Record<string, string> = {}, timeoutMs = 30_000): Promise<MotoServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(executable, ['-H', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`moto_server exited (${child.exitCode}): ${output}`);
    try {
      // A small answer of the user-pool API (moto's /moto-api/ dashboard is slow to render under load).
      const res = await fetch(`${base}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ListUserPools' },
        body: '{"MaxResults":1}',
        signal: AbortSignal.timeout(5_000),
      });
      await res.arrayBuffer();
      return { base, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`moto_server did not answer on ${base} within ${timeoutMs} ms: ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export interface PoolAnswer<T = Record<string, unknown>> {
  status: number;
  body: T & { __type?: string; message?: string };
}

/**
 * One call of the user-pool JSON API at `base` (`X-Amz-Target`). The Authorization header is a
 * SigV4 header with a dummy signature: moto checks no signature, but takes the region of the
 * account's data from its credential scope (the Admin* calls of the server sign for
 * IDENTITY_REGION, so a pool made here must live in that region too). Unsigned calls go to moto's
 * default region, us-east-1 (some public calls find their pool in any region, GlobalSignOut not).
 */
export async function poolCall<T = Record<string, unknown>>(
  base: string,
  action: string,
  body: Record<string, unknown>,
  region = 'us-east-1',
): Promise<PoolAnswer<T>> {
  const res = await fetch(`${base}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      authorization: `AWS4-HMAC-SHA256 Credential=test/20260101/${region}/cognito-idp/aws4_request, SignedHeaders=host, Signature=0`,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: PoolAnswer<T>['body'];
  try {
    parsed = (text ? JSON.parse(text) : {}) as PoolAnswer<T>['body'];
  } catch {
    parsed = { message: text } as PoolAnswer<T>['body'];
  }
  return { status: res.status, body: parsed };
}

async function created<T>(answer: Promise<PoolAnswer<T>>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what}: HTTP ${status} ${JSON.stringify(body)}`);
  return body;
}

export interface MotoPool {
  userPoolId: string;
  clientId: string;
}

/**
 * A user pool set up as docs/configuration.md ("What the Cognito pool needs") says: the e-mail
 * address as the username, verified by code, the site's password policy, and an app client without
 * a secret (SRP and refresh; USER_PASSWORD_AUTH only so that a test can check a password, as moto
 * does not check SRP), token revocation on, allowed to read `email`.
 */
export async function createMotoPool(base: string, name: string, region = 'us-east-1'): Promise<MotoPool> {
  const pool = await created(
    poolCall<{ UserPool: { Id: string } }>(
      base,
      'CreateUserPool',
      {
        PoolName: name,
        UsernameAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: { MinimumLength: 8, RequireUppercase: true, RequireLowercase: true, RequireNumbers: true, RequireSymbols: true },
        },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      },
      region,
    ),
    'CreateUserPool',
  );
  const client = await created(
    poolCall<{ UserPoolClient: { ClientId: string } }>(
      base,
      'CreateUserPoolClient',
      {
        UserPoolId: pool.UserPool.Id,
        ClientName: `${name}-web`,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH'],
        EnableTokenRevocation: true,
        PreventUserExistenceErrors: 'ENABLED',
        ReadAttributes: ['email', 'email_verified'],
      },
      region,
    ),
    'CreateUserPoolClient',
  );
  return { userPoolId: pool.UserPool.Id, clientId: client.UserPoolClient.ClientId };
}
