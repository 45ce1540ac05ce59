import { EVENT_MESSAGES, eventDisplayState, isEventPast } from '@fourfour/shared/events';
import { RELEASE_MESSAGES } from '@fourfour/shared/releases';
import { Alert, Badge, Button, Container, Divider, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { useAdminEvent } from './api/get-admin-event.ts';
import { useEventReleases } from './api/get-event-releases.ts';
import { EventForm } from './components/event-form.tsx';
import { ReleasesEditor } from './components/releases-editor.tsx';
import { DISPLAY_STATE_BADGE } from './display-state.ts';
import { ladderedTypesOf } from './release-rows.ts';

/** /admin/events/{id}/edit, optional ?publish=1 (spec 02, Edit event). */
export function EditEventPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const eventId = Number(id);
  const event = useAdminEvent(eventId);
  const releases = useEventReleases(eventId);
  const publishNow = search.get('publish') === '1';

  const state = event.data ? eventDisplayState(event.data) : null;
  // Past or cancelled events cannot be changed (the API answers 409 too).
  const locked = !!event.data && (event.data.cancelled || isEventPast(event.data));

  return (
    <Container size="md" py="xl">
      <PageTitle title="Edit event" />
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>{publishNow ? 'Publish event' : 'Edit event'}</Title>
          {state && (
            <Badge size="lg" color={DISPLAY_STATE_BADGE[state].color} variant="light">
              {DISPLAY_STATE_BADGE[state].label}
            </Badge>
          )}
        </Group>
        {event.isPending && <Skeleton height={600} radius="md" />}
        {(event.isError || !Number.isFinite(eventId)) && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {EVENT_MESSAGES.loadFailed}
          </Alert>
        )}
        {event.data && locked && (
          <Stack>
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
              {event.data.cancelled ? EVENT_MESSAGES.cancelledLocked : EVENT_MESSAGES.pastLocked}
            </Alert>
            <Group>
              <Button component={Link} to="/admin/events" variant="default">
                Back
              </Button>
            </Group>
          </Stack>
        )}
        {event.data && !locked && (
          <>
            <EventForm
              key={event.data.id}
              event={event.data}
              publishNow={publishNow}
              ladderedTypes={ladderedTypesOf(releases.data?.releases ?? [])}
            />
            <Divider />
            {releases.isPending && <Skeleton height={200} radius="md" />}
            {releases.isError && (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                {RELEASE_MESSAGES.loadFailed}
              </Alert>
            )}
            {releases.data && (
              <ReleasesEditor key={event.data.id} eventId={event.data.id} releases={releases.data.releases} />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
