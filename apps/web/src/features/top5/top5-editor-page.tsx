import {
  findTop5Problems,
  parseSpotifyTrackId,
  TOP5_MESSAGES,
  TOP5_SIZE,
  type Top5Song,
  type Top5SongInput,
  top5ImageProblem,
} from '@fourfour/shared/content';
import {
  Alert,
  Badge,
  Button,
  Card,
  CloseButton,
  Container,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconPhotoUp, IconX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { errorMessageOf, serverMessageOf } from '../../lib/api-client.ts';
import { useTop5 } from './api/get-top5.ts';
import { useSaveTop5 } from './api/save-top5.ts';
import { SpotifyPlayer } from './spotify-player.tsx';

interface Row {
  rank: number;
  title: string;
  artist: string;
  overview: string;
  artistDetails: string;
  spotify: string;
  imageUrl: string;
  file: File | null;
  preview: string | null;
  fileError: string | null;
}

const RANKS = Array.from({ length: TOP5_SIZE }, (_, i) => i + 1);

function rowsFrom(songs: Top5Song[]): Row[] {
  return RANKS.map((rank) => {
    const song = songs.find((s) => s.rank === rank);
    return {
      rank,
      title: song?.title ?? '',
      artist: song?.artist ?? '',
      overview: song?.overview ?? '',
      artistDetails: song?.artistDetails ?? '',
      spotify: song?.spotifyTrackId ?? '',
      imageUrl: song?.imageUrl ?? '',
      file: null,
      preview: null,
      fileError: null,
    };
  });
}

const toInput = (row: Row): Top5SongInput => ({
  rank: row.rank,
  title: row.title,
  artist: row.artist,
  overview: row.overview,
  artistDetails: row.artistDetails,
  spotifyTrackId: row.spotify,
  imageUrl: row.file ? null : row.imageUrl.trim() || null,
});

function EditorRow({
  row,
  problems,
  onChange,
}: {
  row: Row;
  problems: string[];
  onChange: (patch: Partial<Row>) => void;
}) {
  const trackId = parseSpotifyTrackId(row.spotify);
  const shownImage = row.preview ?? (row.imageUrl.trim() || null);

  const pick = (file: File | null) => {
    if (!file) return;
    if (row.preview) URL.revokeObjectURL(row.preview);
    const problem = top5ImageProblem(row.rank, file);
    if (problem) {
      onChange({ file: null, preview: null, fileError: problem });
      return;
    }
    onChange({ file, preview: URL.createObjectURL(file), fileError: null });
  };
  const removeUpload = () => {
    if (row.preview) URL.revokeObjectURL(row.preview);
    onChange({ file: null, preview: null, fileError: null });
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="fieldset" aria-label={`Rank ${row.rank}`} data-rank={row.rank}>
      <Stack gap="md">
        <Group gap="sm">
          <Badge size="xl" radius="sm">
            #{row.rank}
          </Badge>
          <Text fw={700}>{row.title || 'Untitled'}</Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Title"
            withAsterisk
            value={row.title}
            onChange={(e) => onChange({ title: e.currentTarget.value })}
          />
          <TextInput
            label="Artist"
            withAsterisk
            value={row.artist}
            onChange={(e) => onChange({ artist: e.currentTarget.value })}
          />
        </SimpleGrid>
        <TextInput
          label="Spotify URL or track ID"
          withAsterisk
          placeholder="https://open.spotify.com/track/…"
          value={row.spotify}
          onChange={(e) => onChange({ spotify: e.currentTarget.value })}
          description={trackId ? `Track ID ${trackId}` : '22-character ID or a track link'}
        />
        <Group align="flex-start" gap="md" wrap="wrap">
          {shownImage ? (
            <Image src={shownImage} alt={`Artwork for rank ${row.rank}`} w={96} h={96} radius="md" fit="cover" />
          ) : (
            <Skeleton w={96} h={96} radius="md" animate={false} aria-hidden="true" />
          )}
          <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
            <TextInput
              label="Image URL (optional)"
              placeholder="https://…"
              value={row.imageUrl}
              disabled={!!row.file}
              onChange={(e) => onChange({ imageUrl: e.currentTarget.value })}
            />
            <Group gap="xs">
              <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp,image/avif,image/gif">
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="light"
                    leftSection={<IconPhotoUp size={16} aria-hidden="true" />}
                  >
                    {row.file ? 'Replace artwork' : 'Upload artwork'}
                  </Button>
                )}
              </FileButton>
              {row.file && (
                <Group gap={4}>
                  <Text size="xs" c="dimmed" maw={180} truncate>
                    {row.file.name}
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={`Remove the uploaded artwork of rank ${row.rank}`}
                    onClick={removeUpload}
                  />
                </Group>
              )}
            </Group>
            {row.fileError && (
              <Text size="sm" c="red.5" role="alert">
                {row.fileError}
              </Text>
            )}
          </Stack>
        </Group>
        <Textarea
          label="Overview"
          autosize
          minRows={2}
          value={row.overview}
          onChange={(e) => onChange({ overview: e.currentTarget.value })}
        />
        <Textarea
          label="Artist details"
          autosize
          minRows={2}
          value={row.artistDetails}
          onChange={(e) => onChange({ artistDetails: e.currentTarget.value })}
        />
        {trackId ? (
          <SpotifyPlayer trackId={trackId} title={`${row.title || 'Track'} preview`} />
        ) : (
          <Text size="sm" c="dimmed">
            The player preview appears once the Spotify link or ID is valid.
          </Text>
        )}
        {problems.map((message) => (
          <Text key={message} size="sm" c="red.5">
            {message}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

/** /admin/adminTop5Editor: five fixed rows, saved together. */
export function Top5EditorPage() {
  const query = useTop5();
  const save = useSaveTop5();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [problems, setProblems] = useState<{ rank: number; message: string }[]>([]);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (query.data && rows === null) setRows(rowsFrom(query.data));
  }, [query.data, rows]);

  const update = (rank: number, patch: Partial<Row>) => {
    setRows((current) => current?.map((r) => (r.rank === rank ? { ...r, ...patch } : r)) ?? current);
    // A row's messages go once it is edited; saving checks every row again.
    setProblems((current) => current.filter((p) => p.rank !== rank));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rows) return;
    setOutcome(null);
    const songs = rows.map(toInput);
    const found = findTop5Problems(songs);
    setProblems(found);
    if (found.length > 0) {
      setOutcome({ ok: false, message: found[0]!.message });
      return;
    }
    const images = Object.fromEntries(rows.filter((r) => r.file).map((r) => [r.rank, r.file as File]));
    try {
      const saved = await save.mutateAsync({ songs, images });
      for (const r of rows) if (r.preview) URL.revokeObjectURL(r.preview);
      setRows(rowsFrom(saved));
      setOutcome({ ok: true, message: TOP5_MESSAGES.success });
    } catch (error) {
      setOutcome({ ok: false, message: serverMessageOf(error) ?? TOP5_MESSAGES.failure });
    }
  };

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <PageTitle title="Top 5 editor" />
      <Stack component="form" gap="lg" onSubmit={submit}>
        <Stack gap={4}>
          <Title order={1}>Top 5 editor</Title>
          <Text c="dimmed">Five fixed ranks. Fans see the list as soon as you save.</Text>
        </Stack>
        {query.isError && (
          <Alert color="red" role="alert">
            {errorMessageOf(query.error)}
          </Alert>
        )}
        {!rows && !query.isError && RANKS.map((r) => <Skeleton key={r} height={420} radius="lg" />)}
        {rows?.map((row) => (
          <EditorRow
            key={row.rank}
            row={row}
            problems={problems.filter((p) => p.rank === row.rank).map((p) => p.message)}
            onChange={(patch) => update(row.rank, patch)}
          />
        ))}
        {outcome && (
          <Alert
            color={outcome.ok ? 'teal' : 'red'}
            icon={outcome.ok ? <IconCircleCheck aria-hidden="true" /> : <IconX aria-hidden="true" />}
            role={outcome.ok ? 'status' : 'alert'}
          >
            {outcome.message}
          </Alert>
        )}
        {rows && (
          <Group justify="flex-end">
            <Button type="submit" size="md" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save Top 5'}
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
