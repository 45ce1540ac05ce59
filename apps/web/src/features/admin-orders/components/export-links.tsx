import { EXPORT_KINDS, EXPORT_LABELS, EXPORT_MESSAGES, type ExportKind } from '@fourfour/shared/order-exports';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessageOf } from '../../../lib/api-client.ts';
import { useDownloadEventExport } from '../api/download-event-export.ts';

/**
 * "Orders CSV", "Attendees CSV", "Scans CSV" for one event (issue 21): each downloads the file with
 * the signed-in session (a plain link would not carry the access token) under the server's name.
 */
export function ExportLinks({ eventId }: { eventId: number }) {
  const download = useDownloadEventExport();
  const [current, setCurrent] = useState<ExportKind | null>(null);
  const start = (kind: ExportKind) => {
    setCurrent(kind);
    download.mutate({ eventId, kind });
  };
  return (
    <div>
      <Group gap="xs" wrap="wrap">
        {EXPORT_KINDS.map((kind) => (
          <Button
            key={kind}
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending && current === kind}
            disabled={download.isPending && current !== kind}
            onClick={() => start(kind)}
          >
            {EXPORT_LABELS[kind]}
          </Button>
        ))}
      </Group>
      {download.isError && (
        <Text c="red" size="sm" role="alert" mt={4}>
          {serverMessageOf(download.error) ?? EXPORT_MESSAGES.downloadFailed}
        </Text>
      )}
    </div>
  );
}
