import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from '@erd/shared-contracts/wire';
import { OPERATOR_ROLES, type OperatorRole } from '@erd/shared-contracts/backoffice';
import { DatabaseRoleError, lockedMessage, LockedError, migrateAsOwner, openConfiguredDatabase } from './bootstrap.js';
import { appClock } from './clock.js';
import { ConfigError, loadConfig, REMOTE_WORKSPACES, webPaths, type ServerConfig } from './config.js';
import { isAppError, UsageError } from './errors.js';
import { berlinToday } from './lib/dates.js';
import { consoleLogger, type Logger } from './logger.js';
import { createMediaStore } from './modules/media/store.js';
import { cliActor, type Actor } from './modules/audit/service.js';
import { listParticipationsForReview, publishParticipation, rejectParticipation } from './modules/moderation/service.js';
import { addOperator, findOperatorId, listOperators, updateOperator } from './modules/operators/service.js';
import { subscribersCsv } from './modules/newsletter-admin/service.js';
import { formatChallenge, formatRows, formatVersion } from './modules/results/format.js';
import {
  getResultsOverview,
  listResultVersions,
  previewChallengeResults,
  publishChallengeResults,
  setRightAnswer,
} from './modules/results/service.js';
import { createUploadStorage } from './modules/uploads/storage.js';
import { resolveAppSecret } from './secret.js';
import { createJobQueue, prepareJobQueues, type JobQueue } from './modules/jobs/queue.js';
import { parseRemoteName, type ReleaseStore } from './modules/releases/service.js';
import { createReleaseStore } from './modules/releases/storage.js';
import { formatImportReport, hasUnwrittenDifferences, importSeason, SeasonValidationError } from './modules/season/service.js';

/** The operator command line: `node server/dist/cli.js <command> …` (see server/README.md). */

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const remotes = REMOTE_NAMES.map((n) => REMOTE_WORKSPACES[n]).join('|');

const USAGE = `Usage: node server/dist/cli.js <command>

  migrate [--app-role <role>]         As the owner of the schema (DATABASE_MIGRATION_URL, else
                                      DATABASE_URL): apply the migrations, set up the job queues, and
                                      grant the app role (DATABASE_URL's user, or --app-role) its
                                      rights, the audit log read and append only (docs/deployment.md)
  import-season <dir> [--dry-run] [--overwrite] [--make-current]
                                      Import a season folder (season.json, clubs.csv, assets, legal
                                      texts; docs/season-format.md): adds a new year, new challenges
                                      and clubs, and lists every stored field that differs from the
                                      file (database → file). --overwrite writes those too; --dry-run
                                      writes nothing; --make-current makes the file's year the season
                                      the site shows (else only the first season becomes current).
                                      Exit code 2: differences were listed and not written
  release <${remotes}> [--dist <dir>] [--id <releaseId>]
                                      Store a remote's build as a new release and make it live
                                      (in the database with DATABASE_URL, else in DATA_DIR/remotes)
  releases <remote>                   List the releases of a remote (* = live)
  rollback <remote> <releaseId>       Make an earlier release live again
  newsletter-export                   Print the confirmed newsletter subscribers as CSV for Excel
                                      (UTF-8 with BOM, ";" between cells: the back office export; audited)
  operator-add <email> [--role moderator|admin] [--password <pw>]
                                      Create a back-office operator (default role: moderator), or set
                                      a new password (and with --role the role) of an existing one;
                                      without --password the password is read from stdin (one line)
  operators                           List the operators (role, disabled, last login)
  operator-role <email> <moderator|admin> [--reason <text>]
                                      Give an operator another role (one active admin always stays)
  operator-disable <email> [--reason <text>]
                                      Disable an operator: no login, its sessions end at once
  operator-enable <email> [--reason <text>]
                                      Enable a disabled operator again
  moderation list [--state pending|published] [--challenge <id>]
                                      List slogans and pictures for review (default: pending)
  moderation publish <participationId>
                                      Publish a pending entry
  moderation reject <participationId> [--reason <text>]
                                      Reject (delete) an entry; the club may submit again
  results list [--year <yearId>]     The challenges of the season and their results state
  results preview <challengeId>       The table as publishing now would freeze it
  results answer <challengeId> <number> [--ranking highest|closest] [--reason <text>]
                                      Record the right answer (estimate, goals; 1 to 9 digits) and the
                                      goals ranking; after publication only with a reason
  results publish <challengeId> [--reason <text>]
                                      Publish the challenge's results (a correction needs a reason);
                                      writes the challenge's and the overall result file
  results versions <challengeId|yearId>
                                      Every published version, newest first
  help                                Show this text

Configuration comes from the environment (docs/configuration.md): DATA_DIR, DATABASE_URL, …`;

