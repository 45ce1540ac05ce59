import type { EventSummary } from '@fourfour/shared/events';
import { releaseLadderLine } from '@fourfour/shared/release-ladder';
import { formatGbp } from '../../lib/format.ts';

/**
 * The card's prices: "Standard £18.00 · VIP £45.00"; an event sold in releases gets one line per
 * type, a type with releases showing its ladder ("Standard: Early bird £10.00 · next £15.00"). Only
 * zod-free shared rules: the events page is the first load.
 */
export function priceLines(e: Pick<EventSummary, 'releases' | 'standardTicketPrice' | 'vipTicketPrice'>): string[] {
  const priceOf = (type: 'STANDARD' | 'VIP', price: number) => {
    const ladder = e.releases.filter((r) => r.ticketType === type);
    return (ladder.length > 0 && releaseLadderLine(ladder)) || formatGbp(price);
  };
  const standard = priceOf('STANDARD', e.standardTicketPrice);
  const vip = priceOf('VIP', e.vipTicketPrice);
  return e.releases.length > 0 ? [`Standard: ${standard}`, `VIP: ${vip}`] : [`Standard ${standard} · VIP ${vip}`];
}
