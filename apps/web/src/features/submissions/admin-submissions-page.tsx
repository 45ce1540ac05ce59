import {
  SUBMISSION_INTEREST_LABELS,
  type SongSubmissionSummary,
  type SubmissionInterest,
  signedOutMessage,
} from '@fourfour/shared/content';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { errorMessageOf, isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { fetchSubmissionFile } from './api/fetch-submission-file.ts';
import { useSubmissions } from './api/get-submissions.ts';
import { useSetSubmissionReviewed } from './api/set-submission-reviewed.ts';

const PAGE_SIZE = 20;
const LOAD_FAILED = 'Failed to load submissions.';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Plays or downloads the MP3 through the authenticated file route (blob: URLs, revoked on unmount). */
function SubmissionAudio({ submission }: { submission: SongSubmissionSummary }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState<'play' | 'download' | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const load = async (): Promise<string | null> => {
    if (url) return url;
    try {
      const blob = await fetchSubmissionFile(submission.fileUrl);
      const next = URL.createObjectURL(blob);
      setUrl(next);
      return next;
    } catch (err) {
      setError(errorMessageOf(err));
      return null;
    }
  };
  const play = async () => {
    setBusy('play');
    setError(null);
    await load();
    setBusy(null);
  };
  const download = async () => {
    setBusy('download');
    setError(null);
    const href = await load();
    setBusy(null);
    if (!href) return;
    const a = document.createElement('a');
    a.href = href;
    a.download = submission.fileName;
    document.body.append(a);
    a.click();
    a.remove();
  };

  return (
    <Stack gap={6}>
      {url ? (
        // biome-ignore lint/a11y/useMediaCaption: submitted demos have no captions
        <audio controls src={url} style={{ width: '100%' }} aria-label={`Play ${submission.fileName}`} />
      ) : (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
            onClick={play}
            disabled={busy !== null}
          >
            {busy === 'play' ? 'Loading…' : 'Listen'}
          </Button>
        </Group>
      )}
      <Group gap="xs">
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={download}
          disabled={busy !== null}
        >
          {busy === 'download' ? 'Preparing…' : `Download ${submission.fileName}`}
        </Button>
        <Text size="xs" c="dimmed">
          {formatSize(submission.fileSize)}
        </Text>
      </Group>
      {error && (
        <Text size="sm" c="red.5" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function SubmissionCard({ submission, highlighted }: { submission: SongSubmissionSummary; highlighted: boolean }) {
  const review = useSetSubmissionReviewed();
  // The new value shows from the click itself (set in the event, so the controlled box never snaps
  // back), until the save and the list's refetch have settled; on failure the saved value returns.
  const [shownReviewed, setShownReviewed] = useState<boolean | null>(null);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      id={`submission-${submission.id}`}
      style={highlighted ? { borderColor: 'var(--mantine-color-magenta-5)' } : undefined}
      data-testid="submission"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text fw={700} size="lg">
              {submission.firstName} {submission.lastName}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(submission.createdAt)}
              {submission.submittedBy ? ` · @${submission.submittedBy}` : ''}
            </Text>
          </div>
          <Checkbox
            label="Reviewed"
            checked={shownReviewed ?? submission.reviewed}
            disabled={review.isPending}
            onChange={(e) => {
              const reviewed = e.currentTarget.checked;
              setShownReviewed(reviewed);
              review.mutate({ id: submission.id, reviewed }, { onSettled: () => setShownReviewed(null) });
            }}
          />
        </Group>
        <Stack gap={2}>
          <Text size="sm">
            <Anchor href={`mailto:${submission.email}`}>{submission.email}</Anchor>
            {submission.phone ? ` · ${submission.phone}` : ''} · born {submission.birthDate}
          </Text>
          {submission.link && (
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              <Anchor href={submission.link} target="_blank" rel="noopener noreferrer nofollow">
                {submission.link}
              </Anchor>
            </Text>
          )}
        </Stack>
        {submission.interests.length > 0 && (
          <Group gap={6}>
            {submission.interests.map((interest) => (
              <Badge key={interest} variant="light" color="violet">
                {SUBMISSION_INTEREST_LABELS[interest as SubmissionInterest] ?? interest}
              </Badge>
            ))}
          </Group>
        )}
        <SubmissionAudio submission={submission} />
        {review.isError && (
          <Text size="sm" c="red.5" role="alert">
            {errorMessageOf(review.error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** /admin/submissions: the A&R inbox, newest first. */
export function AdminSubmissionsPage() {
  const [params] = useSearchParams();
  const highlighted = Number(params.get('id')) || null;
  // The cursors of the pages walked so far (null: the first page); Prev steps back through them.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const query = useSubmissions(cursors.at(-1) ?? null, PAGE_SIZE);
  const nextCursor = query.data?.nextCursor ?? null;

  useEffect(() => {
    if (highlighted && query.data) document.getElementById(`submission-${highlighted}`)?.scrollIntoView();
  }, [highlighted, query.data]);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={180} radius="lg" />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" role="alert">
        {isApiError(query.error) && query.error.status === 401
          ? signedOutMessage('see song submissions')
          : (serverMessageOf(query.error) ?? LOAD_FAILED)}
      </Alert>
    );
  } else if (query.data.content.length === 0) {
    body = <Text c="dimmed">No submissions yet.</Text>;
  } else {
    body = (
      <Stack>
        {query.data.content.map((s) => (
          <SubmissionCard key={s.id} submission={s} highlighted={s.id === highlighted} />
        ))}
        {query.data.totalPages > 1 && (
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() => setCursors((c) => c.slice(0, -1))}
              disabled={cursors.length === 1 || query.isPlaceholderData}
            >
              Prev
            </Button>
            <Text size="sm" c="dimmed">
              Page {cursors.length} of {query.data.totalPages}
            </Text>
            <Button
              variant="default"
              onClick={() => nextCursor && setCursors((c) => [...c, nextCursor])}
              disabled={!nextCursor || query.isPlaceholderData}
            >
              Next
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <PageTitle title="Song submissions" />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>Song submissions</Title>
            <Text c="dimmed">Tracks sent to the A&amp;R team, newest first.</Text>
          </Stack>
          <Group gap="xs">
            {query.isFetching && !query.isPending && <Loader size="xs" aria-label="Refreshing" />}
            {query.data && (
              <Text size="sm" c="dimmed">
                {query.data.totalElements} in total
              </Text>
            )}
          </Group>
        </Group>
        {body}
      </Stack>
    </Container>
  );
}
