import { z } from 'zod';
import { ADMIN_UPLOAD_MAX_BYTES, MP3_MAX_BYTES, SORT_ORDER_DEFAULT, TOP5_IMAGE_MAX_BYTES } from './constants.ts';
import { MessageBody } from './api-error.ts';
import { CursorPage, cursorQuery, type SortOptions, searchParam, sortParam } from './paging.ts';

/**
 * Community content: song submissions, Top 5, talent roster, team, admin uploads. The API validates
 * with these objects and the web forms show the same messages (each spec message appears once).
 */

// ---------------------------------------------------------------------------------------------
// Song submission
// ---------------------------------------------------------------------------------------------

export const SUBMISSION_INTERESTS = [
  'GAINING_EXPOSURE',
  'PERFORMING_AT_EVENTS',
  'HELP_AND_GUIDANCE',
  'ALL_OF_THE_ABOVE',
] as const;
export type SubmissionInterest = (typeof SUBMISSION_INTERESTS)[number];
export const SUBMISSION_INTEREST_LABELS: Record<SubmissionInterest, string> = {
  GAINING_EXPOSURE: 'Gaining exposure',
  PERFORMING_AT_EVENTS: 'Performing at our events',
  HELP_AND_GUIDANCE: 'Help and guidance',
  ALL_OF_THE_ABOVE: 'All of the above',
};

/** MIME types a browser may report for an MP3; the server trusts only the magic bytes. */
export const MP3_MIME_TYPES = ['audio/mpeg', 'audio/mp3'] as const;

export const SUBMISSION_MESSAGES = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  birthDateRequired: 'Birth date is required.',
  birthDateInvalid: 'Please enter a valid birth date in the past.',
  linkInvalid: 'Please enter a valid link starting with https://.',
  interestInvalid: 'Please choose interests from the list.',
  fileRequired: 'Please attach an MP3 file.',
  notMp3: 'File must be an MP3.',
  tooLarge: 'MP3 must be 20MB or less.',
  success: 'Thanks! Your song has been submitted.',
  failure: 'Submission failed. Please try again.',
} as const;

interface PickedFile {
  name: string;
  type: string;
  size: number;
}

/** The form's check of a picked file (the server checks the bytes again): the message, or null. */
export function mp3FileProblem(file: PickedFile): string | null {
  const isMp3 = (MP3_MIME_TYPES as readonly string[]).includes(file.type) || /\.mp3$/i.test(file.name);
  if (!isMp3) return SUBMISSION_MESSAGES.notMp3;
  if (file.size > MP3_MAX_BYTES) return SUBMISSION_MESSAGES.tooLarge;
  return null;
}

const isRasterImage = (file: PickedFile) => file.type.startsWith('image/') && file.type !== 'image/svg+xml';

const isPastIsoDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return (
    !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getTime() < Date.now() && v >= '1900-01-01'
  );
};
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** The text fields of POST /api/submissions/song (the mp3 part is checked by the route). */
export const SongSubmissionFields = z.object({
  firstName: z
    .string({ error: SUBMISSION_MESSAGES.firstNameRequired })
    .trim()
    .min(1, SUBMISSION_MESSAGES.firstNameRequired)
    .max(100),
  lastName: z
    .string({ error: SUBMISSION_MESSAGES.lastNameRequired })
    .trim()
    .min(1, SUBMISSION_MESSAGES.lastNameRequired)
    .max(100),
  email: z
    .string({ error: SUBMISSION_MESSAGES.emailRequired })
    .trim()
    .min(1, SUBMISSION_MESSAGES.emailRequired)
    .max(254)
    .pipe(z.email(SUBMISSION_MESSAGES.emailInvalid)),
  phone: optionalText(40),
  link: optionalText(500).refine(
    (v) => v === undefined || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v),
    SUBMISSION_MESSAGES.linkInvalid,
  ),
  birthDate: z
    .string({ error: SUBMISSION_MESSAGES.birthDateRequired })
    .trim()
    .min(1, { error: SUBMISSION_MESSAGES.birthDateRequired, abort: true })
    .refine(isPastIsoDate, SUBMISSION_MESSAGES.birthDateInvalid),
  interests: z.array(z.enum(SUBMISSION_INTERESTS, SUBMISSION_MESSAGES.interestInvalid)).default([]),
});
export type SongSubmissionFields = z.infer<typeof SongSubmissionFields>;

