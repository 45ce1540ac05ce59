import { z } from 'zod';
import { PASSWORD_MAX } from './constants.ts';
import { ROLES, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS, VERIFICATION_STATUSES } from './enums.ts';

/**
 * Account rules and their messages: registration, verification, login, reset, change password,
 * two-factor and deletion. The API validates request bodies with these schemas and the web forms
 * validate with the same ones, so a rule and its message live here only.
 */

// Messages and the rules as functions live in a zod-free module, so a page that shows them does not load zod.
import {
  AUTH_MESSAGES,
  isAdult,
  isRealDate,
  isStrongPassword,
  isValidUsername,
  normaliseVerificationCode,
} from './auth-rules.ts';

export {
  AUTH_MESSAGES,
  isAdult,
  isDeleteConfirmed,
  isRealDate,
  isStrongPassword,
  isValidUsername,
  latestBirthDate,
  lockedMessage,
  MFA_REQUIRED_CODE,
  normaliseTotpInput,
  normaliseVerificationCode,
  type PasswordCheck,
  passwordChecks,
  passwordThrottledMessage,
  resendCooldownMessage,
  sanitiseUsername,
  signInThrottledMessage,
} from './auth-rules.ts';

// ---------- field schemas ----------

const requiredString = (message: string) => z.string({ error: message }).min(1, message);

export const EmailField = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

/** Login and the email-only forms: required and trimmed; the server compares lower-cased. */
export const LoginEmailField = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid);

export const UsernameField = z
  .string({ error: AUTH_MESSAGES.usernameRule })
  .trim()
  .refine(isValidUsername, AUTH_MESSAGES.usernameRule);

/** Registration and change password: the full rule, 72 characters at most, never truncated. */
export const NewPasswordField = z
  .string({ error: AUTH_MESSAGES.passwordRule })
  .refine(isStrongPassword, AUTH_MESSAGES.passwordRule);

/** Reset uses the same rule with the reset page's message. */
export const ResetPasswordField = z
  .string({ error: AUTH_MESSAGES.resetPasswordRule })
  .refine(isStrongPassword, AUTH_MESSAGES.resetPasswordRule);

export const BirthDateField = z
  .string({ error: AUTH_MESSAGES.birthDateInvalid })
  .refine(isRealDate, { message: AUTH_MESSAGES.birthDateInvalid, abort: true })
  .refine((v) => isAdult(v), AUTH_MESSAGES.ageHint);

/** A 6-digit TOTP code, sent as a number (spec) or a string; numbers get their leading zeros back. */
export const TotpCodeField = z
  .union([z.string(), z.number()], { error: AUTH_MESSAGES.totpFormat })
  .transform((v) => (typeof v === 'number' ? (Number.isInteger(v) && v >= 0 ? String(v).padStart(6, '0') : '') : v))
  .refine((v) => /^\d{6}$/.test(v), AUTH_MESSAGES.totpFormat);

const LoginPasswordField = requiredString(AUTH_MESSAGES.passwordRequired).max(
  PASSWORD_MAX,
  AUTH_MESSAGES.passwordTooLong,
);

// ---------- request bodies (API) ----------

export const RegisterBody = z.object({
  email: EmailField,
  username: UsernameField,
  password: NewPasswordField,
  birthDate: BirthDateField,
  termsAccepted: z.literal(true, { error: AUTH_MESSAGES.termsRequired }),
});
export type RegisterBody = z.input<typeof RegisterBody>;

export const VerifyBody = z.object({
  email: LoginEmailField,
  code: z
    .string({ error: AUTH_MESSAGES.codeRequired })
    .transform(normaliseVerificationCode)
    .refine((v) => v.length > 0, AUTH_MESSAGES.codeRequired),
});
export type VerifyBody = z.input<typeof VerifyBody>;

export const EmailOnlyBody = z.object({ email: LoginEmailField });
export type EmailOnlyBody = z.input<typeof EmailOnlyBody>;

export const LoginBody = z.object({
  email: LoginEmailField,
  password: LoginPasswordField,
  totp: TotpCodeField.optional(),
});
export type LoginBody = z.input<typeof LoginBody>;

export const ResetPasswordBody = z.object({
  token: requiredString(AUTH_MESSAGES.resetTokenRequired).max(200, AUTH_MESSAGES.resetTokenRequired),
  newPassword: ResetPasswordField,
});
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;

export const ChangePasswordBody = z
  .object({
    currentPassword: requiredString(AUTH_MESSAGES.currentPasswordRequired).max(
      PASSWORD_MAX,
      AUTH_MESSAGES.passwordTooLong,
    ),
    newPassword: NewPasswordField,
  })
  .refine((b) => b.newPassword !== b.currentPassword, {
    path: ['newPassword'],
    message: AUTH_MESSAGES.newPasswordSame,
  });
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

/** Turning 2FA on needs the password too: a stolen access token alone must not lock the owner out. */
export const TwoFactorEnableBody = z.object({ code: TotpCodeField, password: LoginPasswordField });
export type TwoFactorEnableBody = z.input<typeof TwoFactorEnableBody>;

export const TwoFactorDisableBody = z.object({
  password: LoginPasswordField,
  code: TotpCodeField,
});
export type TwoFactorDisableBody = z.input<typeof TwoFactorDisableBody>;

/**
 * Deleting the account needs the password, and the current code when 2FA is on (the server knows
 * whether it is, so the code is optional here and required there).
 */
export const DeleteAccountBody = z.object({
  password: LoginPasswordField,
  code: TotpCodeField.optional(),
});
export type DeleteAccountBody = z.input<typeof DeleteAccountBody>;

// ---------- forms (web): the bodies plus what only the form has ----------

const mismatch = { path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsMismatch };

export const RegisterForm = RegisterBody.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  mismatch,
);
export type RegisterForm = z.input<typeof RegisterForm>;

export const ResetPasswordForm = ResetPasswordBody.extend({ confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  mismatch,
);
export type ResetPasswordForm = z.input<typeof ResetPasswordForm>;

export const ChangePasswordForm = z
  .object({
    currentPassword: ChangePasswordBody.shape.currentPassword,
    newPassword: NewPasswordField,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, mismatch)
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: AUTH_MESSAGES.newPasswordSame,
  });
export type ChangePasswordForm = z.input<typeof ChangePasswordForm>;

// ---------- responses ----------

export const AuthUser = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
});
export type AuthUser = z.infer<typeof AuthUser>;

export const LoginResponse = z.object({ accessToken: z.string(), user: AuthUser });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** A new access token, and the user it is for: a page restoring its session needs no /api/auth/me. */
export const RefreshResponse = z.object({ accessToken: z.string(), user: AuthUser });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const ChangePasswordResponse = z.object({ message: z.string(), accessToken: z.string() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

export const AccountView = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  birthDate: z.string(),
  affiliateCode: z.string().nullable(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  subscriptionActive: z.boolean(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  subscriptionStartDate: z.string().nullable(),
  subscriptionExpiresAt: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  freeTicketsUsedThisMonth: z.number(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type AccountView = z.infer<typeof AccountView>;

export const TwoFactorStatus = z.object({ enabled: z.boolean(), hasSecret: z.boolean() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** qrBase64 is a PNG, base64 without a data: prefix. */
export const TwoFactorSetup = z.object({ secretBase32: z.string(), qrBase64: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;
