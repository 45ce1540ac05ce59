import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES, isStrongPassword } from '@fourfour/shared/auth-rules';
import { PASSWORD_MAX } from '@fourfour/shared/constants';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PasswordChecklist } from '../../components/password-checklist.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { useResetPassword } from './api/reset-password.ts';
import { AuthCard } from './components/auth-card.tsx';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const reset = useResetPassword();

  if (!token) {
    return (
      <AuthCard title="Reset password">
        <Alert color="yellow" variant="light" role="alert">
          {AUTH_MESSAGES.resetLinkMissing}
        </Alert>
        <Anchor component={Link} to="/forgot-password">
          Request a new reset email
        </Anchor>
      </AuthCard>
    );
  }

  const strong = isStrongPassword(password);
  const matches = password === confirm;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!strong || !matches) return;
    setError(null);
    try {
      await reset.mutateAsync({ token, newPassword: password });
      setDone(true);
    } catch (err) {
      setError(
        isApiError(err) && err.isNetworkError
          ? AUTH_MESSAGES.networkError
          : (serverMessageOf(err) ?? AUTH_MESSAGES.resetFailed),
      );
    }
  }

  if (done) {
    return (
      <AuthCard title="Reset password">
        <Alert color="teal" variant="light" role="status">
          {AUTH_MESSAGES.resetSuccess}
        </Alert>
        <Button component={Link} to="/login" size="md" fullWidth>
          Log in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" lead="Choose a new password for your account.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            onBlur={() => setTouched((t) => ({ ...t, password: true }))}
            error={touched.password && password && !strong ? AUTH_MESSAGES.resetPasswordRule : undefined}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the new password' }}
          />
          <PasswordChecklist password={password} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            onBlur={() => setTouched((t) => ({ ...t, confirm: true }))}
            error={touched.confirm && confirm && !matches ? AUTH_MESSAGES.passwordsMismatch : undefined}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the confirmation' }}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending} disabled={!strong || !matches}>
            Set new password
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            <Anchor component={Link} to="/login">
              Back to log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
