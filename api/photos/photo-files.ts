/**
 * The uploaded bytes on disk: one file per content hash under DATA_DIR/uploads,
 * written to a temporary name in the same folder and renamed into place, so a
 * stored name always holds a whole file.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Temporary files being written; a crash can leave one behind, and the cleanup removes it once it is old. */
export const TEMP_FILE_PREFIX = '.upload-';

export function storedFilePath(dir: string, fileName: string): string {
  return join(dir, fileName);
}

export async function fileExists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Stores the bytes under `fileName` unless a file of that name (the same hash, so the same bytes) is already there. True when it wrote. */
export async function storeFile(dir: string, fileName: string, bytes: Uint8Array): Promise<boolean> {
  const target = storedFilePath(dir, fileName);
  if (await fileExists(target)) return false;
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `${TEMP_FILE_PREFIX}${randomUUID()}`);
  try {
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return true;
}

/** Removes the file; true when it was there. */
export async function removeFile(path: string): Promise<boolean> {
  try {
    await unlink(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** The folder's entries with their modification times (none when the folder does not exist yet). */
export async function listFiles(dir: string): Promise<Array<{ name: string; modifiedAt: Date }>> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: Array<{ name: string; modifiedAt: Date }> = [];
  for (const name of names) {
    try {
      const info = await stat(join(dir, name));
      if (info.isFile()) files.push({ name, modifiedAt: info.mtime });
    } catch {
      // Gone since the listing: nothing to do.
    }
  }
  return files;
}
