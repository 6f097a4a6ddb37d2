import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TConfig } from '../config.ts';
import { createS3Store } from './s3-storage.ts';

/**
 * Where file bytes live. Keys are made by the server only (tenant/bucket/month/id), never
 * from user input. A failed or aborted `put` leaves nothing behind under the key.
 */
export interface TFileStore {
  readonly kind: 'local' | 's3';
  /** Streams `body` to `key`; rejects (and keeps nothing) when the body stream fails. */
  put(key: string, body: Readable, options: { contentType: string }): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Readable | null>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Refuses keys that could leave the store's root. */
export function assertSafeKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/** Files in a folder (default DATA_DIR/files); writes go to a temporary name, then rename. */
export function createLocalStore(root: string): TFileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const path = resolve(base, ...key.split('/'));
    if (!path.startsWith(base + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return path;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, path);
      } catch (error) {
        body.destroy();
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}

/** The store the configuration asks for: S3 when S3_BUCKET is set, else DATA_DIR/files. */
export function createFileStore(config: TConfig): TFileStore {
  return config.s3 ? createS3Store(config.s3) : createLocalStore(join(config.dataDir, 'files'));
}

const stores = new WeakMap<object, TFileStore>();

/** One store per platform, made on first use (keeps TPlatform free of a files field). */
export function fileStoreOf(p: { config: TConfig }): TFileStore {
  let store = stores.get(p);
  if (!store) {
    store = createFileStore(p.config);
    stores.set(p, store);
  }
  return store;
}

/** Lets a test swap the store of a platform (e.g. for the S3 store against a fake server). */
export function setFileStore(p: { config: TConfig }, store: TFileStore): void {
  stores.set(p, store);
}
