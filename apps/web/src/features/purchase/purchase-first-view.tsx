import { Container, Loader } from '@mantine/core';

/**
 * /purchase/:eventId while its event loads: the page shows this first, and so does the page's HTML
 * (rendered at build time, no event's data in it) until the app has the page ready (app/first-views.ts).
 */
export function PurchaseFirstView() {
  return (
    <Container size="md" py="xl">
      <Loader aria-label="Loading the event" />
    </Container>
  );
}
