import { Container, Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../../components/page-title.tsx';

/** The account page's frame: its heading above the cards (or what stands in for them). */
export function AccountFrame({ children }: { children: ReactNode }) {
  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 48 }}>
      <PageTitle title="Your account" />
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Your account
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

/** While the account's details load. */
export function AccountLoading() {
  return <Loader aria-label="Loading your account" />;
}

/**
 * /account before the session, its code and the account's details are known: the heading and the
 * loader the page itself shows first; nobody's data. Rendered into the page's HTML at build time and
 * shown by the app until the page is ready (app/first-views.ts).
 */
export function AccountFirstView() {
  return (
    <AccountFrame>
      <AccountLoading />
    </AccountFrame>
  );
}
