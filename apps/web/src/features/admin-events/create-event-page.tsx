import { Container, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';
import { EventForm } from './components/event-form.tsx';

/** /admin/events/create (spec 02, Create event). */
export function CreateEventPage() {
  return (
    <Container size="md" py="xl">
      <PageTitle title="Create event" />
      <Stack gap="lg">
        <div>
          <Title order={1}>Create event</Title>
          <Text c="dimmed">Tick Coming Soon to list the event before tickets go on sale.</Text>
        </div>
        <EventForm />
      </Stack>
    </Container>
  );
}
