import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { AccountPage } from '../features/account/account-page.tsx';
import { meQuery } from '../features/account/api/get-me.ts';
import { AffiliateCodeSection } from '../features/affiliates/affiliate-code-section.tsx';
import { freeTicketUsageQuery } from '../features/tickets/api/get-free-tickets.ts';
import { myTicketsQuery } from '../features/tickets/api/get-my-tickets.ts';
import { FreeTicketUsageSection } from '../features/tickets/free-ticket-usage-section.tsx';
import { MyTicketsSection } from '../features/tickets/my-tickets-section.tsx';

/** /account: the account page composed with the sections other features provide. */
export function AccountRoute() {
  // The page shows its cards once /api/account/me has answered; the tickets cards' data is asked
  // for alongside it instead of after it (the free-ticket card's text is the largest thing on a
  // phone's first view, so the page's LCP waited for that second round trip). All three leave while
  // the page renders, not after its first commit (a query's hook asks only once mounted, which on a
  // phone's first load came ~250 ms after the other two).
  // The cards wait for the free-ticket count too: now that it and /api/account/me leave together,
  // either may answer first, and its card's loader turning into its text moved the cards below.
  usePrefetchQuery(meQuery());
  // Asked while rendering like the other two: useQuery alone asks once the page has committed.
  usePrefetchQuery(freeTicketUsageQuery());
  const freeTickets = useQuery(freeTicketUsageQuery());
  usePrefetchQuery(myTicketsQuery(false));
  return (
    <AccountPage
      isFirstViewPending={freeTickets.isPending}
      sections={{
        freeTickets: <FreeTicketUsageSection />,
        affiliate: <AffiliateCodeSection />,
        tickets: <MyTicketsSection />,
      }}
    />
  );
}
