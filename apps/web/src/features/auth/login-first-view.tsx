import { AuthCard } from './components/auth-card.tsx';

/** The login card's heading and lead: the page's first view and the page itself show them alike. */
export const LOGIN_CARD = {
  title: 'Log in',
  lead: 'Welcome back. Sign in to get tickets and manage your membership.',
} as const;

/**
 * /login before its form's code has loaded: the card with its heading and lead, where the page puts
 * them (the lead is the phone's largest paint). Rendered into the page's HTML at build time and shown
 * by the app until the page is ready (app/first-views.ts).
 */
export function LoginFirstView() {
  return <AuthCard {...LOGIN_CARD}>{null}</AuthCard>;
}
