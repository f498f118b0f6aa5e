import { startFakeS3 } from './fake-s3.js';

/**
 * The S3 stand-in as a process of its own, for scripts/test-topology.mjs (two server processes
 * share one bucket, as they share S3 in production). Settings from the environment: FAKE_S3_BUCKET,
 * FAKE_S3_ACCESS_KEY_ID, FAKE_S3_SECRET_ACCESS_KEY, FAKE_S3_REGION, FAKE_S3_PORT (0 = a free one).
 * Prints one line `listening <url>` once it accepts requests; ends on SIGTERM/SIGINT.
 */

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const s3 = await startFakeS3({
  bucket: env('FAKE_S3_BUCKET'),
  accessKeyId: env('FAKE_S3_ACCESS_KEY_ID'),
  secretAccessKey: env('FAKE_S3_SECRET_ACCESS_KEY'),
  region: env('FAKE_S3_REGION', 'eu-central-1'),
  port: Number(env('FAKE_S3_PORT', '0')),
});
console.log(`listening ${s3.url}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void s3.close().then(() => process.exit(0)));
}
