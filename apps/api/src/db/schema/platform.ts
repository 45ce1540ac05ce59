import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Who changed what, when: every admin and master change writes one row. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: bigint('actor_id', { mode: 'number' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId)],
);

/** The dev mailbox: outgoing mail kept in the database when SMTP_URL is not set. */
export const devMailbox = pgTable('dev_mailbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  attachments: jsonb('attachments').$type<{ filename: string; contentType: string; size: number }[]>(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Provider webhook events already applied: recorded in the same transaction as their effect. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

/** Stored files (uploads, generated artwork): bytes on disk or object storage, metadata here. */
export const mediaFiles = pgTable('media_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  etag: text('etag').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** One-off facts about the installation, e.g. that demo data was seeded (set once, by one instance). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
