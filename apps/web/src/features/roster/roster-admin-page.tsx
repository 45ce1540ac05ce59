import {
  CONTENT_MESSAGES,
  ROSTER_CONTACT_LINE,
  type RosterCategory,
  rosterUploadFolder,
  signedOutMessage,
} from '@fourfour/shared/content';
import { Alert, Badge, Container, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { AdminPortraitList, PortraitFields } from '../../components/admin-portrait-editor.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { useCreateRosterEntry } from './api/create-roster-entry.ts';
import { useDeleteRosterEntry } from './api/delete-roster-entry.ts';
import { useAdminRoster } from './api/get-admin-roster.ts';

const CATEGORY_OPTIONS = [
  { value: 'DJ', label: 'DJ' },
  { value: 'INFLUENCER', label: 'Influencer' },
];

interface Draft {
  name: string;
  imageUrl: string | null;
  blurb: string;
  active: boolean;
}
const EMPTY: Draft = { name: '', imageUrl: null, blurb: '', active: true };

/** /admin/roster: add, list and delete DJs and creators. */
export function RosterAdminPage() {
  const [category, setCategory] = useState<RosterCategory>('DJ');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const list = useAdminRoster(category);
  const create = useCreateRosterEntry();
  const remove = useDeleteRosterEntry();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    // The spec: a blank name is silently ignored.
    if (!draft.name.trim()) return;
    setMessage(null);
    try {
      const entry = await create.mutateAsync({
        name: draft.name,
        imageUrl: draft.imageUrl,
        blurb: draft.blurb,
        active: draft.active,
        category,
      });
      setDraft(EMPTY);
      setMessage({ ok: true, text: `${entry.name} was added.` });
    } catch (error) {
      setMessage({ ok: false, text: serverMessageOf(error) ?? CONTENT_MESSAGES.entrySaveFailed });
    }
  };
  const del = async (id: number) => {
    setMessage(null);
    try {
      await remove.mutateAsync(id);
    } catch (error) {
      setMessage({ ok: false, text: serverMessageOf(error) ?? CONTENT_MESSAGES.entryDeleteFailed });
    }
  };

  const loadError = list.isError
    ? isApiError(list.error) && list.error.status === 401
      ? signedOutMessage('manage the roster')
      : CONTENT_MESSAGES.rosterLoadFailed
    : null;

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <PageTitle title="Roster admin" />
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Roster admin</Title>
          <Text c="dimmed">DJs and creators shown on the talent roster.</Text>
        </Stack>
        <SegmentedControl
          aria-label="Category"
          data={CATEGORY_OPTIONS}
          value={category}
          onChange={(value) => {
            setCategory(value as RosterCategory);
            setDraft((d) => ({ ...d, imageUrl: null }));
          }}
          fullWidth
          maw={360}
        />

        <Paper component="form" onSubmit={save} p={{ base: 'md', sm: 'lg' }} radius="lg" withBorder noValidate>
          <Stack gap="md">
            <Title order={2} fz="h3">
              Add {category === 'DJ' ? 'a DJ' : 'an influencer'}
            </Title>
            <TextInput
              label="Name"
              required
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            />
            <PortraitFields
              draft={draft}
              onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
              imageLabel="Portrait"
              folder={rosterUploadFolder(category)}
              blurbLabel="Bio"
              activeLabel="Active (shown on the roster)"
              submitLabel="Save entry"
              saving={create.isPending}
              uploading={uploading}
              onUploadingChange={setUploading}
            >
              <Alert variant="light" color="violet" icon={<IconInfoCircle aria-hidden="true" />}>
                {CONTENT_MESSAGES.contactLineNote} It reads: “{ROSTER_CONTACT_LINE}”
              </Alert>
            </PortraitFields>
          </Stack>
        </Paper>

        <AdminPortraitList
          heading={category === 'DJ' ? 'DJs' : 'Influencers'}
          message={message}
          loadError={loadError}
          loading={list.isPending}
          entries={list.data}
          emptyText={CONTENT_MESSAGES.rosterEmpty}
          details={(entry) => (
            <Badge color={entry.active ? 'teal' : 'gray'} variant="light" size="sm">
              {entry.active ? 'Active' : 'Hidden'}
            </Badge>
          )}
          onDelete={del}
          deleting={remove.isPending}
          entryTestId="roster-admin-entry"
        />
      </Stack>
    </Container>
  );
}
