/**
 * Uploaded bytes in an S3-compatible bucket (AWS S3, MinIO, R2), shared by
 * every API process. Objects are named as on disk (hash and extension) and
 * served through the server with the same headers; a put is whole or absent,
 * so no temporary names are needed.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Settings } from '../env';
import { CONTENT_TYPE_BY_EXTENSION } from './file-types';
import type { FileStore, StoredFile } from './file-store';

const isMissing = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;

/** A bucket that does not answer fails the request instead of holding it (and, during an upload, the write lock) open. */
const CONNECTION_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 15_000;

export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  /** `listPageSize`: how many names a listing asks for at a time (the service's own page, 1,000 on S3, when not given). */
  constructor(
    settings: S3Settings,
    private readonly listPageSize?: number,
  ) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
      // A custom endpoint (MinIO, R2, a local stand-in) addresses buckets by path, not by host name, and may not know
      // the checksums newer SDKs add to every request unasked: they are sent only where the API requires them.
      ...(settings.endpoint && {
        endpoint: settings.endpoint,
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
      ...(settings.accessKeyId && settings.secretAccessKey && { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }),
    });
  }

  get location(): string {
    return `s3://${this.bucket}`;
  }

  async put(fileName: string, bytes: Uint8Array): Promise<boolean> {
    if (await this.exists(fileName)) return false;
    const extension = fileName.slice(fileName.lastIndexOf('.') + 1);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: fileName, Body: bytes, ContentLength: bytes.length, ContentType: CONTENT_TYPE_BY_EXTENSION[extension] }),
    );
    return true;
  }

  async get(fileName: string): Promise<StoredFile | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: fileName }));
      if (!object.Body) return null;
      const body = object.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      if (object.ContentLength === undefined) {
        // Unread, the answer would keep one of the client's pooled connections for good.
        await body.cancel();
        return null;
      }
      return { size: object.ContentLength, body };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(fileName: string): Promise<boolean> {
    // A delete answers alike whether the object was there: asked first, for the cleanup's report.
    if (!(await this.exists(fileName))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: fileName }));
    return true;
  }

  async list(): Promise<Array<{ name: string; modifiedAt: Date }>> {
    const files: Array<{ name: string; modifiedAt: Date }> = [];
    // Page after page from the last name seen (the first listing API, which every S3-compatible service implements;
    // some stand-ins cannot make the continuation tokens of the second).
    for (let marker: string | undefined, truncated = true; truncated;) {
      const page = await this.client.send(new ListObjectsCommand({ Bucket: this.bucket, Marker: marker, MaxKeys: this.listPageSize }));
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified) files.push({ name: object.Key, modifiedAt: object.LastModified });
      }
      marker = page.Contents?.at(-1)?.Key;
      truncated = page.IsTruncated === true && marker !== undefined;
    }
    return files;
  }

  async size(fileName: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: fileName }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private async exists(fileName: string): Promise<boolean> {
    return (await this.size(fileName)) !== null;
  }
}
