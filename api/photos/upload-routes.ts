/**
 * POST /api/upload (multipart: `image`, optional `purpose` and `id`) and
 * GET /uploads/:file, which serves the stored bytes by their hashed name.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_UPLOAD_BYTES } from '../../sync/entities/photo';
import { AppError } from '../../sync/contract/errors';
import { matchesEtag } from '../platform/http/conditional';
import type { AppEnv, Services } from '../context';
import { hashInUse } from '../db/repositories/photos';
import { anySignedIn, teamAccountOf } from '../http/access';
import { errorResponse } from '../platform/http/errors';
import { CONTENT_TYPE_BY_EXTENSION, STORED_FILE_NAME } from './file-types';
import { uploadPhoto } from './upload-service';

/** The upload route's path under /api; the API's 1 MB JSON body limit leaves it to its own. */
export const UPLOAD_PATH = '/upload';

const LARGEST_UPLOAD = Math.max(...Object.values(MAX_UPLOAD_BYTES));
/** Room for the multipart boundaries and the other fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const LARGEST_MEGABYTES = Math.round(LARGEST_UPLOAD / (1024 * 1024));

const uploadBodyLimit = bodyLimit({
  maxSize: LARGEST_UPLOAD + MULTIPART_OVERHEAD,
  onError: (c) => errorResponse(c, new AppError('payload_too_large', `File must be less than ${LARGEST_MEGABYTES}MB`)),
});

async function readForm(c: Context<AppEnv>): Promise<FormData | null> {
  try {
    return await c.req.raw.formData();
  } catch {
    return null; // Not multipart, or malformed: the same as no file.
  }
}

export const uploadRoutes = new Hono<AppEnv>().post(UPLOAD_PATH, anySignedIn, uploadBodyLimit, async (c) => {
  const form = await readForm(c);
  const { photo, created } = await uploadPhoto(c.get('services'), teamAccountOf(c), {
    image: form?.get('image') ?? null,
    purpose: form?.get('purpose') ?? null,
    id: form?.get('id') ?? null,
  });
  return c.json(photo, created ? 201 : 200);
});

const notFound = (c: Context) => c.json({ message: 'Not found', reason: 'not_found' }, 404);

/**
 * Serves stored files. Only a name of the stored form (hash and extension)
 * is looked up, so nothing a client sends becomes a path; the bytes under a
 * name never change, so they are cached for good. A file is served while an
 * upload record names its bytes, on every path (a revalidation and a HEAD
 * too): an account closed, or an unused upload cleaned up, takes its files
 * off at once, whenever the bytes themselves leave the store.
 */
export function uploadedFileRoutes(services: Pick<Services, 'db' | 'files'>) {
  const { files } = services;
  return new Hono<AppEnv>()
    .get('/uploads/:file', async (c) => {
      const match = STORED_FILE_NAME.exec(c.req.param('file'));
      if (!match) return notFound(c);
      const [fileName, sha256, extension] = match as unknown as [string, string, string];
      if (!(await hashInUse(services.db.read, sha256))) return notFound(c);
      const etag = `"${sha256}"`;
      const cacheForGood = () => {
        c.header('ETag', etag);
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
        c.header('X-Content-Type-Options', 'nosniff');
      };
      // The name is the hash of the bytes: whoever holds a copy of this name holds these bytes, with no look at the store (still in use, as checked above).
      if (matchesEtag(c.req.header('if-none-match'), etag)) {
        cacheForGood();
        return c.body(null, 304);
      }
      // A HEAD is answered from the size alone: Hono drops a GET answer's body unread, which would leave its file or connection open.
      const head = c.req.method === 'HEAD';
      const stored = head ? await files.size(fileName).then((size) => (size === null ? null : { size, body: null })) : await files.get(fileName);
      if (!stored) return notFound(c);
      cacheForGood();
      c.header('Content-Type', CONTENT_TYPE_BY_EXTENSION[extension]!);
      c.header('Content-Length', String(stored.size));
      if (extension === 'pdf') c.header('Content-Disposition', 'inline');
      return stored.body ? c.body(stored.body) : c.body(null);
    })
    .all('/uploads/*', notFound);
}