interface Parsed {
  positional: string[];
  options: Record<string, string>;
}

/** Options without a value (`--dry-run`); parsed as 'true'. */
const FLAGS = new Set(['dry-run', 'overwrite', 'make-current']);

function parseArgs(args: string[]): Parsed {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const key = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      if (FLAGS.has(key)) {
        if (eq !== -1) throw new UsageError(`--${key} takes no value`);
        options[key] = 'true';
        continue;
      }
      const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
      if (value === undefined || value === '') throw new UsageError(`--${key} needs a value`);
      options[key] = value;
    } else positional.push(arg);
  }
  return { positional, options };
}

function roleOption(value: string): OperatorRole {
  if (!(OPERATOR_ROLES as readonly string[]).includes(value)) throw new UsageError(`The role is moderator or admin, not "${value}".`);
  return value as OperatorRole;
}

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`Missing ${what}.\n\n${USAGE}`);
  return value;
}

function onlyOptions(parsed: Parsed, allowed: string[]): void {
  const unknown = Object.keys(parsed.options).filter((k) => !allowed.includes(k));
  if (unknown.length) throw new UsageError(`Unknown option ${unknown.map((k) => `--${k}`).join(', ')}`);
}

/**
 * The job queue for what a command queues (the notification mails of a publication or rejection):
 * its schema and queues made sure of first (a database no server has started yet has none), then
 * written into, never started here (the server's workers send them).
 */
async function cliJobs(config: ServerConfig, log: Logger, opened: Awaited<ReturnType<typeof openConfiguredDatabase>>): Promise<JobQueue> {
  await prepareJobQueues(opened.database, config.mailDelivery);
  return createJobQueue({ database: opened.database, secret: resolveAppSecret(config), mailDelivery: config.mailDelivery, log });
}

async function withDatabase<T>(config: ServerConfig, run: (opened: Awaited<ReturnType<typeof openConfiguredDatabase>>) => Promise<T>) {
  const opened = await openConfiguredDatabase(config, 'cli');
  try {
    return await run(opened);
  } finally {
    await opened.close();
  }
}

/**
 * Releases: with DATABASE_URL in PostgreSQL (every instance serves them; the running ones hear of a
 * change by notification), else in DATA_DIR/remotes without opening the embedded database (which
 * the running server holds).
 */
async function withReleaseStore<T>(config: ServerConfig, run: (store: ReleaseStore) => Promise<T>): Promise<T> {
  if (!config.databaseUrl) return run(createReleaseStore({ config }));
  return withDatabase(config, (opened) => run(createReleaseStore({ config, database: opened.database })));
}

