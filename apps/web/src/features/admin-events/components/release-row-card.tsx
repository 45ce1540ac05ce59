import type { PaidTier, TicketType } from '@fourfour/shared/enums';
import type { AdminRelease } from '@fourfour/shared/releases';
import { ActionIcon, Badge, Box, Grid, Group, NativeSelect, NumberInput, Paper, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import type { DragEvent } from 'react';
import { RELEASE_STATE_BADGE, type ReleaseRowValues } from '../release-rows.ts';

const TYPE_OPTIONS = [
  { value: 'STANDARD', label: 'Standard' },
  { value: 'VIP', label: 'VIP' },
];
/** A members-only release is for that tier and the ones above it. */
const TIER_OPTIONS = [
  { value: '', label: 'Everyone' },
  { value: 'ENTRY', label: 'ENTRY and up' },
  { value: 'MIDDLE', label: 'MIDDLE and up' },
  { value: 'HEADLINER', label: 'HEADLINER' },
];

export interface ReleaseRowCardProps {
  row: ReleaseRowValues;
  /** 1-based place in its type's order. */
  position: number;
  /** The saved release's stock and state; absent for a new row. */
  saved?: AdminRelease;
  errors?: Partial<Record<keyof ReleaseRowValues, string>>;
  isFirst: boolean;
  isLast: boolean;
  disabled: boolean;
  onChange: (patch: Partial<Omit<ReleaseRowValues, 'key' | 'id'>>) => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
  /** Native drag and drop among the type's rows (the arrows do the same from the keyboard). */
  drag: {
    isDragged: boolean;
    isDropTarget: boolean;
    onDragStart: (e: DragEvent<HTMLElement>) => void;
    onDragOver: (e: DragEvent<HTMLElement>) => void;
    onDrop: (e: DragEvent<HTMLElement>) => void;
    onDragEnd: () => void;
  };
}

/** One release of the ladder: its fields, its stock, and the buttons that move or remove it. */
export function ReleaseRowCard({ row, position, saved, errors = {}, ...props }: ReleaseRowCardProps) {
  const { drag, onChange, disabled } = props;
  const hasSales = !!saved && saved.sold + saved.held > 0;
  const label = row.name.trim() || `new ${row.ticketType === 'VIP' ? 'VIP' : 'standard'} release`;
  const moveProps = (direction: -1 | 1, atEnd: boolean) => ({
    variant: 'default' as const,
    size: 'lg',
    // Stays focusable at either end (a disabled button would drop the keyboard's focus after a move).
    'data-disabled': atEnd || undefined,
    'aria-disabled': atEnd || undefined,
    onClick: () => !atEnd && !disabled && props.onMove(direction),
    'aria-label': `Move ${label} ${direction < 0 ? 'up' : 'down'}`,
  });

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      data-testid="release-row"
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      style={{
        opacity: drag.isDragged ? 0.5 : 1,
        borderColor: drag.isDropTarget ? 'var(--mantine-color-blue-5)' : undefined,
        borderWidth: drag.isDropTarget ? 2 : undefined,
      }}
    >
      <Group justify="space-between" align="center" wrap="nowrap" mb="xs">
        <Group gap="xs" align="center" wrap="nowrap" miw={0}>
          <Box
            component="span"
            draggable={!disabled}
            onDragStart={drag.onDragStart}
            onDragEnd={drag.onDragEnd}
            title="Drag to reorder"
            data-testid="release-drag-handle"
            // Touch screens reorder with the arrows (native drag and drop is a pointer's).
            visibleFrom="sm"
            lh={0}
            style={{ cursor: 'grab' }}
          >
            <IconGripVertical size={20} aria-hidden="true" />
          </Box>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {position}. {row.name.trim() || 'New release'}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <ActionIcon {...moveProps(-1, props.isFirst)}>
            <IconArrowUp size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon {...moveProps(1, props.isLast)}>
            <IconArrowDown size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="light"
            color="red"
            size="lg"
            onClick={props.onRemove}
            disabled={disabled}
            aria-label={`Remove ${label}`}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </Group>

      <Group gap="xs" mb="sm">
        {saved && (
          <Badge color={RELEASE_STATE_BADGE[saved.state].color} variant="light">
            {RELEASE_STATE_BADGE[saved.state].label}
          </Badge>
        )}
        {row.unlockCode.trim() && (
          <Badge color="grape" variant="outline">
            Hidden: code
          </Badge>
        )}
        {row.membersOnlyTier && (
          <Badge color="orange" variant="outline">
            Members only: {row.membersOnlyTier}
            {row.membersOnlyTier === 'HEADLINER' ? '' : '+'}
          </Badge>
        )}
        <Text size="sm" c="dimmed" data-testid="release-stock">
          {saved ? `Sold ${saved.sold} · Held ${saved.held} · Left ${saved.left}` : 'Not saved yet'}
        </Text>
      </Group>

      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label="Name"
            required
            maxLength={60}
            value={row.name}
            onChange={(e) => onChange({ name: e.currentTarget.value })}
            error={errors.name}
            disabled={disabled}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2 }}>
          <NumberInput
            label="Price"
            required
            prefix="£"
            min={0}
            step={0.01}
            decimalScale={2}
            fixedDecimalScale
            allowNegative={false}
            thousandSeparator=","
            value={row.price}
            onChange={(price) => onChange({ price })}
            error={errors.price}
            disabled={disabled}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2 }}>
          <NumberInput
            label="Quantity"
            required
            min={saved ? saved.sold + saved.held : 0}
            allowNegative={false}
            allowDecimal={false}
            value={row.quantity}
            onChange={(quantity) => onChange({ quantity })}
            error={errors.quantity}
            disabled={disabled}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2 }}>
          <NativeSelect
            label="Type"
            data={TYPE_OPTIONS}
            value={row.ticketType}
            onChange={(e) => onChange({ ticketType: e.currentTarget.value as TicketType })}
            error={errors.ticketType}
            // A release with sales keeps its type (the server refuses the change too).
            disabled={disabled || hasSales}
            title={hasSales ? 'A release with sales keeps its ticket type.' : undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NativeSelect
            label="Members only"
            data={TIER_OPTIONS}
            value={row.membersOnlyTier}
            onChange={(e) => onChange({ membersOnlyTier: e.currentTarget.value as PaidTier | '' })}
            error={errors.membersOnlyTier}
            disabled={disabled}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, sm: 4 }}>
          <TextInput
            label="Sales start"
            type="datetime-local"
            value={row.salesStart}
            onChange={(e) => onChange({ salesStart: e.currentTarget.value })}
            error={errors.salesStart}
            disabled={disabled}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, sm: 4 }}>
          <TextInput
            label="Sales end"
            type="datetime-local"
            value={row.salesEnd}
            onChange={(e) => onChange({ salesEnd: e.currentTarget.value })}
            error={errors.salesEnd}
            disabled={disabled}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Presale code"
            placeholder="None: public"
            maxLength={32}
            value={row.unlockCode}
            onChange={(e) => onChange({ unlockCode: e.currentTarget.value })}
            error={errors.unlockCode}
            disabled={disabled}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
