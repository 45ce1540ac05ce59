import type { UploadFolder } from '@fourfour/shared/content';
import { Alert, Avatar, Button, Card, Checkbox, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ImageUploadField } from './image-upload-field.tsx';

/** What the roster's and the team's admin forms share: a portrait, a text and the Active box. */
export interface PortraitDraft {
  imageUrl: string | null;
  blurb: string;
  active: boolean;
}

interface PortraitFieldsProps {
  draft: PortraitDraft;
  onChange: (patch: Partial<PortraitDraft>) => void;
  imageLabel: string;
  folder: UploadFolder;
  blurbLabel: string;
  activeLabel: string;
  submitLabel: string;
  saving: boolean;
  uploading: boolean;
  onUploadingChange: (busy: boolean) => void;
  /** Shown between the text and the Active box (the roster's contact-line note). */
  children?: ReactNode;
}

/** The portrait upload, the text, the Active box and the submit button of an admin portrait form. */
export function PortraitFields(props: PortraitFieldsProps) {
  const { draft, onChange } = props;
  return (
    <>
      <ImageUploadField
        label={props.imageLabel}
        folder={props.folder}
        value={draft.imageUrl}
        onChange={(imageUrl) => onChange({ imageUrl })}
        onBusyChange={props.onUploadingChange}
      />
      <Textarea
        label={props.blurbLabel}
        autosize
        minRows={3}
        value={draft.blurb}
        onChange={(e) => onChange({ blurb: e.currentTarget.value })}
      />
      {props.children}
      <Checkbox
        label={props.activeLabel}
        checked={draft.active}
        onChange={(e) => onChange({ active: e.currentTarget.checked })}
      />
      <Group justify="flex-end">
        <Button type="submit" disabled={props.saving || props.uploading}>
          {props.saving ? 'Saving…' : props.submitLabel}
        </Button>
      </Group>
    </>
  );
}

interface PortraitEntry {
  id: number;
  name: string;
  imageUrl: string | null;
}

interface AdminPortraitListProps<E extends PortraitEntry> {
  heading: string;
  /** The outcome of the last save or delete. */
  message: { ok: boolean; text: string } | null;
  loadError: string | null;
  loading: boolean;
  entries: E[] | undefined;
  emptyText: string;
  /** The line under the name (status badge, title). */
  details: (entry: E) => ReactNode;
  onDelete: (id: number) => void;
  deleting: boolean;
  entryTestId?: string;
}

/** The last action's outcome and the list of portraits with a Delete button each. */
export function AdminPortraitList<E extends PortraitEntry>(props: AdminPortraitListProps<E>) {
  const { message } = props;
  return (
    <>
      {message && (
        <Alert color={message.ok ? 'teal' : 'red'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      )}

      <Stack gap="sm">
        <Title order={2} fz="h3">
          {props.heading}
        </Title>
        {props.loadError && (
          <Alert color="red" role="alert">
            {props.loadError}
          </Alert>
        )}
        {props.loading && [0, 1, 2].map((i) => <Skeleton key={i} height={72} radius="md" />)}
        {props.entries?.length === 0 && <Text c="dimmed">{props.emptyText}</Text>}
        {props.entries?.map((entry) => (
          <Card key={entry.id} withBorder radius="md" padding="sm" data-testid={props.entryTestId}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar src={entry.imageUrl} radius="md" size={48} alt="" />
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {entry.name}
                  </Text>
                  {props.details(entry)}
                </div>
              </Group>
              <Button
                color="red"
                variant="subtle"
                size="xs"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={() => props.onDelete(entry.id)}
                disabled={props.deleting}
                aria-label={`Delete ${entry.name}`}
              >
                Delete
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
