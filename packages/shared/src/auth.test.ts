import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  ChangePasswordBody,
  ChangePasswordForm,
  isAdult,
  isDeleteConfirmed,
  latestBirthDate,
  LoginBody,
  lockedMessage,
  passwordThrottledMessage,
  signInThrottledMessage,
  normaliseTotpInput,
  normaliseVerificationCode,
  passwordChecks,
  RegisterBody,
  RegisterForm,
  ResetPasswordBody,
  ResetPasswordForm,
  sanitiseUsername,
  DeleteAccountBody,
  TwoFactorDisableBody,
  TwoFactorEnableBody,
  VerifyBody,
} from './auth.ts';

const valid = {
  email: 'Fan@Example.com ',
  username: 'deep_house_99',
  password: 'Aa1!aaaa',
  birthDate: '1990-01-01',
  termsAccepted: true as const,
};
const messagesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('registration rules', () => {
  it('accepts a valid registration and trims the email', () => {
    const r = RegisterBody.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data?.email).toBe('Fan@Example.com');
  });

  it.each(['ab', 'a'.repeat(31), 'has space', 'dash-name', 'émile', ''])('refuses the username %j', (username) => {
    expect(messagesOf(RegisterBody.safeParse({ ...valid, username }))).toEqual({
      username: 'Username must be 3–30 chars, letters/numbers/underscore only.',
    });
  });

  it('accepts usernames of 3 and 30 characters', () => {
    expect(RegisterBody.safeParse({ ...valid, username: 'abc' }).success).toBe(true);
    expect(RegisterBody.safeParse({ ...valid, username: 'A_1'.repeat(10) }).success).toBe(true);
  });

  it('strips characters a username may not hold, as typed', () => {
    expect(sanitiseUsername('dj kay-23!')).toBe('djkay23');
    expect(sanitiseUsername('x'.repeat(40))).toHaveLength(30);
  });

  it.each([
    ['too short', 'Aa1!aaa'],
    ['too long', `Aa1!${'a'.repeat(69)}`],
    ['no upper', 'aa1!aaaa'],
    ['no lower', 'AA1!AAAA'],
    ['no digit', 'Aaa!aaaa'],
    ['no special', 'Aa1aaaaa'],
  ])('refuses a password that is %s', (_why, password) => {
    expect(messagesOf(RegisterBody.safeParse({ ...valid, password }))).toEqual({
      password: 'Password must be 8–72 chars and include upper, lower, number and special.',
    });
  });

  it('accepts a 72-character password and does not truncate it', () => {
    const password = `Aa1!${'b'.repeat(68)}`;
    expect(RegisterBody.parse({ ...valid, password }).password).toBe(password);
  });

  it('requires the terms', () => {
    expect(messagesOf(RegisterBody.safeParse({ ...valid, termsAccepted: false }))).toEqual({
      termsAccepted: 'You must accept the Terms and Privacy Policy to register.',
    });
  });

  it('requires 18 years of age, counted to the day', () => {
    const today = new Date(2026, 10, 15);
    expect(latestBirthDate(today)).toBe('2008-11-15');
    expect(isAdult('2008-11-15', today)).toBe(true);
    expect(isAdult('2008-11-16', today)).toBe(false);
    const tooYoung = latestBirthDate()
      .replace(/\d{2}$/, '28')
      .replace(/^(\d{4})/, (y) => String(Number(y) + 1));
    expect(messagesOf(RegisterBody.safeParse({ ...valid, birthDate: tooYoung }))).toEqual({
      birthDate: AUTH_MESSAGES.ageHint,
    });
  });

  it('refuses dates that do not exist', () => {
    for (const birthDate of ['1990-02-30', '1990-13-01', '01/01/1990', '1850-01-01']) {
      expect(messagesOf(RegisterBody.safeParse({ ...valid, birthDate }))).toEqual({
        birthDate: AUTH_MESSAGES.birthDateInvalid,
      });
    }
  });

  it('the form also needs matching passwords', () => {
    const r = RegisterForm.safeParse({ ...valid, confirmPassword: 'Aa1!aaab' });
    expect(messagesOf(r)).toEqual({ confirmPassword: 'Passwords do not match.' });
    expect(RegisterForm.safeParse({ ...valid, confirmPassword: valid.password }).success).toBe(true);
  });

  it('lists each password requirement for the live checklist', () => {
    expect(passwordChecks('abc').map((c) => [c.id, c.ok])).toEqual([
      ['length', false],
      ['upper', false],
      ['lower', true],
      ['digit', false],
      ['special', false],
    ]);
    expect(passwordChecks('Aa1!aaaa').every((c) => c.ok)).toBe(true);
  });
});

