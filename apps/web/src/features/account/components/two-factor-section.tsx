import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCopy, IconShieldCheck } from '@tabler/icons-react';
import type { TwoFactorSetup } from '@fourfour/shared/auth';
import { AUTH_MESSAGES, normaliseTotpInput } from '@fourfour/shared/auth-rules';
import { PASSWORD_MAX, TOTP_DIGITS } from '@fourfour/shared/constants';
import { type FormEvent, useState } from 'react';
import { isApiError, serverMessageOf } from '../../../lib/api-client.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useEnableTwoFactor } from '../api/enable-two-factor.ts';
import { useSetupTwoFactor } from '../api/setup-two-factor.ts';
import { useTwoFactorStatus } from '../api/two-factor-status.ts';

function CodeInput({
  value,
  onChange,
  label = 'Code from your app',
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
}) {
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={TOTP_DIGITS}
      placeholder="123456"
      value={value}
      onChange={(e) => onChange(normaliseTotpInput(e.currentTarget.value))}
      styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
      maw={220}
    />
  );
}

/** A wrong password is shown under the password field instead of in the alert (the code keeps the spec's alert). */
const fieldMessageOf = (error: unknown, field: 'password') =>
  isApiError(error) ? error.fieldMessage(field) : undefined;

/** Failures show the spec's words first, then what the server said (unless a field shows it). */
function FailureAlert({ title, error }: { title: string; error: unknown }) {
  if (fieldMessageOf(error, 'password')) return null;
  const detail = serverMessageOf(error);
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {detail && detail !== title ? detail : null}
    </Alert>
  );
}

/**
 * The body of the account page's two-factor card (loaded after the page): disabled → setup (QR and
 * secret) → on with a current code and the password; off with both.
 */
export function TwoFactorPanel() {
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  async function onSetup() {
    setNotice(null);
    enable.reset();
    setPending(await setup.mutateAsync());
    setCode('');
    setPassword('');
  }

  async function onEnable(event: FormEvent) {
    event.preventDefault();
    if (code.length !== TOTP_DIGITS || !password) return;
    await enable.mutateAsync({ code, password }).then(
      (reply) => {
        setPending(null);
        setCode('');
        setPassword('');
        setNotice(reply.message);
      },
      () => setCode(''),
    );
  }

  async function onDisable(event: FormEvent) {
    event.preventDefault();
    if (code.length !== TOTP_DIGITS || !password) return;
    await disable.mutateAsync({ password, code }).then(
      (reply) => {
        setCode('');
        setPassword('');
        setNotice(reply.message);
      },
      () => setCode(''),
    );
  }

  const enabled = status.data?.enabled === true;
  return status.isPending ? (
    <Loader size="sm" aria-label="Loading two-factor status" />
  ) : status.isError ? (
    <Alert color="red" variant="light">
      {AUTH_MESSAGES.accountLoadFailed}
    </Alert>
  ) : (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={600}>Status:</Text>
        <Badge
          color={enabled ? 'teal' : 'gray'}
          variant="light"
          leftSection={enabled ? <IconShieldCheck size={14} /> : null}
          data-testid="two-factor-status"
        >
          {enabled ? 'On' : 'Off'}
        </Badge>
      </Group>
      {notice && (
        <Alert color="teal" variant="light" role="status">
          {notice}
        </Alert>
      )}

      {!enabled && !pending && (
        <Group>
          <Button onClick={onSetup} loading={setup.isPending}>
            Set up two-factor
          </Button>
        </Group>
      )}
      {setup.isError && <FailureAlert title={AUTH_MESSAGES.enableFailed} error={setup.error} />}

      {!enabled && pending && (
        <form onSubmit={onEnable} noValidate>
          <Stack gap="md">
            <Text size="sm">1. Scan this QR code with your authenticator app, or type the secret in.</Text>
            <Group align="flex-start" gap="lg" wrap="wrap">
              <Image
                src={`data:image/png;base64,${pending.qrBase64}`}
                alt="QR code for your authenticator app"
                w={180}
                h={180}
                radius="md"
                bg="white"
              />
              <Stack gap={6} style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Text size="xs" tt="uppercase" fw={700} c="dark.2">
                  Secret
                </Text>
                <Code block data-testid="totp-secret" style={{ wordBreak: 'break-all', fontSize: 15 }}>
                  {pending.secretBase32}
                </Code>
                <CopyButton value={pending.secretBase32}>
                  {({ copied, copy }) => (
                    <Button
                      variant="light"
                      size="xs"
                      leftSection={<IconCopy size={14} />}
                      onClick={copy}
                      w="fit-content"
                    >
                      {copied ? 'Copied' : 'Copy secret'}
                    </Button>
                  )}
                </CopyButton>
              </Stack>
            </Group>
            <Text size="sm">2. Enter the 6-digit code the app shows and your password to turn two-factor on.</Text>
            <CodeInput value={code} onChange={setCode} />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldMessageOf(enable.error, 'password')}
              maw={320}
            />
            {enable.isError && <FailureAlert title={AUTH_MESSAGES.enableFailed} error={enable.error} />}
            <Group>
              <Button type="submit" loading={enable.isPending} disabled={code.length !== TOTP_DIGITS || !password}>
                Enable
              </Button>
              <Button variant="subtle" color="gray" onClick={() => setPending(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {enabled && (
        <form onSubmit={onDisable} noValidate>
          <Stack gap="md" maw={440}>
            <Text size="sm">To turn two-factor off, confirm with your password and a current code.</Text>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldMessageOf(disable.error, 'password')}
            />
            <CodeInput value={code} onChange={setCode} />
            {disable.isError && <FailureAlert title={AUTH_MESSAGES.disableFailed} error={disable.error} />}
            <Group>
              <Button
                type="submit"
                color="red"
                variant="light"
                loading={disable.isPending}
                disabled={code.length !== TOTP_DIGITS || !password}
              >
                Disable
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
