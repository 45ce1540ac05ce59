import { describe, expect, it } from 'vitest';
import { parseSort, type SortOptions, toggledSort } from './paging.ts';

const USERS: SortOptions<'id' | 'email'> = { fields: ['id', 'email'], default: 'id,DESC' };

describe('sorting a table by its headers', () => {
  it('flips the direction on the same field and starts ascending on another', () => {
    expect(toggledSort({ field: 'email', direction: 'ASC' }, 'email')).toBe('email,DESC');
    expect(toggledSort({ field: 'email', direction: 'DESC' }, 'email')).toBe('email,ASC');
    expect(toggledSort({ field: 'id', direction: 'ASC' }, 'email')).toBe('email,ASC');
  });

  it('takes a bare field only where the list allows it', () => {
    expect(parseSort('email', USERS)).toBeNull();
    expect(parseSort('email , desc', { ...USERS, directionOptional: true })).toEqual({
      field: 'email',
      direction: 'DESC',
    });
    expect(parseSort('email', { ...USERS, directionOptional: true })).toEqual({ field: 'email', direction: 'ASC' });
    expect(parseSort('password,ASC', { ...USERS, directionOptional: true })).toBeNull();
  });
});
