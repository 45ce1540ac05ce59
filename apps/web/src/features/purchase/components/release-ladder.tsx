import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { formatDateTime, formatGbp } from '../../../lib/format.ts';
import type { LadderRow } from '../release-rules.ts';

/** What a release's line says under its name. */
function statusOf({ release, role }: LadderRow, currentName: string | undefined): string {
  const opens = release.salesStart ? `Opens ${formatDateTime(release.salesStart)}` : null;
  switch (role) {
    case 'current':
      return `On sale now · ${release.remaining} left`;
    case 'next':
      return release.state === 'UPCOMING'
        ? (opens ?? 'Opens soon')
        : currentName
          ? `Opens when ${currentName} sells out`
          : 'On sale';
    case 'sold-out':
      return 'Sold out';
    case 'ended':
      return 'Sales ended';
    case 'upcoming':
      return opens ?? 'Opens soon';
    case 'members-only':
      return release.state === 'UPCOMING' && opens ? opens : 'For members only';
    default:
      return `${release.remaining} left`;
  }
}

/** "MIDDLE members and above" (HEADLINER is the top tier: "HEADLINER members"). */
const membersLabel = (tier: string) => (tier === 'HEADLINER' ? 'HEADLINER members' : `${tier} members and above`);

/**
 * One ticket type's releases in order (issue 20): sold-out ones struck through, the current one
 * highlighted, the next one marked, upcoming ones with their start, members-only ones with their tier,
 * and the ones the buyer's presale code opened marked as such.
 */
export function ReleaseLadder({ label, rows }: { label: string; rows: LadderRow[] }) {
  const currentName = rows.find((r) => r.role === 'current')?.release.name;
  return (
    <Stack
      component="ol"
      gap={6}
      aria-label={`${label} releases`}
      data-testid="release-ladder"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {rows.map((row) => {
        const { release, role } = row;
        const isCurrent = role === 'current';
        const isPast = role === 'sold-out' || role === 'ended';
        return (
          <Box
            component="li"
            key={release.id}
            data-testid="release"
            data-role={role}
            aria-current={isCurrent ? 'true' : undefined}
            px="sm"
            py={8}
            bd={isCurrent ? '1px solid magenta.4' : '1px solid dark.4'}
            bg={isCurrent ? 'var(--mantine-color-magenta-light)' : undefined}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text
                    size="sm"
                    fw={isCurrent ? 700 : 600}
                    c={isPast ? 'dark.2' : undefined}
                    td={role === 'sold-out' ? 'line-through' : undefined}
                  >
                    {release.name}
                  </Text>
                  {isCurrent && (
                    <Badge size="xs" variant="filled">
                      Now
                    </Badge>
                  )}
                  {role === 'next' && (
                    <Badge size="xs" variant="outline" color="gray">
                      Next
                    </Badge>
                  )}
                  {row.unlocked && (
                    <Badge size="xs" variant="light" color="teal">
                      Unlocked by your code
                    </Badge>
                  )}
                  {release.membersOnlyTier && (
                    <Badge size="xs" variant="light" color="grape">
                      {membersLabel(release.membersOnlyTier)}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c={isCurrent ? 'dark.0' : 'dark.2'}>
                  {statusOf(row, currentName)}
                </Text>
              </Stack>
              <Text
                size="sm"
                fw={700}
                c={isPast ? 'dark.2' : undefined}
                td={role === 'sold-out' ? 'line-through' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {role === 'next' ? `next ${formatGbp(release.price)}` : formatGbp(release.price)}
              </Text>
            </Group>
          </Box>
        );
      })}
    </Stack>
  );
}
