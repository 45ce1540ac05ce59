import { EVENT_MESSAGES } from '@fourfour/shared/events';
import { AspectRatio, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

export interface ArtworkFieldProps {
  maxBytes: number;
  tooLargeMessage: string;
  /** The event's artwork URL now (edit), or null (create). */
  currentUrl: string | null;
  hasCustomImage: boolean;
  file: File | null;
  onFile(file: File | null): void;
  /** Edit: the current artwork is to be removed (sent as imageUrl REMOVE). */
  removed: boolean;
  onRemovedChange(removed: boolean): void;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** Choose, preview, clear and (on edit) remove an event's artwork. */
export function ArtworkField(props: ArtworkFieldProps) {
  const { file, onFile, currentUrl, hasCustomImage, removed, onRemovedChange } = props;
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null) => {
    setProblem(null);
    if (!chosen) return;
    if (!chosen.type.startsWith('image/') || chosen.type === 'image/svg+xml') {
      setProblem(EVENT_MESSAGES.notAnImage);
      return;
    }
    if (chosen.size > props.maxBytes) {
      setProblem(props.tooLargeMessage);
      return;
    }
    onFile(chosen);
    onRemovedChange(false);
  };

  const shown = preview ?? (removed || !currentUrl ? null : currentUrl);
  return (
    <Stack gap="sm">
      {shown ? (
        <AspectRatio ratio={16 / 9} maw={420}>
          <Image src={shown} alt="Artwork preview" radius="md" />
        </AspectRatio>
      ) : (
        <Text size="sm" c="dimmed">
          {removed
            ? 'The artwork will be removed; a default poster will be shown.'
            : 'No artwork chosen: a default poster with the title is shown.'}
        </Text>
      )}
      <Group gap="sm">
        <FileButton onChange={choose} accept={ACCEPT}>
          {(p) => (
            <Button {...p} variant="light" leftSection={<IconPhotoUp size={16} />}>
              {file ? 'Choose another image' : 'Upload image'}
            </Button>
          )}
        </FileButton>
        {file && (
          <Button variant="default" leftSection={<IconX size={16} />} onClick={() => onFile(null)}>
            Clear
          </Button>
        )}
        {hasCustomImage && !file && !removed && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => onRemovedChange(true)}
          >
            Remove image
          </Button>
        )}
        {removed && (
          <Button variant="subtle" onClick={() => onRemovedChange(false)}>
            Keep current image
          </Button>
        )}
      </Group>
      {file && (
        <Text size="xs" c="dimmed">
          {file.name} ({(file.size / 1024 / 1024).toFixed(1)} MB)
        </Text>
      )}
      <Text size="xs" c="dimmed">
        JPEG, PNG, WebP, AVIF or GIF, up to {Math.round(props.maxBytes / 1024 / 1024)} MB.
      </Text>
      {problem && (
        <Text size="sm" c="red.4" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
