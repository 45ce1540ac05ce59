import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { AUTH_MESSAGES, normaliseVerificationCode } from '@fourfour/shared/auth-rules';
import { RESEND_COOLDOWN_SECONDS, VERIFICATION_CODE_LENGTH, VERIFY_REDIRECT_MS } from '@fourfour/shared/constants';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useResendCode } from './api/resend-code.ts';
import { useVerifyEmail } from './api/verify-email.ts';
import { isPositiveMessage } from './auth-form-rules.ts';
import { AuthCard } from './components/auth-card.tsx';

export function VerifyPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = location.state as { email?: unknown; codeSent?: unknown } | null;
  const initialEmail = params.get('email') ?? (typeof state?.email === 'string' ? state.email : '');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  // Just registered: a code was sent a moment ago, so the countdown starts at once.
  const [cooldown, setCooldown] = useState(state?.codeSent === true ? RESEND_COOLDOWN_SECONDS : 0);
  const [done, setDone] = useState(false);
  const verify = useVerifyEmail();
  const resend = useResendCode();

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => navigate('/login', { replace: true, state: { email: email.trim() } }),
      VERIFY_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate, email]);

  async function onVerify(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !code) return;
    setMessage(null);
    try {
      const reply = await verify.mutateAsync({ email: email.trim(), code });
      setMessage(reply?.message || AUTH_MESSAGES.verifySuccessDefault);
      setDone(true);
    } catch (err) {
      setMessage(serverMessageOf(err) ?? AUTH_MESSAGES.verifyFailed);
    }
  }

  async function onResend() {
    setMessage(null);
    try {
      const reply = await resend.mutateAsync(email.trim());
      setMessage(reply?.message || AUTH_MESSAGES.resendSuccess);
      setCooldown(RESEND_COOLDOWN_SECONDS);
    } catch (err) {
      setMessage(serverMessageOf(err) ?? AUTH_MESSAGES.resendFailed);
      const wait = (err as { body?: { retryAfterSeconds?: unknown } }).body?.retryAfterSeconds;
      if (typeof wait === 'number' && wait > 0) setCooldown(Math.min(wait, RESEND_COOLDOWN_SECONDS));
    }
  }

  const resendDisabled = resend.isPending || cooldown > 0 || !email.trim();

  return (
    <AuthCard
      title="Verify your email"
      lead="We emailed you an 8-character code. Enter it below to activate your account."
    >
      <form onSubmit={onVerify} noValidate>
        <Stack gap="md">
          {message && (
            <Alert
              color={isPositiveMessage(message) ? 'teal' : 'yellow'}
              variant="light"
              role="status"
              data-testid="verify-message"
            >
              {message}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <TextInput
            label="Verification code"
            required
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={VERIFICATION_CODE_LENGTH + 4}
            value={code}
            onChange={(e) => setCode(normaliseVerificationCode(e.currentTarget.value))}
            styles={{ input: { letterSpacing: '0.25em', fontFamily: 'ui-monospace, monospace', fontSize: 18 } }}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={verify.isPending}
            disabled={!email.trim() || !code || done}
          >
            Verify
          </Button>
          <Group justify="center">
            <Button variant="subtle" onClick={onResend} disabled={resendDisabled} loading={resend.isPending}>
              {cooldown > 0 ? `Resend in ${cooldown}s` : 'Resend verification code'}
            </Button>
          </Group>
          <Text size="sm" ta="center" c="dimmed">
            Already verified?{' '}
            <Anchor component={Link} to="/login">
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
