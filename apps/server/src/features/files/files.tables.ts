import { bigint, boolean, index, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';

/**
 * Uploaded files. The bytes live in the file store under `storedKey`; a row is written only
 * after every byte has passed the checks. bizType/bizId name the business object the file
 * belongs to (null until a feature attaches it).
 */
export const files = pgTable(
  'files',
  {
    ...tenantColumns(),
    bucket: varchar('bucket', { length: 64 }).notNull(),
    bizType: varchar('biz_type', { length: 64 }),
    bizId: varchar('biz_id', { length: 64 }),
    /** The upload rules the file passed: photo, attachment or image (packages/domain files/rules). */
    profile: varchar('profile', { length: 16 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    extension: varchar('extension', { length: 10 }).notNull(),
    storedKey: varchar('stored_key', { length: 300 }).notNull(),
    /** Detected from the bytes, not taken from the browser. */
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** CRC-32 of the bytes, so archives can be streamed with complete headers. */
    crc32: bigint('crc32', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').notNull(),
    /** The uploader's provider (provider staff); null for operator staff. */
    uploaderProviderId: varchar('uploader_provider_id', { length: 64 }),
    deleted: boolean('deleted').notNull().default(false),
    deletedAt: at('deleted_at'),
    deletedBy: uuid('deleted_by'),
  },
  (t) => [
    index('files_tenant_idx').on(t.tenantId),
    index('files_biz_idx').on(t.tenantId, t.bizType, t.bizId),
  ],
);

export type TFileRow = typeof files.$inferSelect;
