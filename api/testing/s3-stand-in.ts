/**
 * A local S3-compatible server (s3rver) with one empty bucket, for tests of
 * uploads in object storage: no network, no account, a folder of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../env';

export type S3StandIn = {
  settings: S3Settings;
  /** The same, as the server's environment variables. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export async function startS3StandIn(bucket = 'menus-uploads'): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'menus-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  // s3rver's fixed credentials.
  const settings: S3Settings = { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId!,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey!,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
