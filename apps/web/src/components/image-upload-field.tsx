import { adminImageProblem, UPLOAD_MESSAGES, type UploadFolder } from '@fourfour/shared/content';
import { Avatar, Button, CloseButton, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessageOf } from '../lib/api-client.ts';
import { uploadImage } from '../lib/upload-image.ts';

interface ImageUploadFieldProps {
  label: string;
  folder: UploadFolder;
  /** The uploaded image's public URL, or null. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Told while an upload runs, so the form can wait for it. */
  onBusyChange?: (busy: boolean) => void;
}

/** Picks an image, checks it (image, 6MB), uploads it at once and keeps its public URL. */
export function ImageUploadField({ label, folder, value, onChange, onBusyChange }: ImageUploadFieldProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = adminImageProblem(file);
    setError(problem);
    if (problem) return;
    setBusy(true);
    onBusyChange?.(true);
    try {
      onChange((await uploadImage(file, folder)).publicUrl);
    } catch (err) {
      setError(serverMessageOf(err) ?? UPLOAD_MESSAGES.failed);
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  };

  return (
    <Stack gap={6}>
      <Input.Label>{label}</Input.Label>
      <Group gap="sm">
        <Avatar src={value} size={64} radius="md" alt={value ? `${label} preview` : undefined} />
        <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp,image/avif,image/gif">
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              disabled={busy}
              leftSection={<IconPhotoUp size={16} aria-hidden="true" />}
            >
              {busy ? 'Uploading…' : value ? 'Replace image' : 'Upload image'}
            </Button>
          )}
        </FileButton>
        {value && !busy && (
          <CloseButton aria-label={`Remove the ${label.toLowerCase()}`} onClick={() => onChange(null)} />
        )}
      </Group>
      {error && (
        <Text size="sm" c="red.5" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
