import { dateFormatter } from '../../lib/time.ts';

/** The wall-clock labels door messages use, in the product's zone: "Sun 22 Nov 2026" and "22:05". */
export function scanLabels(timeZone: string) {
  const day = dateFormatter(timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const time = dateFormatter(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return {
    // "Sun 22 Nov 2026", as the web client writes dates.
    day: (instantMs: number) => day.format(instantMs).replace(',', ''),
    time: (instantMs: number) => time.format(instantMs),
  };
}
export type ScanLabels = ReturnType<typeof scanLabels>;
