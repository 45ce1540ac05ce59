import { CONTENT_MESSAGES, signedOutMessage } from '@fourfour/shared/content';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ImageUploadField } from '../../components/image-upload-field.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { useCreateTeamMember } from './api/create-team-member.ts';
import { useDeleteTeamMember } from './api/delete-team-member.ts';
import { useAdminTeam } from './api/get-admin-team.ts';

interface Draft {
  name: string;
  title: string;
  imageUrl: string | null;
  blurb: string;
  active: boolean;
}
const EMPTY: Draft = { name: '', title: '', imageUrl: null, blurb: '', active: true };

/** /admin/team: add, list and delete the people on the team page. */
export function TeamAdminPage() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [nameError, setNameError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const list = useAdminTeam();
  const create = useCreateTeamMember();
  const remove = useDeleteTeamMember();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!draft.name.trim()) {
      setNameError(CONTENT_MESSAGES.nameRequired);
      return;
    }
    setNameError(null);
    try {
      const member = await create.mutateAsync(draft);
      setDraft(EMPTY);
      setMessage({ ok: true, text: `${member.name} was added.` });
    } catch (error) {
      setMessage({ ok: false, text: serverMessageOf(error) ?? CONTENT_MESSAGES.memberSaveFailed });
    }
  };
  const del = async (id: number) => {
    setMessage(null);
    try {
      await remove.mutateAsync(id);
    } catch (error) {
      setMessage({ ok: false, text: serverMessageOf(error) ?? CONTENT_MESSAGES.memberDeleteFailed });
    }
  };

  const loadError = list.isError
    ? isApiError(list.error) && list.error.status === 401
      ? signedOutMessage('manage the team')
      : CONTENT_MESSAGES.teamLoadFailed
    : null;

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <PageTitle title="Team admin" />
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Team admin</Title>
          <Text c="dimmed">The people shown on the team page.</Text>
        </Stack>

        <Paper component="form" onSubmit={save} p={{ base: 'md', sm: 'lg' }} radius="lg" withBorder noValidate>
          <Stack gap="md">
            <Title order={2} fz="h3">
              Add a team member
            </Title>
            <TextInput
              label="Name"
              required
              value={draft.name}
              error={nameError}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            />
            <TextInput
              label="Title"
              placeholder="Head of A&R"
              value={draft.title}
              onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
            />
            <ImageUploadField
              label="Image"
              folder="team"
              value={draft.imageUrl}
              onChange={(imageUrl) => setDraft((d) => ({ ...d, imageUrl }))}
              onBusyChange={setUploading}
            />
            <Textarea
              label="Blurb"
              autosize
              minRows={3}
              value={draft.blurb}
              onChange={(e) => setDraft({ ...draft, blurb: e.currentTarget.value })}
            />
            <Checkbox
              label="Active (shown on the team page)"
              checked={draft.active}
              onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={create.isPending || uploading}>
                {create.isPending ? 'Saving…' : 'Save member'}
              </Button>
            </Group>
          </Stack>
        </Paper>

        {message && (
          <Alert color={message.ok ? 'teal' : 'red'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        )}

        <Stack gap="sm">
          <Title order={2} fz="h3">
            Team members
          </Title>
          {loadError && (
            <Alert color="red" role="alert">
              {loadError}
            </Alert>
          )}
          {list.isPending && [0, 1, 2].map((i) => <Skeleton key={i} height={72} radius="md" />)}
          {list.data?.length === 0 && <Text c="dimmed">{CONTENT_MESSAGES.teamEmpty}</Text>}
          {list.data?.map((member) => (
            <Card key={member.id} withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Avatar src={member.imageUrl} radius="md" size={48} alt="" />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {member.name}
                    </Text>
                    <Group gap={6}>
                      {member.title && (
                        <Text size="sm" c="dimmed" truncate>
                          {member.title}
                        </Text>
                      )}
                      {!member.active && (
                        <Badge color="gray" variant="light" size="sm">
                          Hidden
                        </Badge>
                      )}
                    </Group>
                  </div>
                </Group>
                <Button
                  color="red"
                  variant="subtle"
                  size="xs"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={() => del(member.id)}
                  disabled={remove.isPending}
                  aria-label={`Delete ${member.name}`}
                >
                  Delete
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}