export const SongSubmissionSummary = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  link: z.string().nullable(),
  birthDate: z.string(),
  interests: z.array(z.string()),
  fileName: z.string(),
  fileSize: z.number(),
  /** The ADMIN/MASTER download route (needs the bearer token; never a public URL). */
  fileUrl: z.string(),
  reviewed: z.boolean(),
  createdAt: z.string(),
  submittedBy: z.string().nullable(),
});
export type SongSubmissionSummary = z.infer<typeof SongSubmissionSummary>;
/** POST /api/submissions/song → 201: the confirmation and the submission's id. */
export const SongSubmissionReceipt = MessageBody.extend({ id: z.number() });

/** The inbox's sort whitelist; newest first by default. */
export const SUBMISSION_SORT_FIELDS = ['createdAt', 'lastName', 'id'] as const;
export const SUBMISSION_SORT: SortOptions<(typeof SUBMISSION_SORT_FIELDS)[number]> = {
  fields: SUBMISSION_SORT_FIELDS,
  default: 'createdAt,DESC',
};

/** The inbox pages by cursor (it grows with every submission); `q` matches first or last name or email. */
export const SubmissionsQuery = cursorQuery({}, { sort: sortParam(SUBMISSION_SORT), q: searchParam(100) });
export type SubmissionsQuery = z.input<typeof SubmissionsQuery>;

export const SubmissionsPage = CursorPage(SongSubmissionSummary);
export type SubmissionsPage = z.infer<typeof SubmissionsPage>;

export const submissionFileUrl = (id: number) => `/api/admin/submissions/${id}/file`;

// ---------------------------------------------------------------------------------------------
// Top 5
// ---------------------------------------------------------------------------------------------

export const TOP5_SIZE = 5;
export const SPOTIFY_TRACK_ID_LENGTH = 22;
export const SPOTIFY_PLAYER_HEIGHT = 152;
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;

export const TOP5_MESSAGES = {
  rowRequired: (rank: number) => `Row #${rank}: title and artist are required.`,
  rowSpotify: (rank: number) => `Row #${rank}: Spotify URL or 22-char track ID is required.`,
  imageTooLarge: (rank: number) => `Image #${rank} is too large. Max 8MB.`,
  imageNotImage: (rank: number) => `Image #${rank} must be an image (JPEG, PNG, WebP, AVIF or GIF).`,
  ranks: 'The Top 5 needs exactly five rows, ranked 1 to 5.',
  imageUrlInvalid: (rank: number) => `Row #${rank}: the image URL must start with https:// or /api/media/.`,
  success: 'Top 5 updated!',
  failure: 'Failed to update',
  empty: 'No Top 5 yet. Check back soon.',
} as const;

/**
 * The 22-character track id from an id, an open.spotify.com track link (with or without an
 * intl-xx segment, embed path or ?si= query) or a spotify:track: URI; null when none fits.
 */
export function parseSpotifyTrackId(input: string | null | undefined): string | null {
  const value = (input ?? '').trim();
  if (SPOTIFY_ID.test(value)) return value;
  const uri = /^spotify:track:([A-Za-z0-9]{22})$/.exec(value);
  if (uri?.[1]) return uri[1];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.hostname !== 'open.spotify.com') return null;
  const match = /^\/(?:intl-[a-z-]+\/)?(?:embed\/)?track\/([A-Za-z0-9]{22})\/?$/i.exec(url.pathname);
  return match?.[1] ?? null;
}

export const spotifyEmbedUrl = (trackId: string) => `https://open.spotify.com/embed/track/${trackId}`;
export const spotifyTrackUrl = (trackId: string) => `https://open.spotify.com/track/${trackId}`;

