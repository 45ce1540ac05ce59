/**
 * Account rules as functions and their messages (registration, verification, login, reset, change
 * password, two-factor and deletion), with no zod: the web's login and account pages show them in
 * their first load (bench/web-size.ts). The schemas built on them are in auth.ts, which re-exports
 * everything here, so a rule and its message still live in one place.
 */
import {
  MINIMUM_AGE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  TOTP_DIGITS,
  USERNAME_MAX,
  USERNAME_MIN,
  VERIFICATION_CODE_LENGTH,
} from './constants.ts';
import { MFA_REQUIRED_MESSAGE } from './mfa.ts';

export const AUTH_MESSAGES = {
  // Spec §5 and §8, word for word.
  usernameRule: 'Username must be 3–30 chars, letters/numbers/underscore only.',
  usernameHint: '3–30 chars. Letters, numbers, and underscore only.',
  passwordRule: 'Password must be 8–72 chars and include upper, lower, number and special.',
  passwordsMismatch: 'Passwords do not match.',
  termsRequired: 'You must accept the Terms and Privacy Policy to register.',
  ageHint: 'You must be 18+ to join.',
  emailTaken: 'Email already in use.',
  usernameTaken: 'Username already in use.',
  resetPasswordRule: 'Password must meet all the requirements below.',
  resetLinkMissing: 'Missing or invalid reset link. Please request a new email.',
  resetSuccess: 'Password updated. You can now log in.',
  forgotSent: 'If that email exists, a reset link has been sent.',
  forgotFailed: 'Something went wrong. Try again.',
  newPasswordSame: 'New password must be different from your current password.',
  verifySuccessDefault: 'Verified! Redirecting…',
  verifyFailed: 'Verification failed.',
  resendSuccess: 'Code sent. Check your inbox.',
  resendFailed: 'Could not resend code.',
  networkError: 'Network error. Please try again.',
  loginFailed: 'Login failed',
  loginNoToken: 'Login failed.',
  resetFailed: 'Reset failed.',
  changePasswordFailed: 'Failed to change password.',
  enableFailed: 'Enable failed.',
  disableFailed: 'Disable failed.',
  deleteFailed: 'Failed to delete your account. Please try again.',
  accountLoadFailed: 'Failed to load account details.',
  noUserInfo: 'No user info available.',
  // Ours, where the spec shows no text.
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email address.',
  passwordRequired: 'Password is required.',
  passwordTooLong: 'Password must be at most 72 characters.',
  passwordTooCommon: 'This password is too common. Please choose a different one.',
  birthDateInvalid: 'Enter your date of birth.',
  codeRequired: 'Enter the verification code.',
  totpFormat: 'Enter the 6-digit code from your authenticator app.',
  currentPasswordRequired: 'Enter your current password.',
  resetTokenRequired: 'Missing or invalid reset link. Please request a new email.',
  registered: 'Account created. We sent a verification code to your email.',
  verified: 'Email verified. Redirecting to login…',
  alreadyVerified: 'Your email is already verified. Redirecting to login…',
  codeInvalid: 'That verification code is not valid.',
  codeExpired: 'That verification code has expired. Request a new one.',
  codeAttemptsExceeded: 'Too many wrong codes. Request a new one.',
  invalidCredentials: 'Invalid email or password.',
  emailNotVerified: 'Please verify your email before logging in. We can send you a new code.',
  accountDisabled: 'This account has been disabled. Please contact support.',
  totpRequired: 'Two-factor authentication is on. Enter the 6-digit code from your authenticator app.',
  totpInvalid: 'That two-factor code is not valid. Wait for a new code and try again.',
  resetTokenInvalid: 'This reset link is invalid or has expired. Please request a new email.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordChanged: 'Password changed. Other devices have been signed out.',
  sessionEnded: 'Your session has ended. Please log in again.',
  loggedOut: 'You have been logged out.',
  foreignOrigin: 'This request came from another site and was refused.',
  twoFactorAlreadyOn: 'Two-factor authentication is already on. Turn it off first to set it up again.',
  twoFactorNoSecret: 'Set up two-factor authentication first.',
  twoFactorNotOn: 'Two-factor authentication is not on.',
  twoFactorEnabled: 'Two-factor authentication is on.',
  twoFactorDisabled: 'Two-factor authentication is off.',
  passwordWrong: 'That password is not correct.',
  accountDeleted: 'Your account has been deleted.',
  deleteConfirmHint: 'Type DELETE and tick the box to confirm.',
  /** 403 MFA_REQUIRED: an admin route for a role that must turn on two-factor first (REQUIRE_MFA_ROLES). */
  mfaRequired: MFA_REQUIRED_MESSAGE,
} as const;

