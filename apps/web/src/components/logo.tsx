import { Group, Text } from '@mantine/core';

/** Four bars, four beats: the FourFour mark. Decorative; the wordmark carries the name. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1d1929" />
      <g fill="#f23ad9">
        <rect x="12" y="14" width="7" height="36" rx="3" />
        <rect x="23" y="22" width="7" height="28" rx="3" />
        <rect x="34" y="14" width="7" height="36" rx="3" />
        <rect x="45" y="22" width="7" height="28" rx="3" />
      </g>
    </svg>
  );
}

export function Logo() {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark />
      <Text component="span" fw={900} fz={22} lts={-0.5} c="white" style={{ whiteSpace: 'nowrap' }}>
        Four
        <Text component="span" inherit c="magenta.4">
          Four
        </Text>
      </Text>
    </Group>
  );
}
