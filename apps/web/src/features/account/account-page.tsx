import { Alert, Box, Loader, Text } from '@mantine/core';
import { AFFILIATE_ROLES } from '@fourfour/shared/enums';
import { AUTH_MESSAGES } from '@fourfour/shared/auth-rules';
import { lazy, type ReactNode } from 'react';
import { AfterFirstCommit, WhenNear } from '../../components/when-idle.tsx';
import { AccountFrame, AccountLoading } from './account-first-view.tsx';
import { useMe } from './api/get-me.ts';
import { AccountSection, ComingWithFeature } from './components/account-section.tsx';
import { ProfileSection } from './components/profile-section.tsx';

/**
 * The lower cards' contents (below the fold on a phone: the forms, the 2FA setup, the devices and
 * the delete dialog) load when the reader comes within a screen of them (WhenNear), not before.
 * The cards and their headings are there from the start; until a card's contents arrive, their place
 * is held by what they show first (the same loader as while their data loads, or a block of their
 * height), so nothing moves.
 */
const ChangePasswordPanel = lazy(() =>
  import('./components/change-password-section.tsx').then((m) => ({ default: m.ChangePasswordPanel })),
);
const TwoFactorPanel = lazy(() =>
  import('./components/two-factor-section.tsx').then((m) => ({ default: m.TwoFactorPanel })),
);
const DevicesPanel = lazy(() => import('./components/devices-section.tsx').then((m) => ({ default: m.DevicesPanel })));
const DeleteAccountPanel = lazy(() =>
  import('./components/danger-zone-section.tsx').then((m) => ({ default: m.DeleteAccountPanel })),
);

/**
 * The change-password form's height, measured: three fields, the checklist and the button, on any
 * screen 400 px wide or more (below that a checklist line wraps, ~10 px more, all below the fold).
 */
const CHANGE_PASSWORD_FORM_HEIGHT = 388.4;
/** A button of the default size. */
const BUTTON_HEIGHT = 36;

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

export function AccountPage({
  sections = {},
  isFirstViewPending = false,
}: {
  sections?: AccountPageSections;
  /** A section's data the first view waits for with the account's (its loader would move the cards). */
  isFirstViewPending?: boolean;
}) {
  const account = useMe();

  return (
    <AccountFrame>
      {account.isPending || (isFirstViewPending && account.isSuccess) ? (
        <AccountLoading />
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
          {/* The cards below the first screen's two render in a second, deferred render that React
              splits into short tasks, so a phone's main thread is not held for one long render
              (Lighthouse's TBT) when the account's data arrives. */}
          <AfterFirstCommit>
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
            <AccountSection
              id="change-password"
              title="Change password"
              description="Changing your password signs you out on every other device."
            >
              <WhenNear fallback={<Box h={CHANGE_PASSWORD_FORM_HEIGHT} />}>
                <ChangePasswordPanel />
              </WhenNear>
            </AccountSection>
            <AccountSection
              id="two-factor"
              title="Two-factor authentication"
              description="Ask for a 6-digit code from an authenticator app (Google Authenticator, 1Password, Authy…) each time you log in."
            >
              <WhenNear fallback={<Loader size="sm" aria-label="Loading two-factor status" />}>
                <TwoFactorPanel />
              </WhenNear>
            </AccountSection>
            <AccountSection
              id="devices"
              title="Signed-in devices"
              description="Where your account is signed in. Sign out any device you do not recognise, then change your password."
            >
              <WhenNear fallback={<Loader size="sm" aria-label="Loading your signed-in devices" />}>
                <DevicesPanel />
              </WhenNear>
            </AccountSection>
            <AccountSection id="danger-zone" title="Danger zone" danger>
              <Text size="sm">
                Deleting your account signs you out everywhere and removes your personal details. This cannot be undone.
              </Text>
              <WhenNear fallback={<Box h={BUTTON_HEIGHT} />}>
                <DeleteAccountPanel />
              </WhenNear>
            </AccountSection>
          </AfterFirstCommit>
        </>
      )}
    </AccountFrame>
  );
}
