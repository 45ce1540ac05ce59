import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { AUTH_MESSAGES } from '@fourfour/shared/auth-rules';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useForgotPassword } from './api/forgot-password.ts';
import { AuthCard } from './components/auth-card.tsx';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const forgot = useForgotPassword();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      setFieldError(AUTH_MESSAGES.emailRequired);
      return;
    }
    setOutcome(null);
    try {
      await forgot.mutateAsync(trimmed);
      setOutcome('sent');
    } catch {
      setOutcome('failed');
    }
  }

  return (
    <AuthCard
      title="Forgot password"
      lead="Enter the email of your account and we will send you a link to choose a new password."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {outcome === 'sent' && (
            <Alert color="teal" variant="light" role="status">
              {AUTH_MESSAGES.forgotSent}
            </Alert>
          )}
          {outcome === 'failed' && (
            <Alert color="red" variant="light" role="alert">
              {AUTH_MESSAGES.forgotFailed}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setFieldError(undefined);
            }}
            error={fieldError}
          />
          <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
            Send reset link
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/login" size="sm">
              Back to log in
            </Anchor>
            <Anchor component={Link} to="/register" size="sm">
              Create an account
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
