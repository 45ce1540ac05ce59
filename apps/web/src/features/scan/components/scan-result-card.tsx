import { SCAN_STATUS_LABELS, type ScanResult, type ScanStatus } from '@fourfour/shared/scan';
import { IconCircleCheckFilled, IconCircleXFilled } from '@tabler/icons-react';
import { formatLocalDate, formatLocalTime } from '../../../lib/format.ts';
import classes from '../scan.module.css';

/** The big green card: who to let in, on which ticket, for which event. */
export function ValidCard({ result }: { result: ScanResult }) {
  const name = [result.firstName, result.lastName].filter(Boolean).join(' ') || 'Name not on record';
  return (
    <section
      className={`${classes.card} ${classes.valid}`}
      aria-labelledby="scan-valid-heading"
      data-testid="scan-valid"
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
      <p className={classes.event}>{result.eventTitle}</p>
      {result.startTime && (
        <p className={classes.detail}>
          {formatLocalDate(result.startTime)}, {formatLocalTime(result.startTime)}
          {result.endTime ? `–${formatLocalTime(result.endTime)}` : ''}
        </p>
      )}
    </section>
  );
}

/** The big red card: why not, and the code that was read (spec: "Not Valid" with the scanned code). */
export function NotValidCard({ status, message, code }: { status: ScanStatus | null; message: string; code: string }) {
  return (
    <section
      className={`${classes.card} ${classes.invalid}`}
      aria-labelledby="scan-invalid-heading"
      data-testid="scan-not-valid"
      data-status={status ?? undefined}
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
    </section>
  );
}