/** The password for operator-add from stdin: one line (piped, or typed after a prompt, visible). */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (input is visible): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (process.stdin.isTTY && Buffer.concat(chunks).includes(10)) break;
  }
  const password = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  if (!password) throw new UsageError('No password given (pipe it to stdin or use --password).');
  return password;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const parsed = parseArgs(rest);
  const config = loadConfig(process.env, { serverRoot, cwd: process.cwd() });
  const log = consoleLogger(config.logLevel === 'debug' || config.logLevel === 'trace');
  // The server's clock (CLOCK_OFFSET_DAYS of a staging rehearsal included): a challenge open for
  // the server is open for the CLI too. Said on stderr, so a shifted day is never a surprise.
  const now = appClock(config);
  if (config.clockOffsetDays)
    console.error(`CLOCK_OFFSET_DAYS=${config.clockOffsetDays}: the clock is shifted like the server's (today is ${berlinToday(now())})`);

  switch (command) {
    case 'migrate': {
      onlyOptions(parsed, ['app-role']);
      const report = await migrateAsOwner(config, { appRole: parsed.options['app-role'] });
      console.log(`Migrations applied and job queues ready (${report.database}, as "${report.user}")`);
      console.log(
        report.appRole
          ? `  grants renewed for the app role "${report.appRole}" (audit log: SELECT, INSERT only)`
          : '  no app role: nothing granted (one role for both)',
      );
      return 0;
    }
    case 'import-season': {
      onlyOptions(parsed, ['dry-run', 'overwrite', 'make-current']);
      const dir = path.resolve(need(parsed.positional[0], 'the season folder'));
      const report = await withDatabase(config, (opened) =>
        importSeason({
          ctx: { db: opened.database.db, media: createMediaStore(config, opened.database), log, now },
          input: {
            dir,
            dryRun: parsed.options['dry-run'] === 'true',
            overwrite: parsed.options.overwrite === 'true',
            makeCurrent: parsed.options['make-current'] === 'true',
            actor: cliActor(),
          },
        }),
      );
      for (const line of formatImportReport(report)) console.log(line);
      return hasUnwrittenDifferences(report) ? 2 : 0;
    }
    case 'release': {
      onlyOptions(parsed, ['dist', 'id']);
      const name = parseRemoteName(need(parsed.positional[0], 'the remote'));
      const distDir = parsed.options.dist ? path.resolve(parsed.options.dist) : webPaths(config).remote(name);
      const release = await withReleaseStore(config, (store) => store.create({ name, distDir, id: parsed.options.id }));
      console.log(`Released ${name} ${release.id} (${release.files} files from ${distDir})`);
      console.log(`  live entry: ${release.pointer.entry}`);
      return 0;
    }
    case 'releases': {
      onlyOptions(parsed, []);
      const name = parseRemoteName(need(parsed.positional[0], 'the remote'));
      const releases = await withReleaseStore(config, (store) => store.list(name));
      if (!releases.length) console.log(`No releases of ${name}: the workspace build is live.`);
      for (const r of releases) console.log(`${r.current ? '*' : ' '} ${r.id}\t${r.createdAt}`);
      return 0;
    }
    case 'rollback': {
      onlyOptions(parsed, []);
      const name = parseRemoteName(need(parsed.positional[0], 'the remote'));
      const id = need(parsed.positional[1], 'the release id');
      const pointer = await withReleaseStore(config, (store) => store.rollback({ name, id }));
      console.log(`${name} is now ${pointer.release} (${pointer.entry})`);
      return 0;
    }
    case 'newsletter-export': {
      onlyOptions(parsed, []);
      // The back office's export (one CSV writer, formula cells neutralised), audited the same way.
      const csv = await withDatabase(config, (opened) =>
        subscribersCsv({ ctx: { db: opened.database.db, now }, input: { actor: cliActor() } }),
      );
      process.stdout.write(csv.text);
      log.info(`${csv.total} confirmed subscriber(s)`);
      return 0;
    }
    case 'operator-add': {
      onlyOptions(parsed, ['password', 'role']);
      const email = need(parsed.positional[0], 'the e-mail address');
      const role = parsed.options.role === undefined ? undefined : roleOption(parsed.options.role);
      const password = parsed.options.password ?? (await readPassword());
      const result = await withDatabase(config, (opened) =>
        addOperator({ ctx: { db: opened.database.db, now }, input: { email, password, role, actor: cliActor() } }),
      );
      console.log(
        `${result.created ? 'Created operator' : 'New password for operator'} ${result.email} (${result.role}${result.disabled ? ', disabled' : ''})`,
      );
      return 0;
    }
    case 'operators': {
      onlyOptions(parsed, []);
      const list = await withDatabase(config, (opened) => listOperators({ ctx: { db: opened.database.db }, input: { actor: cliActor() } }));
      for (const o of list.items) {
        console.log(
          `${o.id}\t${o.email}\t${o.role}\t${o.disabledAt ? `disabled since ${o.disabledAt}` : 'active'}\tlast login: ${o.lastLoginAt ?? 'never'}`,
        );
      }
      console.error(`${list.items.length} operator(s)`);
      return 0;
    }
    case 'operator-role':
    case 'operator-disable':
    case 'operator-enable': {
      onlyOptions(parsed, ['reason']);
      const email = need(parsed.positional[0], 'the e-mail address');
      const body =
        command === 'operator-role'
          ? { role: roleOption(need(parsed.positional[1], 'the role (moderator or admin)')), reason: parsed.options.reason }
          : { disabled: command === 'operator-disable', reason: parsed.options.reason };
      const changed = await withDatabase(config, async (opened) => {
        const ctx = { db: opened.database.db, now, log };
        const id = await findOperatorId({ ctx, input: { email } });
        return updateOperator({ ctx, input: { id, body, actor: cliActor(), reasonRequired: false } });
      });
      console.log(`${changed.email}: ${changed.role}, ${changed.disabledAt ? 'disabled' : 'active'}`);
      return 0;
    }
    case 'moderation': {
      const [sub, id] = parsed.positional;
      const actor: Actor = cliActor();
      const ctxOf = async (opened: Awaited<ReturnType<typeof openConfiguredDatabase>>) => ({
        db: opened.database.db,
        config,
        now,
        secret: resolveAppSecret(config),
        log,
        jobs: await cliJobs(config, log, opened),
        uploads: await createUploadStorage(config, resolveAppSecret(config)),
      });
      switch (sub) {
        case 'list': {
          onlyOptions(parsed, ['state', 'challenge']);
          const page = await withDatabase(config, async (opened) =>
            listParticipationsForReview({
              ctx: await ctxOf(opened),
              input: { state: parsed.options.state ?? 'pending', challengeId: parsed.options.challenge, size: 200 },
            }),
          );
          for (const p of page.items) {
            const content = p.slogan !== undefined ? JSON.stringify(p.slogan) : (p.image?.fields.file.url ?? '');
            console.log(
              `${p.id}\t${p.state}\t${p.challengeId}\t${p.club.clubname} (${p.club.clubnumber}/${p.club.team})\t${p.createdAt}\t${content}`,
            );
          }
          console.error(`${page.items.length} of ${page.total} ${parsed.options.state ?? 'pending'} entr${page.total === 1 ? 'y' : 'ies'}`);
          return 0;
        }
        case 'publish': {
          onlyOptions(parsed, []);
          const participationId = need(id, 'the participation id');
          const entry = await withDatabase(config, async (opened) =>
            publishParticipation({ ctx: await ctxOf(opened), input: { id: participationId, actor } }),
          );
          console.log(`Published ${entry.id} (${entry.club.clubname}, ${entry.challengeId})`);
          return 0;
        }
        case 'reject': {
          onlyOptions(parsed, ['reason']);
          const participationId = need(id, 'the participation id');
          await withDatabase(config, async (opened) =>
            rejectParticipation({ ctx: await ctxOf(opened), input: { id: participationId, reason: parsed.options.reason, actor } }),
          );
          console.log(`Rejected ${participationId}: the entry is deleted and the club may submit again`);
          return 0;
        }
        default:
          throw new UsageError(`Unknown moderation command "${sub ?? ''}" (list, publish, reject).\n\n${USAGE}`);
      }
    }
    case 'results': {
      const [sub, id, value] = parsed.positional;
      const actor: Actor = cliActor();
      const run = <T>(
        fn: (ctx: {
          db: Awaited<ReturnType<typeof openConfiguredDatabase>>['database']['db'];
          now: () => Date;
          log: typeof log;
          jobs: JobQueue;
        }) => Promise<T>,
      ) => withDatabase(config, async (opened) => fn({ db: opened.database.db, now, log, jobs: await cliJobs(config, log, opened) }));
      switch (sub) {
        case 'list': {
          onlyOptions(parsed, ['year']);
          const overview = await run((ctx) => getResultsOverview({ ctx, input: { yearId: parsed.options.year } }));
          console.log(
            `Saison ${overview.yearId} · Gesamttabelle: ${overview.overall ? `v${overview.overall.version} (${overview.overall.publishedAt})` : 'nicht veröffentlicht'}`,
          );
          for (const c of overview.challenges) console.log(formatChallenge(c));
          return 0;
        }
        case 'preview': {
          onlyOptions(parsed, []);
          const challengeId = need(id, 'the challenge id');
          const preview = await run((ctx) => previewChallengeResults({ ctx, input: { challengeId } }));
          console.log(formatChallenge(preview));
          console.log(formatRows(preview.rows));
          for (const blocker of preview.blockers) console.log(`! ${blocker}`);
          if (preview.canPublish) console.log(`Bereit: results publish ${challengeId}${preview.currentVersion > 0 ? ' --reason "…"' : ''}`);
          return preview.canPublish ? 0 : 2;
        }
        case 'answer': {
          onlyOptions(parsed, ['ranking', 'reason']);
          const challengeId = need(id, 'the challenge id');
          const updated = await run((ctx) =>
            setRightAnswer({
              ctx,
              input: { challengeId, body: { rightAnswer: value, ranking: parsed.options.ranking, reason: parsed.options.reason }, actor },
            }),
          );
          console.log(formatChallenge(updated));
          return 0;
        }
        case 'publish': {
          onlyOptions(parsed, ['reason']);
          const challengeId = need(id, 'the challenge id');
          const published = await run(async (ctx) => {
            const { currentVersion } = await previewChallengeResults({ ctx, input: { challengeId } });
            return publishChallengeResults({
              ctx,
              input: { challengeId, body: { expectedVersion: currentVersion, reason: parsed.options.reason }, actor },
            });
          });
          console.log(
            `Published ${challengeId} version ${published.challenge.version}; overall table version ${published.overall.version}`,
          );
          console.log(formatRows(published.challenge.rows));
          return 0;
        }
        case 'versions': {
          onlyOptions(parsed, []);
          const key = need(id, 'a challenge id or year id');
          const versions = await run(async (ctx) => {
            const challenge = await listResultVersions({ ctx, input: { kind: 'challenge', key } }).catch(() => null);
            return challenge ?? listResultVersions({ ctx, input: { kind: 'overall', key } });
          });
          if (!versions.items.length) console.log(`${key}: nothing published yet`);
          for (const v of versions.items) console.log(formatVersion(v));
          return 0;
        }
        default:
          throw new UsageError(`Unknown results command "${sub ?? ''}" (list, preview, answer, publish, versions).\n\n${USAGE}`);
      }
    }
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof LockedError) {
      const config = loadConfig(process.env, { serverRoot, cwd: process.cwd() });
      console.error(`error: ${lockedMessage(config, error)}`);
    } else if (
      error instanceof SeasonValidationError ||
      error instanceof UsageError ||
      error instanceof ConfigError ||
      error instanceof DatabaseRoleError ||
      isAppError(error)
    ) {
      console.error(`error: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
