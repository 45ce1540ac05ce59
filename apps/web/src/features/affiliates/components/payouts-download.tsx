import { shiftMonth } from '@fourfour/shared/affiliates';
import { EXPORT_MESSAGES, PayoutsCsvQuery } from '@fourfour/shared/order-exports';
import { Button, Group, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessageOf } from '../../../lib/api-client.ts';
import { useDownloadPayouts } from '../api/download-payouts.ts';
import { currentLondonMonth } from '../sales-period.ts';

/**
 * The MASTER's "Payouts CSV": every affiliate's tickets, commission and bonus for a month (the last
 * finished one by default), as the statistics count them.
 */
export function PayoutsDownload() {
  const [month, setMonth] = useState(() => shiftMonth(currentLondonMonth(), -1));
  const download = useDownloadPayouts();
  const invalid = !PayoutsCsvQuery.safeParse({ month }).success;
  const error = invalid
    ? EXPORT_MESSAGES.month
    : download.isError
      ? (serverMessageOf(download.error) ?? EXPORT_MESSAGES.downloadFailed)
      : undefined;
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        type="month"
        label="Payout month"
        value={month}
        onChange={(e) => setMonth(e.currentTarget.value)}
        error={error}
        w={180}
      />
      <Button
        mt={25}
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={download.isPending}
        disabled={invalid}
        onClick={() => download.mutate(month)}
      >
        {EXPORT_MESSAGES.payoutsLabel}
      </Button>
    </Group>
  );
}
