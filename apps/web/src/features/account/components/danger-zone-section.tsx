import { Alert, Button, Checkbox, Group, List, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { AUTH_MESSAGES, isDeleteConfirmed, normaliseTotpInput } from '@fourfour/shared/auth-rules';
import { PASSWORD_MAX, TOTP_DIGITS } from '@fourfour/shared/constants';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useTwoFactorStatus } from '../api/two-factor-status.ts';

type ProofErrors = { password?: string; code?: string };

/**
 * The danger zone's Delete account button and its dialog (loaded after the page; the card and its
 * warning are the page's).
 */
export function DeleteAccountPanel() {
  const [opened, dialog] = useDisclosure(false);
  const [typed, setTyped] = useState('');
  const [ticked, setTicked] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<ProofErrors>({});
  const [failed, setFailed] = useState(false);
  const remove = useDeleteAccount();
  // With 2FA on, the server also asks for a current code (issue 16: a stolen session is not enough).
  const needsCode = useTwoFactorStatus().data?.enabled === true;
  const ready = isDeleteConfirmed(typed, ticked) && password.length > 0 && (!needsCode || code.length === TOTP_DIGITS);

  const close = () => {
    dialog.close();
    setTyped('');
    setTicked(false);
    setPassword('');
    setCode('');
    setErrors({});
    setFailed(false);
  };

  async function onDelete() {
    if (!ready) return;
    setFailed(false);
    setErrors({});
    try {
      await remove.mutateAsync({ password, ...(needsCode ? { code } : {}) });
    } catch (err) {
      const proof: ProofErrors = isApiError(err)
        ? { password: err.fieldMessage('password'), code: err.fieldMessage('code') }
        : {};
      if (proof.password || proof.code) {
        setErrors(proof);
        setCode('');
      } else setFailed(true);
      return;
    }
    // A full load of the home page: it starts signed out (the server ended every session and
    // cleared the refresh cookie) with nothing of the account left in memory. Clearing the session
    // in place and then navigating raced: the account page's guard, re-rendered first, could send
    // the browser to /login instead (seen in CI).
    window.location.replace('/');
  }

  return (
    <>
      <Group>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={dialog.open}>
          Delete account
        </Button>
      </Group>

      <Modal opened={opened} onClose={close} title="Delete your account?" radius="lg" centered>
        <Stack gap="md">
          <List size="sm" spacing={4}>
            <List.Item>Your email and username are removed and can be used again.</List.Item>
            <List.Item>A membership is cancelled at the end of the period already paid.</List.Item>
            <List.Item>Names on tickets are kept until the event has passed; payment records for six years.</List.Item>
          </List>
          <TextInput
            label="Type DELETE to confirm"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Checkbox
            label="I understand that this permanently deletes my account."
            checked={ticked}
            onChange={(e) => setTicked(e.currentTarget.checked)}
          />
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
          {needsCode && (
            <TextInput
              label="Code from your app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={TOTP_DIGITS}
              placeholder="123456"
              value={code}
              onChange={(e) => setCode(normaliseTotpInput(e.currentTarget.value))}
              error={errors.code}
              styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
              maw={220}
            />
          )}
          {failed && (
            <Alert color="red" variant="light" role="alert">
              {AUTH_MESSAGES.deleteFailed}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" onClick={onDelete} loading={remove.isPending} disabled={!ready}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
