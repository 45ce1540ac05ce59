import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../components/page-title.tsx';

/**
 * Last line of defence when a page throws while rendering: the page is replaced by a friendly
 * message; the header and footer stay. Reset when the path changes (keyed by the layout).
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('page failed to render', error);
  }
  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

export function RouteErrorPage({ notFound = false }: { notFound?: boolean }) {
  return (
    <Container size="sm" py={80}>
      <PageTitle title={notFound ? 'Page not found' : 'Something went wrong'} />
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{notFound ? 'Page not found' : 'Something went wrong'}</Title>
        <Text c="dimmed">
          {notFound
            ? 'That page does not exist.'
            : 'The page could not be shown. Please reload, or go back to the home page.'}
        </Text>
        <Button component={Link} to="/" reloadDocument>
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}

export function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <PageTitle title="Page not found" />
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={900} c="magenta.4" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">There is nothing at this address. The night must have moved.</Text>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}
