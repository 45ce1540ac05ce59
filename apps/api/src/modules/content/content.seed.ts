import sharp from 'sharp';
import { MANAGEMENT_EMAIL, type RosterCategory, rosterUploadFolder } from '@fourfour/shared/content';
import { rosterEntries, teamMembers, top5Songs } from '../../db/schema/index.ts';
import { TOP5_FOLDER } from './top5.service.ts';
import type { DemoSeed } from '../module.ts';

/** Pairs of gradient colours for generated portraits and artwork. */
const PALETTES: [string, string][] = [
  ['#e040fb', '#3d5afe'],
  ['#ff4081', '#7c4dff'],
  ['#00bfa5', '#2962ff'],
  ['#ffab00', '#d50000'],
  ['#00e5ff', '#651fff'],
  ['#76ff03', '#00838f'],
  ['#f50057', '#ff9100'],
];

const initialsOf = (name: string) =>
  name
    .replace(/[^A-Za-z ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** An abstract gradient image with a large label, drawn locally (no network). */
async function drawArtwork(label: string, index: number, vinyl = false): Promise<Buffer> {
  const [from, to] = PALETTES[index % PALETTES.length]!;
  const size = 600;
  const decoration = vinyl
    ? `<circle cx="300" cy="300" r="230" fill="#0b0b12" fill-opacity="0.55"/><circle cx="300" cy="300" r="180" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="2"/><circle cx="300" cy="300" r="130" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="2"/><circle cx="300" cy="300" r="80" fill="url(#g)"/>`
    : `<circle cx="${420 + (index % 3) * 40}" cy="${140 + (index % 2) * 60}" r="190" fill="#fff" fill-opacity="0.12"/><circle cx="120" cy="520" r="140" fill="#000" fill-opacity="0.12"/>`;
  const fontSize = vinyl ? 120 : 180;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${size}" height="${size}" fill="url(#g)"/>${decoration}<text x="300" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff" text-anchor="middle" dominant-baseline="central">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

const TOP5 = [
  {
    title: 'Midnight Pressure',
    artist: 'Kaia Moreno',
    spotifyTrackId: '3n3Ppam7vgaVa1iaRUc9Lp',
    overview:
      'A rolling bassline and a vocal chop that refuses to leave your head. Our most requested track this week.',
    artistDetails: 'London-based producer and resident at our Warehouse 44 nights.',
  },
  {
    title: 'Sundown on Peckham Rye',
    artist: 'Dele Okafor',
    spotifyTrackId: '0VjIjW4GlUZAMYd2vXMi3b',
    overview: 'Warm chords, a lazy swing and a piano break made for the last hour before sunrise.',
    artistDetails: 'Deep house selector, vinyl-only sets, FourFour member since day one.',
  },
  {
    title: 'Body Language (Dub Mix)',
    artist: 'Nova Reyes',
    spotifyTrackId: '7qiZfU4dY1lWllzX7mPBI3',
    overview: 'Stripped back to drums, a bassline and a whisper. Pure dancefloor tension.',
    artistDetails: 'Madrid-born, Manchester-based; runs the Late Shift label.',
  },
  {
    title: 'Four on the Floor',
    artist: 'The Basement Collective',
    spotifyTrackId: '5ChkMS8OtdzJeqyybCc9R5',
    overview: 'Classic Chicago jack with a modern low end. Hands in the air at 2 a.m.',
    artistDetails: 'A four-piece of DJs and producers from our Thursday sessions.',
  },
  {
    title: 'Tidal',
    artist: 'Aria Chen',
    spotifyTrackId: '2takcwOaAZWiXQijPHIx7B',
    overview: 'Melodic, hypnotic and slowly building: a progressive journey in seven minutes.',
    artistDetails: 'Classically trained pianist turned house producer.',
  },
];

const DJS = [
  ['Kaia Moreno', 'Warehouse resident with a taste for rolling basslines and long, patient builds.'],
  ['Dele Okafor', 'Vinyl-only deep house from South London. Soulful, warm, never in a hurry.'],
  ['Nova Reyes', `Hypnotic dub and minimal grooves; label head at Late Shift. Bookings: ${MANAGEMENT_EMAIL}.`],
  ['Marcus Vale', 'Chicago jack and Detroit soul, played loud. Three-hour sets are his comfort zone.'],
  ['Aria Chen', 'Melodic and progressive house; pianist, producer and late-night storyteller.'],
  ['Sam Ito', 'Garage-flavoured house with a UK twist. Warm-up specialist and crowd reader.'],
] as const;

const CREATORS = [
  ['Jade Okonkwo', 'Dance videos and festival vlogs; 200k people follow her weekend adventures.'],
  ['Leo Hart', 'Crate-digging reels and gear breakdowns for bedroom DJs.'],
  ['Priya Das', 'Photographer capturing the dancefloor from the booth.'],
  ['Tom Reilly', 'Weekly mix reviews and interviews with up-and-coming producers.'],
] as const;

const TEAM = [
  [
    'Olivia Grant',
    'Founder & Creative Director',
    'Started FourFour as a basement party in 2019 and still picks every line-up.',
  ],
  ['Ben Adeyemi', 'Head of A&R', 'Listens to every submission. Yes, every single one.'],
  ['Chloe Martin', 'Events Manager', 'Keeps the doors, the sound and the schedule running to the minute.'],
  ['Raj Patel', 'Community Lead', 'Looks after our members, affiliates and the Top 5 shortlist.'],
  ['Ella Novak', 'Brand & Design', 'Posters, artwork and everything you see on our screens.'],
  ['Kwame Mensah', 'Head of Sound', 'Tunes every room we play in. Bring earplugs anyway.'],
] as const;

export const contentDemoSeed: DemoSeed = {
  order: 40,
  async seed(app): Promise<string[]> {
    const store = async (folder: string, data: Buffer) =>
      app.storage.publicUrl((await app.storage.put(folder, data, 'image/webp', 'webp')).key);

    const top5Rows = [];
    for (const [i, song] of TOP5.entries()) {
      const imageUrl = await store(TOP5_FOLDER, await drawArtwork(initialsOf(song.artist), i + 2, true));
      top5Rows.push({ rank: i + 1, ...song, imageUrl });
    }
    await app.db.insert(top5Songs).values(top5Rows);

    const roster = async (
      category: RosterCategory,
      entries: readonly (readonly [string, string])[],
      offset: number,
    ) => {
      for (const [i, [name, blurb]] of entries.entries()) {
        const imageUrl = await store(rosterUploadFolder(category), await drawArtwork(initialsOf(name), i + offset));
        await app.db.insert(rosterEntries).values({ name, blurb, imageUrl, category, active: true });
      }
    };
    await roster('DJ', DJS, 0);
    await roster('INFLUENCER', CREATORS, 3);

    for (const [i, [name, title, blurb]] of TEAM.entries()) {
      const imageUrl = await store('team', await drawArtwork(initialsOf(name), i + 1));
      // The founder first, then in the order listed (not alphabetical).
      await app.db.insert(teamMembers).values({ name, title, blurb, imageUrl, active: true, sortOrder: (i + 1) * 10 });
    }
    return [`Community content: a Top 5, ${DJS.length} DJs, ${CREATORS.length} creators, ${TEAM.length} team members.`];
  },
};
