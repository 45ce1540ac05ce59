import { isRealDate } from '@fourfour/shared/auth-rules';

/** Small rules of the auth screens that are not account rules (those live in @fourfour/shared/auth-rules). */

/** Typed dates: DD/MM/YYYY (as shown), D/M/YYYY, DD.MM.YYYY or YYYY-MM-DD → YYYY-MM-DD, else null. */
export function parseTypedDate(value: string): string | null {
  const text = value.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const uk = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : uk ? [uk[3], uk[2], uk[1]] : [];
  if (!y || !m || !d) return null;
  const out = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isRealDate(out) ? out : null;
}

/** The verify page's message is green when it speaks of success, verification or redirecting; amber otherwise. */
export const isPositiveMessage = (message: string) => /success|verified|redirecting/i.test(message);
