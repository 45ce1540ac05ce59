import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const top5Songs = pgTable('top5_songs', {
  rank: integer('rank').primaryKey(),
  title: text('title').notNull(),
  artist: text('artist').notNull(),
  overview: text('overview'),
  artistDetails: text('artist_details'),
  spotifyTrackId: text('spotify_track_id').notNull(),
  imageUrl: text('image_url'),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const rosterEntries = pgTable(
  'roster_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    blurb: text('blurb'),
    active: boolean('active').notNull().default(true),
    category: text('category').notNull(),
    sortOrder: integer('sort_order').notNull().default(1000),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('roster_category_idx').on(t.category, t.active, t.sortOrder)],
);

export const teamMembers = pgTable('team_members', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  title: text('title'),
  imageUrl: text('image_url'),
  blurb: text('blurb'),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(1000),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const songSubmissions = pgTable(
  'song_submissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    link: text('link'),
    birthDate: text('birth_date').notNull(),
    interests: jsonb('interests').$type<string[]>().notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    reviewed: boolean('reviewed').notNull().default(false),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // The inbox, newest first or by last name, a page at a time: each page reads its own rows by
  // index, then the submitters by key (issue 19).
  (t) => [
    index('song_submissions_created_idx').on(t.createdAt, t.id),
    index('song_submissions_last_name_idx').on(sql`lower(${t.lastName})`, t.id),
  ],
);
