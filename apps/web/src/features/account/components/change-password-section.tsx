import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { AUTH_MESSAGES, ChangePasswordForm } from '@fourfour/shared/auth';
import { PASSWORD_MAX } from '@fourfour/shared/constants';
import { type FormEvent, useState } from 'react';
import { PasswordChecklist } from '../../../components/password-checklist.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/zod-field-errors.ts';
import { useChangePassword } from '../api/change-password.ts';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The change-password form: the body of the account page's Change password card (loaded after the page). */
export function ChangePasswordPanel() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const change = useChangePassword();

  const set = (key: Field, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const parsed = ChangePasswordForm.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error) as Partial<Record<Field, string>>);
      return;
    }
    try {
      const reply = await change.mutateAsync({
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
      });
      setValues(EMPTY);
      setResult({ ok: true, message: reply.message });
    } catch (err) {
      const fieldMessages = isApiError(err) ? err.fieldErrors.filter((e) => e.field in EMPTY) : [];
      if (fieldMessages.length > 0) {
        setErrors(Object.fromEntries(fieldMessages.map((e) => [e.field, e.message])));
      } else {
        setResult({
          ok: false,
          message:
            isApiError(err) && err.isNetworkError ? AUTH_MESSAGES.networkError : AUTH_MESSAGES.changePasswordFailed,
        });
      }
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={440}>
        {result && (
          <Alert color={result.ok ? 'teal' : 'red'} variant="light" role={result.ok ? 'status' : 'alert'}>
            {result.message}
          </Alert>
        )}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          value={values.currentPassword}
          onChange={(e) => set('currentPassword', e.currentTarget.value)}
          error={errors.currentPassword}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={values.newPassword}
          onChange={(e) => set('newPassword', e.currentTarget.value)}
          error={errors.newPassword}
        />
        <PasswordChecklist password={values.newPassword} />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={values.confirmPassword}
          onChange={(e) => set('confirmPassword', e.currentTarget.value)}
          error={errors.confirmPassword}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
