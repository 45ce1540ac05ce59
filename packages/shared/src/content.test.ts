import { describe, expect, it } from 'vitest';
import { MP3_MAX_BYTES, TOP5_IMAGE_MAX_BYTES } from './constants.ts';
import {
  adminImageProblem,
  contactLineFor,
  findTop5Problems,
  MANAGEMENT_EMAIL,
  mp3FileProblem,
  parseSpotifyTrackId,
  ROSTER_CONTACT_LINE,
  TOP5_MESSAGES,
  top5ImageProblem,
  UPLOAD_MESSAGES,
} from './content.ts';

const ID = '1a2B3c4D5e6F7g8H9i0JkL';

describe('Spotify track ids', () => {
  it('reads the id from an id, a track link with ?si=, an intl or embed link and a URI', () => {
    for (const input of [
      ID,
      ` ${ID} `,
      `https://open.spotify.com/track/${ID}?si=4f9a0c1e2b3d4a5f`,
      `https://open.spotify.com/intl-de/track/${ID}`,
      `https://open.spotify.com/embed/track/${ID}?utm_source=generator`,
      `spotify:track:${ID}`,
    ]) {
      expect(parseSpotifyTrackId(input)).toBe(ID);
    }
  });

  it('refuses albums, other hosts, wrong lengths and blanks', () => {
    for (const input of [
      '',
      null,
      `${ID}x`,
      ID.slice(1),
      `https://open.spotify.com/album/${ID}`,
      `https://example.com/track/${ID}`,
      `javascript:alert('${ID}')`,
    ]) {
      expect(parseSpotifyTrackId(input)).toBeNull();
    }
  });
});

describe('the Top 5 row rules', () => {
  const rows = () =>
    [1, 2, 3, 4, 5].map((rank) => ({ rank, title: `T${rank}`, artist: `A${rank}`, spotifyTrackId: ID }));
  it('accepts five complete rows', () => expect(findTop5Problems(rows())).toEqual([]));
  it('names rows by rank with the spec messages', () => {
    const songs = rows();
    songs[1]!.artist = ' ';
    songs[4]!.spotifyTrackId = 'nope';
    expect(findTop5Problems(songs).map((p) => p.message)).toEqual([
      'Row #2: title and artist are required.',
      'Row #5: Spotify URL or 22-char track ID is required.',
    ]);
  });
  it('needs exactly ranks 1 to 5', () => {
    expect(findTop5Problems([...rows(), { ...rows()[0]!, rank: 6 }])[0]!.message).toBe(TOP5_MESSAGES.ranks);
  });
});

describe('picked files', () => {
  it('takes an MP3 by type or by name, up to 20MB', () => {
    expect(mp3FileProblem({ name: 'a.bin', type: 'audio/mpeg', size: 10 })).toBeNull();
    expect(mp3FileProblem({ name: 'A.MP3', type: '', size: 10 })).toBeNull();
    expect(mp3FileProblem({ name: 'a.wav', type: 'audio/wav', size: 10 })).toBe('File must be an MP3.');
    expect(mp3FileProblem({ name: 'a.mp3', type: 'audio/mpeg', size: MP3_MAX_BYTES + 1 })).toBe(
      'MP3 must be 20MB or less.',
    );
  });
  it('takes raster images only, with the size limits of each form', () => {
    expect(top5ImageProblem(3, { name: 'a.png', type: 'image/png', size: TOP5_IMAGE_MAX_BYTES + 1 })).toBe(
      'Image #3 is too large. Max 8MB.',
    );
    expect(adminImageProblem({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toBe(UPLOAD_MESSAGES.notImage);
    expect(adminImageProblem({ name: 'a.jpg', type: 'image/jpeg', size: 6291457 })).toBe('Max 6MB.');
    expect(adminImageProblem({ name: 'a.jpg', type: 'image/jpeg', size: 6291456 })).toBeNull();
  });
});

describe('the roster contact line', () => {
  it('is added unless the bio already has the management address', () => {
    expect(contactLineFor('Deep house.')).toBe(ROSTER_CONTACT_LINE);
    expect(contactLineFor(undefined)).toBe(ROSTER_CONTACT_LINE);
    expect(contactLineFor(`Write to ${MANAGEMENT_EMAIL.toUpperCase()}`)).toBeNull();
  });
});
