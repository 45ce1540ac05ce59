import { Alert, Container, Loader, Stack, Title } from '@mantine/core';
import { AFFILIATE_ROLES } from '@fourfour/shared/enums';
import { AUTH_MESSAGES } from '@fourfour/shared/auth';
import type { ReactNode } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { useMe } from './api/get-me.ts';
import { ComingWithFeature } from './components/account-section.tsx';
import { ChangePasswordSection } from './components/change-password-section.tsx';
import { DangerZoneSection } from './components/danger-zone-section.tsx';
import { DevicesSection } from './components/devices-section.tsx';
import { ProfileSection } from './components/profile-section.tsx';
import { TwoFactorSection } from './components/two-factor-section.tsx';

/**
 * Sections other features provide. A route file composes the page with them, e.g.
 * `<AccountPage sections={{ tickets: <MyTicketsSection /> }} />`; until then each shows a short
 * "coming with its feature" card. The affiliate section is shown to AFFILIATE, ADMIN and MASTER only.
 */
export interface AccountPageSections {
  freeTickets?: ReactNode;
  affiliate?: ReactNode;
  tickets?: ReactNode;
}

export function AccountPage({ sections = {} }: { sections?: AccountPageSections }) {
  const account = useMe();

  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 48 }}>
      <PageTitle title="Your account" />
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Your account
        </Title>
        {account.isPending ? (
          <Loader aria-label="Loading your account" />
        ) : account.isError ? (
          <Alert color="red" variant="light" role="alert">
            {AUTH_MESSAGES.accountLoadFailed}
          </Alert>
        ) : !account.data ? (
          <Alert color="yellow" variant="light">
            {AUTH_MESSAGES.noUserInfo}
          </Alert>
        ) : (
          <>
            <ProfileSection account={account.data} />
            {sections.freeTickets ?? (
              <ComingWithFeature
                id="free-tickets"
                title="Free ticket usage"
                note="Your yearly free-ticket allowance will show here once free tickets arrive with ticket sales."
              />
            )}
            {AFFILIATE_ROLES.includes(account.data.role) &&
              (sections.affiliate ?? (
                <ComingWithFeature
                  id="affiliate"
                  title="Affiliate code"
                  note="Generating and sharing your affiliate code is coming with the affiliate programme."
                />
              ))}
            {sections.tickets ?? (
              <ComingWithFeature
                id="tickets"
                title="My tickets"
                note="Your tickets with their QR codes will be listed here once ticket sales open."
              />
            )}
            <ChangePasswordSection />
            <TwoFactorSection />
            <DevicesSection />
            <DangerZoneSection />
          </>
        )}
      </Stack>
    </Container>
  );
}
