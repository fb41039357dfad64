/**
 * Where uploaded bytes live, one object per content-hashed name: the local
 * disk under DATA_DIR/uploads by default, or an S3-compatible bucket (AWS
 * S3, MinIO, R2) that every API process shares. A name's bytes never
 * change, so storing a name twice is harmless and a read is cached for good.
 */

export type StoredFile = { size: number; body: ReadableStream<Uint8Array> };

export interface FileStore {
  /** Where the files are, for messages to the operator. */
  readonly location: string;
  /** Stores the bytes under `fileName` unless that name is already stored (the same hash, so the same bytes). True when it wrote. */
  put(fileName: string, bytes: Uint8Array): Promise<boolean>;
  /** The stored bytes, or null when there are none under that name. Their body must be read or cancelled. */
  get(fileName: string): Promise<StoredFile | null>;
  /** The stored file's size, or null when there is none under that name: what a HEAD request needs, opening nothing. */
  size(fileName: string): Promise<number | null>;
  /** Removes the file; true when it was there. */
  remove(fileName: string): Promise<boolean>;
  /** Every stored name with when it was written. */
  list(): Promise<Array<{ name: string; modifiedAt: Date }>>;
}
