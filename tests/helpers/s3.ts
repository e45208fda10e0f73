import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

// A real S3 protocol server for the tests (s3rver, on a temporary folder and a free port): the storage code talks
// to it through the AWS SDK exactly as it would to a bucket elsewhere.

export const TEST_BUCKET = "sira-test";

export interface TestS3 {
  endpoint: string;
  /** The S3_* variables that point a server at this bucket. */
  env: Record<string, string>;
  /** Where s3rver keeps the objects (bucket/key…). */
  directory: string;
  /** Stops answering (the bucket is "down") until `start` is called again, on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3(bucket = TEST_BUCKET): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "sira-s3-"));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({
      address: "127.0.0.1",
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    port = (await server.run()).port;
  };
  const stop = async () => {
    await server?.close();
    server = null;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "1",
      // s3rver's own key pair.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