describe('verification and login rules', () => {
  it('normalises the code: no whitespace, upper case, at most 8', () => {
    expect(normaliseVerificationCode(' ab cd\tef gh jk ')).toBe('ABCDEFGH');
    expect(VerifyBody.parse({ email: 'a@b.c', code: 'x7k 9pq2' }).code).toBe('X7K9PQ2');
    expect(messagesOf(VerifyBody.safeParse({ email: 'a@b.c', code: '   ' }))).toEqual({
      code: AUTH_MESSAGES.codeRequired,
    });
  });

  it('login needs an email and a password of at most 72 characters', () => {
    expect(messagesOf(LoginBody.safeParse({ email: '  ', password: '' }))).toEqual({
      email: AUTH_MESSAGES.emailRequired,
      password: AUTH_MESSAGES.passwordRequired,
    });
    expect(messagesOf(LoginBody.safeParse({ email: 'a@b.c', password: 'x'.repeat(73) }))).toEqual({
      password: AUTH_MESSAGES.passwordTooLong,
    });
    expect(LoginBody.parse({ email: ' a@b.c ', password: 'x' }).email).toBe('a@b.c');
  });

  it('the two-factor code keeps digits only, six at most; numbers keep leading zeros', () => {
    expect(normaliseTotpInput('12a 34-5678')).toBe('123456');
    expect(LoginBody.parse({ email: 'a@b.c', password: 'x', totp: 12345 }).totp).toBe('012345');
    expect(LoginBody.safeParse({ email: 'a@b.c', password: 'x', totp: '12345' }).success).toBe(false);
    expect(TwoFactorEnableBody.parse({ code: 654321, password: 'x' }).code).toBe('654321');
    expect(TwoFactorEnableBody.safeParse({ code: 1.5, password: 'x' }).success).toBe(false);
    expect(messagesOf(TwoFactorEnableBody.safeParse({ code: '123456' }))).toEqual({
      password: AUTH_MESSAGES.passwordRequired,
    });
    expect(messagesOf(DeleteAccountBody.safeParse({}))).toEqual({ password: AUTH_MESSAGES.passwordRequired });
    expect(DeleteAccountBody.parse({ password: 'x', code: 12 }).code).toBe('000012');
    expect(messagesOf(TwoFactorDisableBody.safeParse({ code: '1' }))).toEqual({
      password: AUTH_MESSAGES.passwordRequired,
      code: AUTH_MESSAGES.totpFormat,
    });
  });
});

describe('reset and change password rules', () => {
  it('reset uses the reset page message', () => {
    expect(messagesOf(ResetPasswordBody.safeParse({ token: 't', newPassword: 'weak' }))).toEqual({
      newPassword: 'Password must meet all the requirements below.',
    });
    expect(
      messagesOf(ResetPasswordForm.safeParse({ token: 't', newPassword: 'Aa1!aaaa', confirmPassword: 'x' })),
    ).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
  });

  it('the new password must differ from the current one', () => {
    expect(messagesOf(ChangePasswordBody.safeParse({ currentPassword: 'Aa1!aaaa', newPassword: 'Aa1!aaaa' }))).toEqual({
      newPassword: 'New password must be different from your current password.',
    });
    expect(
      messagesOf(
        ChangePasswordForm.safeParse({
          currentPassword: 'Old#1old',
          newPassword: 'Aa1!aaaa',
          confirmPassword: 'Aa1!aaab',
        }),
      ),
    ).toEqual({ confirmPassword: 'Passwords do not match.' });
  });
});

describe('deletion and lockout', () => {
  it('deletion needs DELETE in any case, trimmed, and the ticked box', () => {
    expect(isDeleteConfirmed(' delete ', true)).toBe(true);
    expect(isDeleteConfirmed('DeLeTe', true)).toBe(true);
    expect(isDeleteConfirmed('DELETE', false)).toBe(false);
    expect(isDeleteConfirmed('DELETED', true)).toBe(false);
  });

  it('the lockout message names the minutes left', () => {
    expect(lockedMessage(1)).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
    expect(lockedMessage(15)).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
  });

  it('the throttle messages name seconds under a minute, then whole minutes', () => {
    expect(signInThrottledMessage(1)).toBe('Too many failed sign-in attempts. Try again in 1 second.');
    expect(signInThrottledMessage(0.2)).toBe('Too many failed sign-in attempts. Try again in 1 second.');
    expect(signInThrottledMessage(32)).toBe('Too many failed sign-in attempts. Try again in 32 seconds.');
    expect(signInThrottledMessage(61)).toBe(lockedMessage(2));
    expect(passwordThrottledMessage(900)).toBe('Too many wrong passwords. Try again in 15 minutes.');
  });
});
