import { dictionary } from '@zxcvbn-ts/language-common';
import { AUTH_MESSAGES } from '@fourfour/shared/auth';
import { fieldError } from './errors.ts';

/**
 * The most common passwords (about 49,000, from zxcvbn-ts's "passwords-common" list, shipped in
 * the npm package: no network). Server-side only: the list is about 200 kB gzipped, more than the
 * whole register page, so the web form shows the server's field error instead.
 */
let common: Set<string> | undefined;
const list = () => {
  common ??= new Set(dictionary['passwords-common'].map((p) => String(p).toLowerCase()));
  return common;
};

/**
 * A password is too common when, in lower case, it is on the list, or its core is: what is left
 * once the digits and symbols added at either end to meet the complexity rules are taken off
 * ("Password123!" → "password", "!Dragon99" → "dragon").
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return list().has(lower) || (core.length > 0 && list().has(core));
}

/** Throws the field error a form shows under its new-password field (`password` or `newPassword`). */
export function assertPasswordNotCommon(password: string, field: 'password' | 'newPassword'): void {
  if (isCommonPassword(password)) throw fieldError(field, AUTH_MESSAGES.passwordTooCommon, 400, 'PASSWORD_TOO_COMMON');
}
