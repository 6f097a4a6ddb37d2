import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { TS3Config } from '../config.ts';
import type { TFileStore } from './storage.ts';

/** S3 wants parts of at least 5 MiB except the last; 8 MiB keeps memory per upload small. */
export const S3_PART_SIZE = 8 * 1024 * 1024;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * An S3-compatible store (AWS S3, MinIO, Ceph, OSS/COS in S3 mode). Uploads stream: bodies
 * up to one part go up in one PutObject, longer ones as a multipart upload that is aborted
 * when the body fails, so a refused upload leaves no object behind.
 */
export function createS3Store(config: TS3Config, client?: S3Client): TFileStore {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // S3-compatible servers do not all know the newer flexible checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = config.bucket;
  const keyOf = (key: string) => `${config.prefix}${key}`;

  async function multipart(Key: string, first: Buffer, rest: AsyncIterator<Buffer>, ContentType: string) {
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }));
    const parts: { ETag: string; PartNumber: number }[] = [];
    try {
      let pending: Buffer[] = [first];
      let pendingLength = first.length;
      const flush = async () => {
        const PartNumber = parts.length + 1;
        const Body = Buffer.concat(pending, pendingLength);
        pending = [];
        pendingLength = 0;
        const { ETag } = await s3.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body }));
        parts.push({ ETag: ETag ?? '', PartNumber });
      };
      for (let next = await rest.next(); !next.done; next = await rest.next()) {
        pending.push(next.value);
        pendingLength += next.value.length;
        if (pendingLength >= S3_PART_SIZE) await flush();
      }
      if (pendingLength > 0) await flush();
      await s3.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      await s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(key, body, { contentType }) {
      const Key = keyOf(key);
      const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const head: Buffer[] = [];
      let headLength = 0;
      try {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          head.push(next.value);
          headLength += next.value.length;
          if (headLength >= S3_PART_SIZE) {
            await multipart(Key, Buffer.concat(head, headLength), iterator, contentType);
            return;
          }
        }
      } catch (error) {
        body.destroy();
        throw error;
      }
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body: Buffer.concat(head, headLength),
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async exists(key) {
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