/** The error code of that answer; the web client shows the message with a link to the 2FA setup. */
export { MFA_REQUIRED_CODE } from './mfa.ts';

/** Lockout and cooldown texts carry a number. */
export const lockedMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
/** A wait under a minute in seconds, otherwise in whole minutes (rounded up). */
const waitText = (seconds: number) => {
  const n = seconds < 60 ? Math.max(1, Math.ceil(seconds)) : Math.ceil(seconds / 60);
  return `${n} ${seconds < 60 ? 'second' : 'minute'}${n === 1 ? '' : 's'}`;
};
/** The growing wait after failed sign-ins from one address (the same words as lockedMessage). */
export const signInThrottledMessage = (seconds: number) =>
  `Too many failed sign-in attempts. Try again in ${waitText(seconds)}.`;
/** The same for a password asked again on the account page (change password, 2FA, delete). */
export const passwordThrottledMessage = (seconds: number) =>
  `Too many wrong passwords. Try again in ${waitText(seconds)}.`;
export const resendCooldownMessage = (seconds: number) =>
  `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting another code.`;

// ---------- rules as functions (the forms' live checklists use them too) ----------

const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

/** Removes what a username may not contain, as the register form does while typing. */
export function sanitiseUsername(value: string): string {
  return value.replace(/[^A-Za-z0-9_]/g, '').slice(0, USERNAME_MAX);
}

export function isValidUsername(value: string): boolean {
  return value.length >= USERNAME_MIN && value.length <= USERNAME_MAX && USERNAME_PATTERN.test(value);
}

export interface PasswordCheck {
  id: 'length' | 'upper' | 'lower' | 'digit' | 'special';
  label: string;
  ok: boolean;
}

/** The password checklist shown live under password fields (register, reset, change). */
export function passwordChecks(password: string): PasswordCheck[] {
  return [
    {
      id: 'length',
      label: `${PASSWORD_MIN}–${PASSWORD_MAX} characters`,
      ok: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    },
    { id: 'upper', label: 'An uppercase letter', ok: /[A-Z]/.test(password) },
    { id: 'lower', label: 'A lowercase letter', ok: /[a-z]/.test(password) },
    { id: 'digit', label: 'A number', ok: /[0-9]/.test(password) },
    { id: 'special', label: 'A special character (not a letter or number)', ok: /[^A-Za-z0-9]/.test(password) },
  ];
}

export function isStrongPassword(password: string): boolean {
  return passwordChecks(password).every((c) => c.ok);
}

/** Verification code as typed: whitespace removed, upper-cased, at most 8 characters. */
export function normaliseVerificationCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase().slice(0, VERIFICATION_CODE_LENGTH);
}

/** The two-factor field keeps digits only, at most 6. */
export function normaliseTotpInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, TOTP_DIGITS);
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The latest date of birth allowed today (today minus 18 years), as YYYY-MM-DD in local time. */
export function latestBirthDate(today: Date = new Date()): string {
  const d = new Date(today.getFullYear() - MINIMUM_AGE, today.getMonth(), today.getDate());
  // 29 February minus 18 years lands on 1 March: the person turns 18 on 1 March in a common year.
  return isoDate(d);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isRealDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1900;
}

export function isAdult(birthDate: string, today: Date = new Date()): boolean {
  return isRealDate(birthDate) && birthDate <= latestBirthDate(today);
}

/** Account deletion needs the word DELETE (any case, spaces around ignored) and a ticked box. */
export function isDeleteConfirmed(typed: string, ticked: boolean): boolean {
  return ticked && typed.trim().toUpperCase() === 'DELETE';
}
