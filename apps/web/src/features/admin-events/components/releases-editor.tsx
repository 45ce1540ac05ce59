import { TICKET_TYPES, type TicketType } from '@fourfour/shared/enums';
import { type AdminRelease, MAX_RELEASES_PER_EVENT, RELEASE_MESSAGES } from '@fourfour/shared/releases';
import { Alert, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import { isApiError, serverMessageOf } from '../../../lib/api-client.ts';
import { useSaveEventReleases } from '../api/save-event-releases.ts';
import {
  addRow,
  isEndOfType,
  moveRow,
  moveRowTo,
  newRow,
  type ReleaseErrors,
  type ReleaseRowValues,
  releaseErrorsOf,
  releasesBodyOf,
  rowsOf,
  updateRow,
} from '../release-rows.ts';
import { ReleaseRowCard } from './release-row-card.tsx';

const NO_ERRORS: ReleaseErrors = { rows: {}, general: [] };
const TYPE_NAMES: Record<TicketType, string> = { STANDARD: 'Standard', VIP: 'VIP' };

export interface ReleasesEditorProps {
  eventId: number;
  /** The saved ladder (kept fresh by its query: the stock and states shown come from it). */
  releases: AdminRelease[];
}

/**
 * The event's ticket releases (issue 20): early bird, tier 2, hidden presales, members-only
 * releases, in the order each ticket type sells them. Saved as a whole with its own button.
 */
export function ReleasesEditor({ eventId, releases }: ReleasesEditorProps) {
  const save = useSaveEventReleases();
  const [rows, setRows] = useState<ReleaseRowValues[]>(() => rowsOf(releases));
  const [errors, setErrors] = useState<ReleaseErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [dropKey, setDropKey] = useState<string | null>(null);
  const savedById = new Map(releases.map((r) => [r.id, r]));
  const busy = save.isPending;

  const change = (next: ReleaseRowValues[]) => {
    setRows(next);
    setSaved(false);
  };
  const nameOf = (row: ReleaseRowValues) => row.name.trim() || 'New release';
  const move = (row: ReleaseRowValues, direction: -1 | 1) => {
    change(moveRow(rows, row.key, direction));
    setAnnouncement(`${nameOf(row)} moved ${direction < 0 ? 'up' : 'down'}.`);
  };
  const onFieldChange = (key: string, patch: Parameters<typeof updateRow>[2]) => {
    change(updateRow(rows, key, patch));
    const rowErrors = errors.rows[key];
    if (rowErrors) {
      const rest = { ...rowErrors };
      for (const field of Object.keys(patch)) delete rest[field as keyof ReleaseRowValues];
      setErrors({ ...errors, rows: { ...errors.rows, [key]: rest } });
    }
  };

  async function onSave() {
    setSaved(false);
    const sent = rows;
    const checked = releasesBodyOf(sent);
    if (!checked.ok) {
      const found = releaseErrorsOf(checked.errors, sent);
      setErrors(found.general.length > 0 ? found : { ...found, general: [RELEASE_MESSAGES.saveFailed] });
      return;
    }
    setErrors(NO_ERRORS);
    try {
      const answer = await save.mutateAsync({ id: eventId, body: checked.body });
      setRows(rowsOf(answer.releases));
      setSaved(true);
    } catch (err) {
      const found = releaseErrorsOf(isApiError(err) ? err.fieldErrors : [], sent);
      // A conflict (a release with sales removed or shrunk) names the release in its message.
      if (found.general.length === 0) found.general.push(serverMessageOf(err) ?? RELEASE_MESSAGES.saveFailed);
      setErrors(found);
    }
  }

  const dragHandlers = (row: ReleaseRowValues) => {
    const dragged = rows.find((r) => r.key === dragKey);
    const accepts = !!dragged && dragged.ticketType === row.ticketType;
    return {
      isDragged: dragKey === row.key,
      isDropTarget: accepts && dropKey === row.key && dragKey !== row.key,
      onDragStart: (e: DragEvent<HTMLElement>) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', row.key);
        const card = e.currentTarget.closest('li');
        if (card) e.dataTransfer.setDragImage(card, 24, 24);
        setDragKey(row.key);
      },
      onDragOver: (e: DragEvent<HTMLElement>) => {
        if (!accepts) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (dropKey !== row.key) setDropKey(row.key);
      },
      onDrop: (e: DragEvent<HTMLElement>) => {
        e.preventDefault();
        if (accepts && dragKey) change(moveRowTo(rows, dragKey, row.key));
        setDragKey(null);
        setDropKey(null);
      },
      onDragEnd: () => {
        setDragKey(null);
        setDropKey(null);
      },
    };
  };

  const full = rows.length >= MAX_RELEASES_PER_EVENT;
  return (
    <Stack gap="md" component="section" aria-labelledby="ticket-releases-title">
      <div>
        <Title order={2} id="ticket-releases-title">
          Ticket releases
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          Each ticket type sells its releases in this order: when one sells out or ends, the next opens. Dates are
          London time; leave them empty to sell until ticket sales close. A presale code hides a release from everyone
          without it. Releases are saved with their own button.
        </Text>
      </div>
      {errors.general.length > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="releases-error">
          {errors.general.join(' ')}
        </Alert>
      )}
      {saved && (
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
          {RELEASE_MESSAGES.saved}
        </Alert>
      )}
      {TICKET_TYPES.map((type) => {
        const ofType = rows.filter((r) => r.ticketType === type);
        return (
          <Stack key={type} gap="sm" data-testid={`releases-${type}`}>
            <Title order={3} size="h4">
              {TYPE_NAMES[type]} releases
            </Title>
            {ofType.length === 0 ? (
              <Text size="sm" c="dimmed">
                None: {TYPE_NAMES[type]} tickets sell at the event's own price and total above.
              </Text>
            ) : (
              <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {ofType.map((row, i) => {
                  const index = rows.indexOf(row);
                  return (
                    <ReleaseRowCard
                      key={row.key}
                      row={row}
                      position={i + 1}
                      saved={row.id === undefined ? undefined : savedById.get(row.id)}
                      errors={errors.rows[row.key]}
                      isFirst={isEndOfType(rows, index, -1)}
                      isLast={isEndOfType(rows, index, 1)}
                      disabled={busy}
                      onChange={(patch) => onFieldChange(row.key, patch)}
                      onMove={(direction) => move(row, direction)}
                      onRemove={() => change(rows.filter((r) => r.key !== row.key))}
                      drag={dragHandlers(row)}
                    />
                  );
                })}
              </Stack>
            )}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={() => change(addRow(rows, newRow(type)))}
                disabled={busy || full}
              >
                Add {type === 'VIP' ? 'VIP' : 'standard'} release
              </Button>
            </Group>
          </Stack>
        );
      })}
      <Group>
        <Button onClick={() => void onSave()} loading={busy}>
          Save releases
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            setRows(rowsOf(releases));
            setErrors(NO_ERRORS);
            setSaved(false);
          }}
          disabled={busy}
        >
          Discard changes
        </Button>
      </Group>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Stack>
  );
}
