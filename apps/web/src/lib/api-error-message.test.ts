import { describe, expect, it } from 'vitest';
import { extractErrorMessage, NETWORK_ERROR_MESSAGE } from './api-error-message.ts';

describe('error messages (spec 01 §8)', () => {
  it('says "Network error. Please try again." when no response arrived', () => {
    expect(extractErrorMessage({ status: null })).toBe(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe('Network error. Please try again.');
  });

  it('shows a text body as it is', () => {
    expect(extractErrorMessage({ status: 400, body: 'Event is sold out.' })).toBe('Event is sold out.');
  });

  it('prefers the body message, then error', () => {
    expect(extractErrorMessage({ status: 409, body: { message: 'Email already in use.', error: 'Conflict' } })).toBe(
      'Email already in use.',
    );
    expect(extractErrorMessage({ status: 500, body: { error: 'Internal Server Error' } })).toBe(
      'Internal Server Error',
    );
  });

  it('joins a list of errors, each defaultMessage or message', () => {
    const body = { errors: [{ defaultMessage: 'Title is required.' }, { field: 'date', message: 'Date is invalid.' }] };
    expect(extractErrorMessage({ status: 400, body })).toBe('Title is required. Date is invalid.');
  });

  it('reads our API error body { message, code, errors }', () => {
    const body = { message: 'Invalid input.', code: 'VALIDATION', errors: [{ field: 'email', message: 'Bad email.' }] };
    expect(extractErrorMessage({ status: 400, body })).toBe('Invalid input.');
  });

  it('falls back to "Request failed (status)." when the body says nothing', () => {
    expect(extractErrorMessage({ status: 502 })).toBe('Request failed (502).');
    expect(extractErrorMessage({ status: 404, body: '   ' })).toBe('Request failed (404).');
    expect(extractErrorMessage({ status: 400, body: { errors: [] } })).toBe('Request failed (400).');
    expect(extractErrorMessage({ status: 418, body: { message: 42 } })).toBe('Request failed (418).');
  });
});
