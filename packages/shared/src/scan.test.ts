import { describe, expect, it } from 'vitest';
import { doorCodeOf, parseDoorCode, ticketIdRangeOf } from './scan.ts';

const TICKET = '3f9a12c4-77be-4d0e-9a1b-5c6d7e8f9012';

describe('door codes', () => {
  it('prints the first twelve hex digits of the ticket id in groups of four', () => {
    expect(doorCodeOf(TICKET)).toBe('3F9A-12C4-77BE');
  });

  it('reads a code typed in any case, with or without spaces and dashes', () => {
    for (const typed of ['3F9A-12C4-77BE', '3f9a12c477be', ' 3f9a 12c4 77be ', '3F9A-12C4 - 77be']) {
      expect(parseDoorCode(typed), typed).toBe('3f9a12c477be');
    }
  });

  it('refuses what is not a door code: too short, too long, not hex, a QR token', () => {
    for (const typed of ['', '3F9A-12C4-77B', '3F9A-12C4-77BE-0', '3F9A-12C4-77BG', 'FT1.abc.def', TICKET]) {
      expect(parseDoorCode(typed), typed).toBeNull();
    }
  });

  it('gives the range of ids holding a code, which holds the ticket itself and no neighbour', () => {
    const { from, to } = ticketIdRangeOf(parseDoorCode(doorCodeOf(TICKET))!);
    expect(from <= TICKET && TICKET <= to).toBe(true);
    expect(from).toBe('3f9a12c4-77be-0000-0000-000000000000');
    expect(to).toBe('3f9a12c4-77be-ffff-ffff-ffffffffffff');
    expect('3f9a12c4-77bf-0000-0000-000000000000' > to).toBe(true);
  });
});