/** An image URL we store: one of our media paths or an https address (never javascript: or data:). */
export const isAcceptableImageUrl = (v: string) =>
  /^\/api\/media\/[A-Za-z0-9/_.-]+$/.test(v) || /^https:\/\/[^\s"'<>]+$/i.test(v);

export const Top5SongInput = z.object({
  rank: z.number().int(),
  title: z.string().max(200).default(''),
  artist: z.string().max(200).default(''),
  overview: z.string().max(2000).nullish(),
  artistDetails: z.string().max(2000).nullish(),
  /** A 22-character id or a Spotify track URL; stored as the id. */
  spotifyTrackId: z.string().max(500).default(''),
  imageUrl: z.string().max(1000).nullish(),
});
export type Top5SongInput = z.infer<typeof Top5SongInput>;
export const Top5Update = z.object({ songs: z.array(Top5SongInput) });
export type Top5Update = z.infer<typeof Top5Update>;

export interface Top5RowProblem {
  rank: number;
  field: string;
  message: string;
}

/** The editor's row rules, in row order: the first problem is the message shown. */
export function findTop5Problems(songs: Top5SongInput[]): Top5RowProblem[] {
  const ranks = songs.map((s) => s.rank).sort((a, b) => a - b);
  if (songs.length !== TOP5_SIZE || ranks.some((r, i) => r !== i + 1)) {
    return [{ rank: 0, field: 'songs', message: TOP5_MESSAGES.ranks }];
  }
  const problems: Top5RowProblem[] = [];
  for (const song of [...songs].sort((a, b) => a.rank - b.rank)) {
    if (!song.title.trim() || !song.artist.trim()) {
      problems.push({
        rank: song.rank,
        field: `songs.${song.rank}.title`,
        message: TOP5_MESSAGES.rowRequired(song.rank),
      });
    }
    if (!parseSpotifyTrackId(song.spotifyTrackId)) {
      problems.push({
        rank: song.rank,
        field: `songs.${song.rank}.spotifyTrackId`,
        message: TOP5_MESSAGES.rowSpotify(song.rank),
      });
    }
    const imageUrl = song.imageUrl?.trim();
    if (imageUrl && !isAcceptableImageUrl(imageUrl)) {
      problems.push({
        rank: song.rank,
        field: `songs.${song.rank}.imageUrl`,
        message: TOP5_MESSAGES.imageUrlInvalid(song.rank),
      });
    }
  }
  return problems;
}

/** The editor's check of picked artwork for a row: the message, or null. */
export function top5ImageProblem(rank: number, file: PickedFile): string | null {
  if (!isRasterImage(file)) return TOP5_MESSAGES.imageNotImage(rank);
  if (file.size > TOP5_IMAGE_MAX_BYTES) return TOP5_MESSAGES.imageTooLarge(rank);
  return null;
}

export const Top5Song = z.object({
  rank: z.number(),
  title: z.string(),
  artist: z.string(),
  overview: z.string().nullable(),
  artistDetails: z.string().nullable(),
  spotifyTrackId: z.string(),
  imageUrl: z.string().nullable(),
});
export type Top5Song = z.infer<typeof Top5Song>;
/** GET /api/top5 and PUT /api/admin/top5: rank 1 first. */
export const Top5List = z.array(Top5Song);

// ---------------------------------------------------------------------------------------------
// Talent roster and team
// ---------------------------------------------------------------------------------------------

export const ROSTER_CATEGORIES = ['DJ', 'INFLUENCER'] as const;
export type RosterCategory = (typeof ROSTER_CATEGORIES)[number];
/** The public page calls influencers "Creators". */
export const ROSTER_CATEGORY_LABELS: Record<RosterCategory, string> = { DJ: 'DJs', INFLUENCER: 'Creators' };

/** The management contact address; bios that already name it get no standard contact line. */
export const MANAGEMENT_EMAIL = 'management@fourfour.local';
export const ROSTER_CONTACT_LINE = `For bookings and third-party work, contact our management team at ${MANAGEMENT_EMAIL}.`;

/** The standard contact line to show under a bio, or null when the bio already has the address. */
export function contactLineFor(bio: string | null | undefined): string | null {
  return (bio ?? '').toLowerCase().includes(MANAGEMENT_EMAIL.toLowerCase()) ? null : ROSTER_CONTACT_LINE;
}

export const CONTENT_MESSAGES = {
  nameRequired: 'Name is required.',
  imageUrlInvalid: 'The image URL must start with https:// or /api/media/.',
  rosterFetchFailed: 'Failed to fetch roster.',
  teamFetchFailed: 'Failed to fetch team.',
  rosterLoadFailed: 'Failed to load roster.',
  teamLoadFailed: 'Failed to load team.',
  entrySaveFailed: 'Failed to save entry.',
  memberSaveFailed: 'Failed to save member.',
  entryDeleteFailed: 'Failed to delete entry.',
  memberDeleteFailed: 'Failed to delete member.',
  rosterEmpty: 'Nothing here yet.',
  teamEmpty: 'No team members yet.',
  rosterNotFound: 'Roster entry not found.',
  teamNotFound: 'Team member not found.',
  contactLineNote: 'A standard contact line is added automatically under bios.',
} as const;

/** 'You are signed out. Please log in to …' with the page's purpose (the spec shows the start only). */
export const signedOutMessage = (purpose: string) => `You are signed out. Please log in to ${purpose}.`;

const imageUrlField = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isAcceptableImageUrl(v), CONTENT_MESSAGES.imageUrlInvalid);
const nameField = z
  .string({ error: CONTENT_MESSAGES.nameRequired })
  .trim()
  .min(1, CONTENT_MESSAGES.nameRequired)
  .max(120);
