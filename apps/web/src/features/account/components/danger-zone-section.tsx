import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { AUTH_MESSAGES, isDeleteConfirmed } from '@fourfour/shared/auth';
import { useState } from 'react';
import { useDeleteAccount } from '../api/delete-account.ts';
import { AccountSection } from './account-section.tsx';

export function DangerZoneSection() {
  const [opened, dialog] = useDisclosure(false);
  const [typed, setTyped] = useState('');
  const [ticked, setTicked] = useState(false);
  const [failed, setFailed] = useState(false);
  const remove = useDeleteAccount();

  const close = () => {
    dialog.close();
    setTyped('');
    setTicked(false);
    setFailed(false);
  };

  async function onDelete() {
    if (!isDeleteConfirmed(typed, ticked)) return;
    setFailed(false);
    try {
      await remove.mutateAsync();
    } catch {
      setFailed(true);
      return;
    }
    // A full load of the home page: it starts signed out (the server ended every session and
    // cleared the refresh cookie) with nothing of the account left in memory. Clearing the session
    // in place and then navigating raced: the account page's guard, re-rendered first, could send
    // the browser to /login instead (seen in CI).
    window.location.replace('/');
  }

  return (
    <AccountSection id="danger-zone" title="Danger zone" danger>
      <Text size="sm">
        Deleting your account signs you out everywhere and removes your personal details. This cannot be undone.
      </Text>
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
          {failed && (
            <Alert color="red" variant="light" role="alert">
              {AUTH_MESSAGES.deleteFailed}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={onDelete}
              loading={remove.isPending}
              disabled={!isDeleteConfirmed(typed, ticked)}
            >
              Delete my account
            </Button>
          </Group>
        </Stack>
      </Modal>
    </AccountSection>
  );
}
