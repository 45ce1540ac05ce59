import { SPOTIFY_PLAYER_HEIGHT, spotifyEmbedUrl } from '@fourfour/shared/content';

/** Spotify's embedded player for one track (the CSP allows frames from open.spotify.com only). */
export function SpotifyPlayer({ trackId, title }: { trackId: string; title: string }) {
  return (
    <iframe
      src={spotifyEmbedUrl(trackId)}
      title={`Spotify player: ${title}`}
      width="100%"
      height={SPOTIFY_PLAYER_HEIGHT}
      style={{ border: 0, borderRadius: 12, display: 'block', background: 'var(--mantine-color-dark-5)' }}
      allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
      loading="lazy"
    />
  );
}