const blurbField = z
  .string()
  .trim()
  .max(5000)
  .nullish()
  .transform((v) => (v ? v : null));
const sortOrderField = z.number().int().min(-1_000_000).max(1_000_000).default(SORT_ORDER_DEFAULT);

export const RosterEntryInput = z.object({
  name: nameField,
  imageUrl: imageUrlField,
  blurb: blurbField,
  active: z.boolean().default(true),
  category: z.enum(ROSTER_CATEGORIES),
  sortOrder: sortOrderField,
});
export type RosterEntryInput = z.input<typeof RosterEntryInput>;

export const RosterEntry = z.object({
  id: z.number(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  blurb: z.string().nullable(),
  active: z.boolean(),
  category: z.enum(ROSTER_CATEGORIES),
  sortOrder: z.number(),
});
export type RosterEntry = z.infer<typeof RosterEntry>;
/** A public roster entry carries the contact line to show under its bio (null when the bio has the address). */
export const PublicRosterEntry = RosterEntry.extend({ contactLine: z.string().nullable() });
export type PublicRosterEntry = z.infer<typeof PublicRosterEntry>;
/** GET /api/admin/roster. */
export const RosterEntryList = z.array(RosterEntry);
/** GET /api/public/roster. */
export const PublicRosterEntryList = z.array(PublicRosterEntry);

export const TeamMemberInput = z.object({
  name: nameField,
  title: z
    .string()
    .trim()
    .max(120)
    .nullish()
    .transform((v) => (v ? v : null)),
  imageUrl: imageUrlField,
  blurb: blurbField,
  active: z.boolean().default(true),
  sortOrder: sortOrderField,
});
export type TeamMemberInput = z.input<typeof TeamMemberInput>;

export const TeamMember = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string().nullable(),
  imageUrl: z.string().nullable(),
  blurb: z.string().nullable(),
  active: z.boolean(),
  sortOrder: z.number(),
});
export type TeamMember = z.infer<typeof TeamMember>;
/** GET /api/public/team and /api/admin/team. */
export const TeamMemberList = z.array(TeamMember);

// ---------------------------------------------------------------------------------------------
// Generic admin image upload
// ---------------------------------------------------------------------------------------------

/** Every upload (artwork, content images, MP3s) when the disk or bucket behind it fails: a 503. */
export const STORAGE_MESSAGES = {
  unavailable: 'File storage is unavailable. Please try again in a few minutes.',
} as const;

export const UPLOAD_FOLDERS = ['roster/djs', 'roster/influencers', 'team'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];
export const UPLOAD_MESSAGES = {
  notImage: 'Please choose an image.',
  tooLarge: 'Max 6MB.',
  failed: 'Upload failed.',
  folder: `Folder must be one of ${UPLOAD_FOLDERS.join(', ')}.`,
} as const;
/** The admin forms' check of a picked portrait or team image: the message, or null. */
export function adminImageProblem(file: PickedFile): string | null {
  if (!isRasterImage(file)) return UPLOAD_MESSAGES.notImage;
  if (file.size > ADMIN_UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

export const UploadResult = z.object({ publicUrl: z.string() });
export type UploadResult = z.infer<typeof UploadResult>;

export const rosterUploadFolder = (category: RosterCategory): UploadFolder =>
  category === 'DJ' ? 'roster/djs' : 'roster/influencers';
