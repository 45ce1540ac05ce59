import { CONTENT_MESSAGES, signedOutMessage } from '@fourfour/shared/content';
import { Badge, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AdminPortraitList, PortraitFields } from '../../components/admin-portrait-editor.tsx';
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
            <PortraitFields
              draft={draft}
              onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
              imageLabel="Image"
              folder="team"
              blurbLabel="Blurb"
              activeLabel="Active (shown on the team page)"
              submitLabel="Save member"
              saving={create.isPending}
              uploading={uploading}
              onUploadingChange={setUploading}
            />
          </Stack>
        </Paper>

        <AdminPortraitList
          heading="Team members"
          message={message}
          loadError={loadError}
          loading={list.isPending}
          entries={list.data}
          emptyText={CONTENT_MESSAGES.teamEmpty}
          details={(member) => (
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
          )}
          onDelete={del}
          deleting={remove.isPending}
        />
      </Stack>
    </Container>
  );
}
