import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import classes from './scan.module.css';

/** The scanner's column, phone first. */
export function ScanFrame({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <PageTitle title="Ticket scan" />
      <Stack gap="lg">{children}</Stack>
    </div>
  );
}

export function ScanHeading() {
  return <Title order={1}>Ticket scan</Title>;
}

/**
 * /ticket/scan before the session and its code are known: the heading, and the camera's place held
 * as the page holds it (no door lists, no camera yet). Rendered into the page's HTML at build time
 * and shown by the app until the page is ready (app/first-views.ts).
 */
export function ScanFirstView() {
  return (
    <ScanFrame>
      <div>
        <ScanHeading />
      </div>
      <div className={classes.cameraSlot} />
    </ScanFrame>
  );
}
