import {
  ATTENDEE_CHANGE_CLOSES_HOURS_BEFORE,
  CREATE_EVENT_IMAGE_MAX_BYTES,
  EDIT_EVENT_IMAGE_MAX_BYTES,
} from '@fourfour/shared/constants';
import type { TicketType } from '@fourfour/shared/enums';
import { type AdminEvent, EVENT_MESSAGES } from '@fourfour/shared/events';
import { RELEASE_MESSAGES } from '@fourfour/shared/releases';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError, serverMessageOf } from '../../../lib/api-client.ts';
import { useSaveEvent } from '../api/save-event.ts';
import {
  EMPTY_EVENT_FORM,
  type EventFormValues,
  eventFormProblem,
  formValuesOf,
  isOvernight,
  toEventInput,
  withLadderedFigures,
} from '../event-form-values.ts';
import { ArtworkField } from './artwork-field.tsx';

type Status = 'PLANNED' | 'PUBLISHED';

export interface EventFormProps {
  /** Absent: the Create form. */
  event?: AdminEvent;
  /** Edit opened with ?publish=1: the publish button reads "Publish now". */
  publishNow?: boolean;
  /** Ticket types sold in releases (edit): their totals and prices are the releases', read-only here. */
  ladderedTypes?: ReadonlySet<TicketType>;
}

const NO_TYPES: ReadonlySet<TicketType> = new Set();
/** The ticket type each of the form's totals and prices belongs to. */
const TYPE_OF_FIELD: Partial<Record<keyof EventFormValues, TicketType>> = {
  totalStandardTickets: 'STANDARD',
  standardTicketPrice: 'STANDARD',
  totalVipTickets: 'VIP',
  vipTicketPrice: 'VIP',
};

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });
const REDIRECT_MS = 1200;

