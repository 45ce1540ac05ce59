import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { AccessGuard } from './access-guard.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { APP_ROUTES } from './route-table.ts';
import { NotFoundPage } from './route-error-page.tsx';

/**
 * The screens that exist. Every other route of the table shows a "Coming soon" placeholder
 * naming the screen until its feature registers here.
 */
const SCREENS: Record<string, ComponentType | LazyExoticComponent<ComponentType>> = {
  '/': HomePage,
  '/terms': lazy(() => import('../features/legal/terms-page.tsx').then((m) => ({ default: m.TermsPage }))),
  '/privacy': lazy(() => import('../features/legal/privacy-page.tsx').then((m) => ({ default: m.PrivacyPage }))),
  '/events': lazy(() => import('../features/events/events-page.tsx').then((m) => ({ default: m.EventsPage }))),
  '/admin/events': lazy(() =>
    import('../features/admin-events/manage-events-page.tsx').then((m) => ({ default: m.ManageEventsPage })),
  ),
  '/admin/events/create': lazy(() =>
    import('../features/admin-events/create-event-page.tsx').then((m) => ({ default: m.CreateEventPage })),
  ),
  '/admin/events/:id/edit': lazy(() =>
    import('../features/admin-events/edit-event-page.tsx').then((m) => ({ default: m.EditEventPage })),
  ),
  '/login': lazy(() => import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage }))),
  '/register': lazy(() => import('../features/auth/register-page.tsx').then((m) => ({ default: m.RegisterPage }))),
  '/verify': lazy(() => import('../features/auth/verify-page.tsx').then((m) => ({ default: m.VerifyPage }))),
  '/forgot-password': lazy(() =>
    import('../features/auth/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
  ),
  '/reset-password': lazy(() =>
    import('../features/auth/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
  ),
  '/account': lazy(() => import('./account-route.tsx').then((m) => ({ default: m.AccountRoute }))),
  '/purchase/:eventId': lazy(() =>
    import('../features/purchase/purchase-page.tsx').then((m) => ({ default: m.PurchasePage })),
  ),
  '/payment-success': lazy(() =>
    import('../features/checkout/payment-success-page.tsx').then((m) => ({ default: m.PaymentSuccessPage })),
  ),
  '/local-pay/checkout/:sessionId': lazy(() =>
    import('../features/local-pay/local-checkout-page.tsx').then((m) => ({ default: m.LocalCheckoutPage })),
  ),
  '/local-pay/portal': lazy(() =>
    import('../features/local-pay/local-portal-page.tsx').then((m) => ({ default: m.LocalPortalPage })),
  ),
  '/subscribe': lazy(() =>
    import('../features/subscriptions/subscribe-page.tsx').then((m) => ({ default: m.SubscribePage })),
  ),
  '/subscription/success': lazy(() =>
    import('../features/subscriptions/subscription-success-page.tsx').then((m) => ({
      default: m.SubscriptionSuccessPage,
    })),
  ),
  '/subscription/cancel': lazy(() =>
    import('../features/subscriptions/subscription-cancel-page.tsx').then((m) => ({
      default: m.SubscriptionCancelPage,
    })),
  ),
  '/admin/verification': lazy(() =>
    import('../features/admin-memberships/verification-page.tsx').then((m) => ({ default: m.VerificationPage })),
  ),
  '/admin/benefits': lazy(() =>
    import('../features/admin-memberships/benefits-page.tsx').then((m) => ({ default: m.BenefitsPage })),
  ),
  '/song-submission': lazy(() =>
    import('../features/submissions/song-submission-page.tsx').then((m) => ({ default: m.SongSubmissionPage })),
  ),
  '/admin/submissions': lazy(() =>
    import('../features/submissions/admin-submissions-page.tsx').then((m) => ({ default: m.AdminSubmissionsPage })),
  ),
  '/top5-songs': lazy(() => import('../features/top5/top5-page.tsx').then((m) => ({ default: m.Top5Page }))),
  '/admin/adminTop5Editor': lazy(() =>
    import('../features/top5/top5-editor-page.tsx').then((m) => ({ default: m.Top5EditorPage })),
  ),
  '/roster': lazy(() => import('../features/roster/roster-page.tsx').then((m) => ({ default: m.RosterPage }))),
  '/admin/roster': lazy(() =>
    import('../features/roster/roster-admin-page.tsx').then((m) => ({ default: m.RosterAdminPage })),
  ),
  '/ticket/scan': lazy(() => import('../features/scan/scan-page.tsx').then((m) => ({ default: m.ScanPage }))),
  '/affiliate/stats': lazy(() =>
    import('../features/affiliates/affiliate-stats-page.tsx').then((m) => ({ default: m.AffiliateStatsPage })),
  ),
  '/master/user': lazy(() =>
    import('../features/master/master-users-page.tsx').then((m) => ({ default: m.MasterUsersPage })),
  ),
  '/master/stats': lazy(() =>
    import('../features/master/master-stats-page.tsx').then((m) => ({ default: m.MasterStatsPage })),
  ),
  '/team': lazy(() => import('../features/team/team-page.tsx').then((m) => ({ default: m.TeamPage }))),
  '/admin/team': lazy(() => import('../features/team/team-admin-page.tsx').then((m) => ({ default: m.TeamAdminPage }))),
};

/**
 * The route tree: the layout around every screen of the table, each behind its access guard.
 * Declarative routes (not the data router): the app loads data with TanStack Query, and this
 * keeps ~19 kB gzip of router code out of every first load (bench/web-size.ts).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {APP_ROUTES.map((route) => {
          const Screen = SCREENS[route.path];
          const page = Screen ? <Screen /> : <ComingSoon title={route.title} summary={route.summary} />;
          return (
            <Route
              key={route.path}
              path={route.path}
              element={<AccessGuard access={route.access}>{page}</AccessGuard>}
            />
          );
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
