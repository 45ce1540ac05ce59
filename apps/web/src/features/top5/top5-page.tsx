import { TOP5_MESSAGES, type Top5Song, spotifyTrackUrl } from '@fourfour/shared/content';
import { Alert, Anchor, Badge, Box, Card, Container, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBrandSpotify, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useTop5 } from './api/get-top5.ts';
import { SpotifyPlayer } from './spotify-player.tsx';
import classes from './top5.module.css';

function Top5Card({ song }: { song: Top5Song }) {
  return (
    <Card component="article" withBorder radius="lg" padding="lg" aria-labelledby={`top5-${song.rank}`}>
      <div className={classes.row}>
        <Box className={classes.artwork}>
          {song.imageUrl ? (
            <Image src={song.imageUrl} alt={`Artwork for ${song.title}`} radius="md" className={classes.image} />
          ) : (
            <div className={classes.placeholder} aria-hidden="true">
              <IconBrandSpotify size={40} />
            </div>
          )}
          <Badge className={classes.rank} size="xl" radius="sm" aria-label={`Rank ${song.rank}`}>
            #{song.rank}
          </Badge>
        </Box>
        <Stack gap={4} className={classes.details}>
          <Title order={2} fz={{ base: 20, sm: 26 }} id={`top5-${song.rank}`}>
            {song.title}
          </Title>
          <Text fw={600} c="magenta.3">
            {song.artist}
          </Text>
          <Anchor
            href={spotifyTrackUrl(song.spotifyTrackId)}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            fw={600}
          >
            Open in Spotify <IconExternalLink size={14} aria-hidden="true" style={{ verticalAlign: 'middle' }} />
          </Anchor>
        </Stack>
      </div>
      {(song.overview || song.artistDetails) && (
        <Stack gap={6} mt="md">
          {song.overview && <Text>{song.overview}</Text>}
          {song.artistDetails && (
            <Text size="sm" c="dimmed">
              {song.artistDetails}
            </Text>
          )}
        </Stack>
      )}
      <Box mt="md">
        <SpotifyPlayer trackId={song.spotifyTrackId} title={`${song.title} by ${song.artist}`} />
      </Box>
    </Card>
  );
}

/** /top5-songs: this week's five, each with Spotify's player. */
export function Top5Page() {
  const query = useTop5();
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack role="status" aria-busy="true" aria-label="Loading the Top 5">
        {[1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} height={300} radius="lg" />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" role="alert">
        {errorMessageOf(query.error)}
      </Alert>
    );
  } else if (query.data.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {TOP5_MESSAGES.empty}
      </Text>
    );
  } else {
    body = (
      <Stack gap="lg">
        {query.data.map((song) => (
          <Top5Card key={song.rank} song={song} />
        ))}
      </Stack>
    );
  }
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <PageTitle title="Top 5" />
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>This week's Top 5</Title>
          <Text c="dimmed">Five tracks our crew can't stop playing. Press play or open them in Spotify.</Text>
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}
