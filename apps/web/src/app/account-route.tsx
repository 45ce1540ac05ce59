import { AccountPage } from '../features/account/account-page.tsx';
import { AffiliateCodeSection } from '../features/affiliates/affiliate-code-section.tsx';
import { FreeTicketUsageSection } from '../features/tickets/free-ticket-usage-section.tsx';
import { MyTicketsSection } from '../features/tickets/my-tickets-section.tsx';

/** /account: the account page composed with the sections other features provide. */
export function AccountRoute() {
  return (
    <AccountPage
      sections={{
        freeTickets: <FreeTicketUsageSection />,
        affiliate: <AffiliateCodeSection />,
        tickets: <MyTicketsSection />,
      }}
    />
  );
}
