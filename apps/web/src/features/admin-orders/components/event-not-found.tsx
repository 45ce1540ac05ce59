import { ORDER_MESSAGES } from '@fourfour/shared/orders';
import { Alert, Anchor, Container, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';

/** An event's orders or attendees asked for an event that does not exist: the page's heading, and the way back. */
export function EventNotFound({ title }: { title: string }) {
  return (
    <Container size="lg" py="xl">
      <PageTitle title={title} />
      <Title order={1} size="h2" mb="md">
        {title}
      </Title>
      <Alert color="yellow" role="alert" title={ORDER_MESSAGES.eventNotFound}>
        <Anchor component={Link} to="/admin/events" c="inherit" underline="always">
          Back to Manage Events
        </Anchor>
      </Alert>
    </Container>
  );
}
