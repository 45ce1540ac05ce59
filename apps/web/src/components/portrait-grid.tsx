import { AspectRatio, Box, Image, Modal, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import classes from './portrait-grid.module.css';

export interface Portrait {
  id: number;
  name: string;
  subtitle?: string | null;
  imageUrl: string | null;
  bio?: string | null;
  /** A line shown under the bio in the modal (the roster's contact line). */
  footnote?: string | null;
}

interface PortraitGridProps {
  items: Portrait[] | undefined;
  loading: boolean;
  skeletons: number;
  emptyText: string;
  /** Accessible name of the grid, e.g. "DJs". */
  label: string;
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

function PortraitImage({ item }: { item: Portrait }) {
  return item.imageUrl ? (
    <Image src={item.imageUrl} alt="" className={classes.image} />
  ) : (
    <div className={classes.fallback} aria-hidden="true">
      {initialsOf(item.name)}
    </div>
  );
}

/** A grid of portraits (roster, team); a click opens the person's card. Escape or a click outside closes it. */
export function PortraitGrid({ items, loading, skeletons, emptyText, label }: PortraitGridProps) {
  const [open, setOpen] = useState<Portrait | null>(null);

  if (loading) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} role="status" aria-busy="true" aria-label={`Loading ${label}`}>
        {Array.from({ length: skeletons }, (_, i) => `skeleton-${i}`).map((key) => (
          <Stack key={key} gap={8} data-testid="portrait-skeleton">
            <Skeleton radius="lg" className={classes.skeleton} />
            <Skeleton height={14} width="70%" />
          </Stack>
        ))}
      </SimpleGrid>
    );
  }
  if (!items || items.length === 0) return <Text c="dimmed">{emptyText}</Text>;

  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} component="ul" className={classes.list} aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>
            <UnstyledButton className={classes.card} onClick={() => setOpen(item)} aria-haspopup="dialog">
              <AspectRatio ratio={4 / 5} className={classes.frame}>
                <PortraitImage item={item} />
              </AspectRatio>
              <Box p="sm">
                <Text fw={700} lineClamp={1}>
                  {item.name}
                </Text>
                {item.subtitle && (
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {item.subtitle}
                  </Text>
                )}
              </Box>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open?.name}
        centered
        radius="lg"
        size="lg"
        classNames={{ title: classes.modalTitle }}
      >
        {open && (
          <Stack gap="md">
            <AspectRatio ratio={1} maw={320} mx="auto" w="100%" className={classes.frame}>
              <PortraitImage item={open} />
            </AspectRatio>
            {open.subtitle && (
              <Text fw={600} c="magenta.3">
                {open.subtitle}
              </Text>
            )}
            {open.bio && <Text style={{ whiteSpace: 'pre-line' }}>{open.bio}</Text>}
            {open.footnote && (
              <Text size="sm" c="dimmed" fs="italic">
                {open.footnote}
              </Text>
            )}
          </Stack>
        )}
      </Modal>
    </>
  );
}
