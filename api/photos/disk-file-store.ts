/**
 * The uploaded bytes on disk: one file per content hash under DATA_DIR/uploads,
 * written to a temporary name in the same folder and renamed into place, so a
 * stored name always holds a whole file.
 */
import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FileStore, StoredFile } from './file-store';

/** Temporary files being written; a crash can leave one behind, and the cleanup removes it once it is old. */
export const TEMP_FILE_PREFIX = '.upload-';

export class DiskFileStore implements FileStore {
  constructor(private readonly dir: string) {}

  get location(): string {
    return this.dir;
  }

  async put(fileName: string, bytes: Uint8Array): Promise<boolean> {
    const target = join(this.dir, fileName);
    if ((await this.size(fileName)) !== null) return false;
    await mkdir(this.dir, { recursive: true });
    const temp = join(this.dir, `${TEMP_FILE_PREFIX}${randomUUID()}`);
    try {
      // Flushed to the disk before the rename: after a power cut a stored name must not hold an empty file, which a retry would never rewrite.
      await writeFile(temp, bytes, { flag: 'wx', flush: true });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return true;
  }

  async get(fileName: string): Promise<StoredFile | null> {
    const size = await this.size(fileName);
    if (size === null) return null;
    return { size, body: Readable.toWeb(createReadStream(join(this.dir, fileName))) as ReadableStream<Uint8Array> };
  }

  async remove(fileName: string): Promise<boolean> {
    try {
      await unlink(join(this.dir, fileName));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /** The folder's files, temporary ones included, so the cleanup can find those a crash left (none when the folder does not exist yet). */
  async list(): Promise<Array<{ name: string; modifiedAt: Date }>> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const files: Array<{ name: string; modifiedAt: Date }> = [];
    for (const name of names) {
      try {
        const info = await stat(join(this.dir, name));
        if (info.isFile()) files.push({ name, modifiedAt: info.mtime });
      } catch {
        // Gone since the listing: nothing to do.
      }
    }
    return files;
  }

  async size(fileName: string): Promise<number | null> {
    try {
      const info = await stat(join(this.dir, fileName));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }
}
