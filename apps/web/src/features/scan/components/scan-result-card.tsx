import type { ScanResult } from '@fourfour/shared/scan';
import { SCAN_STATUS_LABELS, type ScanStatus } from '@fourfour/shared/scan-rules';
import { IconCircleCheckFilled, IconCircleXFilled } from '@tabler/icons-react';
import { formatLocalDate, formatLocalTime } from '../../../lib/format.ts';
import classes from '../scan.module.css';

/** Decided by the phone alone (no signal): the server hears of it at the next sync. */
function OfflineMark() {
  return (
    <p className={classes.offlineMark} data-testid="scan-offline">
      Offline: checked on this phone
    </p>
  );
}

/** The big green card: who to let in, on which ticket, for which event. */
export function ValidCard({
  result,
  offline = false,
  onList = true,
}: {
  result: ScanResult;
  offline?: boolean;
  /** false: admitted on its signed code alone, sold after the door list's last update. */
  onList?: boolean;
}) {
  const name = [result.firstName, result.lastName].filter(Boolean).join(' ') || 'Name not on record';
  return (
    <section
      className={`${classes.card} ${classes.valid}`}
      aria-labelledby="scan-valid-heading"
      data-testid="scan-valid"
      data-offline={offline || undefined}
    >
      <div className={classes.cardHead}>
        <IconCircleCheckFilled size={44} aria-hidden="true" />
        <h2 id="scan-valid-heading" className={classes.verdict}>
          Valid
        </h2>
        <span className={classes.typeBadge} data-vip={result.ticketType === 'VIP' || undefined}>
          {result.ticketType}
        </span>
      </div>
      <p className={classes.attendee}>{name}</p>
      {result.dateOfBirth && <p className={classes.detail}>Born {formatLocalDate(result.dateOfBirth)}</p>}
      {!onList && <p className={classes.detail}>Not on the door list yet: bought after its last update.</p>}
      <p className={classes.event}>{result.eventTitle}</p>
      {result.startTime && (
        <p className={classes.detail}>
          {formatLocalDate(result.startTime)}, {formatLocalTime(result.startTime)}
          {result.endTime ? `–${formatLocalTime(result.endTime)}` : ''}
        </p>
      )}
      {offline && <OfflineMark />}
    </section>
  );
}

/** The big red card: why not, and the code that was read (spec: "Not Valid" with the scanned code). */
export function NotValidCard({
  status,
  message,
  code,
  offline = false,
}: {
  status: ScanStatus | null;
  message: string;
  code: string;
  offline?: boolean;
}) {
  return (
    <section
      className={`${classes.card} ${classes.invalid}`}
      aria-labelledby="scan-invalid-heading"
      data-testid="scan-not-valid"
      data-status={status ?? undefined}
      data-offline={offline || undefined}
    >
      <div className={classes.cardHead}>
        <IconCircleXFilled size={44} aria-hidden="true" />
        <h2 id="scan-invalid-heading" className={classes.verdict}>
          Not Valid
        </h2>
        {status && status !== 'OK' && <span className={classes.typeBadge}>{SCAN_STATUS_LABELS[status]}</span>}
      </div>
      <p className={classes.reason}>{message}</p>
      <p className={classes.codeLabel}>Scanned code</p>
      <p className={classes.code}>{code}</p>
      {offline && <OfflineMark />}
    </section>
  );
}
