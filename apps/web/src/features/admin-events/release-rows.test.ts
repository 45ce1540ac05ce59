import { RELEASE_MESSAGES, type AdminRelease } from '@fourfour/shared/releases';
import { describe, expect, it } from 'vitest';
import {
  addRow,
  groupByType,
  isEndOfType,
  ladderedTypesOf,
  moveRow,
  moveRowTo,
  newRow,
  type ReleaseRowValues,
  releaseErrorsOf,
  releasesBodyOf,
  rowOf,
  rowsOf,
  toReleaseInput,
  updateRow,
} from './release-rows.ts';

const saved = (over: Partial<AdminRelease> & Pick<AdminRelease, 'id' | 'name'>): AdminRelease => ({
  ticketType: 'STANDARD',
  position: 1,
  price: 10,
  quantity: 50,
  sold: 0,
  held: 0,
  left: 50,
  state: 'ON_SALE',
  salesStart: null,
  salesEnd: null,
  unlockCode: null,
  membersOnlyTier: null,
  ...over,
});

const row = (key: string, ticketType: 'STANDARD' | 'VIP' = 'STANDARD'): ReleaseRowValues => ({
  ...newRow(ticketType),
  key,
  name: key,
  price: 10,
  quantity: 5,
});
const keys = (rows: readonly { key: string }[]) => rows.map((r) => r.key);

describe('the releases editor', () => {
  it('shows saved releases grouped by type, dates as the datetime-local input takes them and blanks as empty', () => {
    const rows = rowsOf([
      saved({ id: 3, name: 'VIP early', ticketType: 'VIP' }),
      saved({ id: 1, name: 'Early bird', salesStart: '2026-12-01T10:00:00', unlockCode: 'CREW-24' }),
      saved({ id: 2, name: 'Tier 2', membersOnlyTier: 'MIDDLE' }),
    ]);
    expect(keys(rows)).toEqual(['r1', 'r2', 'r3']);
    expect(rows[0]).toMatchObject({ id: 1, salesStart: '2026-12-01T10:00', salesEnd: '', unlockCode: 'CREW-24' });
    expect(rows[1]).toMatchObject({ unlockCode: '', membersOnlyTier: 'MIDDLE' });
  });

  it('sends empty strings as null, prices typed as text as numbers, and a saved release with its id', () => {
    expect(toReleaseInput({ ...row('a'), price: '£1,012.50', quantity: '40', salesEnd: ' ', unlockCode: '' })).toEqual({
      ticketType: 'STANDARD',
      name: 'a',
      price: 1012.5,
      quantity: 40,
      salesStart: null,
      salesEnd: null,
      unlockCode: null,
      membersOnlyTier: null,
    });
    const input = toReleaseInput({ ...rowOf(saved({ id: 7, name: 'Early' })), price: '', membersOnlyTier: 'ENTRY' });
    expect(input).toMatchObject({ id: 7, price: null, membersOnlyTier: 'ENTRY' });
  });

  it('checks the body with the shared schema: a code is upper-cased, a blank price is named on its row', () => {
    const ok = releasesBodyOf([{ ...row('a'), unlockCode: ' crew-24 ' }, row('b', 'VIP')]);
    expect(ok.ok && ok.body.releases.map((r) => [r.name, r.unlockCode])).toEqual([
      ['a', 'CREW-24'],
      ['b', null],
    ]);
    const bad = releasesBodyOf([row('a'), { ...row('b'), price: '', name: ' ' }]);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors).toContainEqual({ field: 'releases.1.name', message: RELEASE_MESSAGES.nameRequired });
    expect(bad.errors.map((e) => e.field)).toContain('releases.1.price');
  });

  it('puts the server’s releases.N.field errors on the row sent N-th, and the rest at the top', () => {
    const sent = [row('a'), row('b')];
    const errors = releaseErrorsOf(
      [
        { field: 'releases.1.salesEnd', message: RELEASE_MESSAGES.endBeforeStart },
        { field: 'releases.1.salesEnd', message: 'second message' },
        { field: 'releases.0.id', message: RELEASE_MESSAGES.notThisEvent },
        { field: 'releases', message: RELEASE_MESSAGES.tooMany },
        { field: 'releases.9.name', message: 'no such row' },
      ],
      sent,
    );
    expect(errors.rows).toEqual({
      b: { salesEnd: RELEASE_MESSAGES.endBeforeStart },
      a: { name: RELEASE_MESSAGES.notThisEvent },
    });
    expect(errors.general).toEqual([RELEASE_MESSAGES.tooMany, 'no such row']);
  });

  it('moves a row up and down among its own type only', () => {
    const rows = [row('s1'), row('s2'), row('v1', 'VIP'), row('v2', 'VIP')];
    expect(keys(moveRow(rows, 's2', -1))).toEqual(['s2', 's1', 'v1', 'v2']);
    expect(keys(moveRow(rows, 'v1', 1))).toEqual(['s1', 's2', 'v2', 'v1']);
    expect(keys(moveRow(rows, 's2', 1))).toEqual(keys(rows));
    expect(keys(moveRow(rows, 'v1', -1))).toEqual(keys(rows));
    expect(keys(moveRow(rows, 's1', -1))).toEqual(keys(rows));
    expect([0, 1, 2, 3].map((i) => [isEndOfType(rows, i, -1), isEndOfType(rows, i, 1)])).toEqual([
      [true, false],
      [false, true],
      [true, false],
      [false, true],
    ]);
  });

  it('drops a dragged row in the place of the row it is dropped on, within its type', () => {
    const rows = [row('a'), row('b'), row('c'), row('v', 'VIP')];
    expect(keys(moveRowTo(rows, 'a', 'c'))).toEqual(['b', 'c', 'a', 'v']);
    expect(keys(moveRowTo(rows, 'c', 'a'))).toEqual(['c', 'a', 'b', 'v']);
    expect(keys(moveRowTo(rows, 'a', 'v'))).toEqual(keys(rows));
    expect(keys(moveRowTo(rows, 'a', 'a'))).toEqual(keys(rows));
  });

  it('adds a release at the end of its type, and a changed type puts it last in the other type', () => {
    const rows = [row('s1'), row('v1', 'VIP')];
    const added = addRow(rows, row('s2'));
    expect(keys(added)).toEqual(['s1', 's2', 'v1']);
    const moved = updateRow(added, 's1', { ticketType: 'VIP' });
    expect(keys(moved)).toEqual(['s2', 'v1', 's1']);
    expect(updateRow(moved, 's2', { name: 'Early bird' })[0]).toMatchObject({ key: 's2', name: 'Early bird' });
    expect(keys(groupByType([row('v', 'VIP'), row('s')]))).toEqual(['s', 'v']);
    expect(newRow('VIP').key).not.toBe(newRow('VIP').key);
  });

  it('names the ticket types sold in releases', () => {
    expect([...ladderedTypesOf([saved({ id: 1, name: 'x', ticketType: 'VIP' })])]).toEqual(['VIP']);
    expect(ladderedTypesOf([]).size).toBe(0);
  });
});
