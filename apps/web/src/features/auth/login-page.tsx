import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import { AUTH_MESSAGES, normaliseTotpInput } from '@fourfour/shared/auth-rules';
import { PASSWORD_MAX, TOTP_DIGITS } from '@fourfour/shared/constants';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { redirectTargetFrom } from '../../lib/auth-session.ts';
import { setSession } from '../../lib/session.ts';
import { useLogin } from './api/login.ts';
import { AuthCard } from './components/auth-card.tsx';
import { LOGIN_CARD } from './login-first-view.tsx';

/** A reply that means "verify your email first" (spec 01 §8). */
function needsVerification(error: unknown, message: string): boolean {
  const body = isApiError(error) ? (error.body as { needsEmailVerification?: unknown } | undefined) : undefined;
  return body?.needsEmailVerification === true || /verify your email|not verified/i.test(message);
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const prefill = (location.state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof prefill === 'string' ? prefill : '');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [showTotp, setShowTotp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const totpRef = useRef<HTMLInputElement>(null);
  const login = useLogin();

  // Submit is disabled while a partial code (1-5 digits) is typed.
  const partialTotp = showTotp && totp.length > 0 && totp.length < TOTP_DIGITS;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const trimmed = email.trim();
    const errors = {
      email: trimmed ? undefined : AUTH_MESSAGES.emailRequired,
      password: password ? undefined : AUTH_MESSAGES.passwordRequired,
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;

    const body = {
      email: trimmed,
      password,
      ...(showTotp && totp.length === TOTP_DIGITS ? { totp } : {}),
    };
    try {
      // The answer is checked against the shared LoginResponse's shape: a token and the user, or an error.
      const reply = await login.mutateAsync(body);
      setSession(reply.accessToken, reply.user);
      navigate(redirectTargetFrom(location.state), { replace: true });
    } catch (err) {
      if (!isApiError(err)) {
        // A 2xx answer without a token or user (spec 01 §8: a reply without a token is an error).
        setPassword('');
        setError(AUTH_MESSAGES.loginNoToken);
        return;
      }
      const message =
        isApiError(err) && err.isNetworkError
          ? AUTH_MESSAGES.networkError
          : (serverMessageOf(err) ?? AUTH_MESSAGES.loginFailed);
      if (isApiError(err) && err.code === 'TOTP_REQUIRED') {
        // Not a failure: the second step. The password stays so only the code is needed.
        setShowTotp(true);
        setPrompt(message);
        window.setTimeout(() => totpRef.current?.focus(), 0);
        return;
      }
      if (needsVerification(err, message)) {
        navigate(`/verify?email=${encodeURIComponent(trimmed)}`, { state: { email: trimmed } });
        return;
      }
      setPassword('');
      setError(message);
    }
  }

  return (
    <AuthCard {...LOGIN_CARD}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              role="alert"
              data-testid="login-error"
            >
              {error}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldErrors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
          />
          {showTotp && (
            <Stack gap={6}>
              {prompt && (
                <Alert color="magenta" variant="light" icon={<IconShieldLock size={18} />} data-testid="totp-prompt">
                  {prompt}
                </Alert>
              )}
              <TextInput
                ref={totpRef}
                label="Two-factor code"
                description="The 6-digit code from your authenticator app."
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={TOTP_DIGITS}
                value={totp}
                onChange={(e) => setTotp(normaliseTotpInput(e.currentTarget.value))}
                styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
              />
            </Stack>
          )}
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={login.isPending} disabled={partialTotp}>
            Log in
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            New here?{' '}
            <Anchor component={Link} to="/register">
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