/** Create Event and Edit Event (spec 02): one form, the buttons and limits of each. */
export function EventForm({ event, publishNow = false, ladderedTypes = NO_TYPES }: EventFormProps) {
  const mode = event ? 'edit' : 'create';
  const navigate = useNavigate();
  const save = useSaveEvent();
  const [values, setValues] = useState<EventFormValues>(() => (event ? formValuesOf(event) : EMPTY_EVENT_FORM));
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [pending, setPending] = useState<Status | null>(null);
  // A type sold in releases shows (and sends) the event's own figures, which its releases set.
  const shown = event ? withLadderedFigures(values, event, ladderedTypes) : values;

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const fail = (message: string) => {
    setError(message);
    scrollToTop();
  };

  async function submit(status: Status) {
    setError(null);
    const problem = eventFormProblem(shown, status, mode);
    if (problem) return fail(problem);
    setPending(status);
    try {
      const data = toEventInput(shown, status);
      if (mode === 'edit' && removeImage && !image) data.imageUrl = 'REMOVE';
      await save.mutateAsync({ id: event?.id, data, image });
      setSuccess(status === 'PUBLISHED' ? EVENT_MESSAGES.published : EVENT_MESSAGES.savedDraft);
      setTimeout(() => navigate('/admin/events'), REDIRECT_MS);
    } catch (err) {
      if (mode === 'create' && isApiError(err) && err.status === 403) {
        navigate('/admin/events');
        return;
      }
      fail(serverMessageOf(err) ?? (mode === 'create' ? EVENT_MESSAGES.createFailed : EVENT_MESSAGES.saveFailed));
    } finally {
      setPending(null);
    }
  }

  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    void submit(values.comingSoon ? 'PLANNED' : 'PUBLISHED');
  };
  const busy = pending !== null || success !== null;
  const numberProps = (key: keyof EventFormValues, price: boolean) => ({
    value: shown[key] as number | string,
    ...(ladderedTypes.has(TYPE_OF_FIELD[key]!) && { disabled: true, description: RELEASE_MESSAGES.setByReleases }),
    onChange: (v: number | string) => set(key, v as never),
    min: 0,
    step: price ? 0.01 : 1,
    decimalScale: price ? 2 : 0,
    fixedDecimalScale: price,
    allowNegative: false,
    allowDecimal: price,
    prefix: price ? '£' : undefined,
    thousandSeparator: price ? ',' : undefined,
  });

  return (
    <form onSubmit={mode === 'create' ? onCreate : (e) => e.preventDefault()} noValidate>
      <Stack gap="lg">
        {error && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="form-error">
            {error}
          </Alert>
        )}
        {success && (
          <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
            {success}
          </Alert>
        )}
        <Fieldset legend="Details" disabled={busy}>
          <Stack>
            <TextInput
              label="Title"
              required
              value={values.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              maxLength={200}
            />
            <Textarea
              label="Description"
              autosize
              minRows={3}
              value={values.description}
              onChange={(e) => set('description', e.currentTarget.value)}
            />
            <TextInput
              label="Location"
              value={values.location}
              onChange={(e) => set('location', e.currentTarget.value)}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend="When (London time)" disabled={busy}>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <TextInput
              label="Date"
              type="date"
              value={values.date}
              onChange={(e) => set('date', e.currentTarget.value)}
            />
            <TextInput
              label="Start time"
              type="time"
              value={values.startTime}
              onChange={(e) => set('startTime', e.currentTarget.value)}
            />
            <TextInput
              label="End time"
              type="time"
              value={values.endTime}
              onChange={(e) => set('endTime', e.currentTarget.value)}
              description={isOvernight(values) ? 'Ends the next day (overnight).' : undefined}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Tickets" disabled={busy}>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput label="Standard tickets (total)" {...numberProps('totalStandardTickets', false)} />
            <NumberInput label="Standard ticket price" {...numberProps('standardTicketPrice', true)} />
            <NumberInput label="VIP tickets (total)" {...numberProps('totalVipTickets', false)} />
            <NumberInput label="VIP ticket price" {...numberProps('vipTicketPrice', true)} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Artwork" disabled={busy}>
          <ArtworkField
            maxBytes={mode === 'create' ? CREATE_EVENT_IMAGE_MAX_BYTES : EDIT_EVENT_IMAGE_MAX_BYTES}
            tooLargeMessage={mode === 'create' ? EVENT_MESSAGES.imageTooLargeCreate : EVENT_MESSAGES.imageTooLargeEdit}
            currentUrl={event?.imageUrl ?? null}
            hasCustomImage={event?.hasCustomImage ?? false}
            file={image}
            onFile={setImage}
            removed={removeImage}
            onRemovedChange={setRemoveImage}
          />
        </Fieldset>

        <Fieldset legend="Organiser" disabled={busy}>
          <Text size="sm" c="dimmed" mb="sm">
            Leave empty when FourFour runs the event (a cancellation then refunds every ticket automatically).
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Organiser name"
              value={values.organiserName}
              onChange={(e) => set('organiserName', e.currentTarget.value)}
            />
            <TextInput
              label="Organiser contact"
              value={values.organiserContact}
              onChange={(e) => set('organiserContact', e.currentTarget.value)}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Attendees" disabled={busy}>
          <Switch
            label="Fans may change attendee names"
            description={`From My tickets, until ${ATTENDEE_CHANGE_CLOSES_HOURS_BEFORE} hours before the start. Admins can always change them from an order.`}
            checked={values.attendeeChangesAllowed}
            onChange={(e) => set('attendeeChangesAllowed', e.currentTarget.checked)}
          />
        </Fieldset>

        {mode === 'create' ? (
          <Stack gap="md">
            <Checkbox
              label="Coming Soon (save as PLANNED: listed, not on sale)"
              checked={values.comingSoon}
              onChange={(e) => set('comingSoon', e.currentTarget.checked)}
              disabled={busy}
            />
            <Group>
              <Button type="submit" disabled={busy} loading={pending !== null}>
                {pending ? 'Saving…' : 'Create event'}
              </Button>
              <Button variant="default" onClick={() => navigate('/admin/events')} disabled={pending !== null}>
                Back
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button variant="default" onClick={() => void submit('PLANNED')} disabled={busy}>
              {pending === 'PLANNED' ? 'Saving…' : 'Save as Draft'}
            </Button>
            <Button onClick={() => void submit('PUBLISHED')} disabled={busy}>
              {pending === 'PUBLISHED' ? 'Saving…' : publishNow ? 'Publish now' : 'Publish'}
            </Button>
            <Button variant="subtle" onClick={() => navigate('/admin/events')} disabled={pending !== null}>
              Back
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
