import {
  ATTENDEE_MESSAGE_BODY_MAX,
  ATTENDEE_MESSAGE_MESSAGES,
  ATTENDEE_MESSAGE_SUBJECT_MAX,
  MessageAttendeesBody,
  type MessagePreview,
  type SentEventMessage,
} from '@fourfour/shared/attendee-messages';
import { TICKET_TYPES, type TicketType } from '@fourfour/shared/enums';
import { ORDER_MESSAGES } from '@fourfour/shared/orders';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  Container,
  Group,
  Modal,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEye, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { isApiError, serverMessageOf } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { fieldErrorsOf } from '../../lib/zod-field-errors.ts';
import { useEventMessages } from './api/get-event-messages.ts';
import { usePreviewEventMessage } from './api/preview-event-message.ts';
import { useSendEventMessage } from './api/send-event-message.ts';

interface FormValues {
  subject: string;
  body: string;
  ticketTypes: TicketType[];
  includeRefunded: boolean;
}

const INITIAL: FormValues = { subject: '', body: '', ticketTypes: [...TICKET_TYPES], includeRefunded: false };
const TYPE_LABELS: Record<TicketType, string> = { STANDARD: 'Standard', VIP: 'VIP' };

/**
 * /admin/events/:id/message (issue 21): write to every ticket holder of an event. Preview shows how
 * many accounts it reaches and the mail as they will read it; Send asks once more, then queues it;
 * below, what was sent, with each message's progress.
 */
export function MessagePage() {
  const eventId = Number(useParams().id);
  const validId = Number.isSafeInteger(eventId) && eventId > 0;
  const sent = useEventMessages(eventId);
  const preview = usePreviewEventMessage();
  const send = useSendEventMessage();
  const [shown, setShown] = useState<{ values: FormValues; preview: MessagePreview } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<FormValues>({ mode: 'controlled', initialValues: INITIAL });

  const missing = !validId || (sent.isError && isApiError(sent.error) && sent.error.status === 404);
  if (missing) {
    return (
      <Container size="md" py="xl">
        <PageTitle title="Message attendees" />
        <Alert color="yellow" role="alert" title={ORDER_MESSAGES.eventNotFound}>
          <Anchor component={Link} to="/admin/events">
            Back to Manage Events
          </Anchor>
        </Alert>
      </Container>
    );
  }

  /** The body as the API takes it, or null with the fields' errors shown. */
  const checked = (values: FormValues) => {
    const body = {
      subject: values.subject,
      body: values.body,
      ticketTypes: values.ticketTypes.length === TICKET_TYPES.length ? undefined : values.ticketTypes,
      includeRefunded: values.includeRefunded,
    };
    const parsed = MessageAttendeesBody.safeParse(body);
    form.setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (values.ticketTypes.length === 0) form.setFieldError('ticketTypes', ATTENDEE_MESSAGE_MESSAGES.ticketTypes);
    return parsed.success && values.ticketTypes.length > 0 ? body : null;
  };

  const showPreview = form.onSubmit(async (values) => {
    setOutcome(null);
    const body = checked(values);
    if (!body) return;
    try {
      setShown({ values, preview: await preview.mutateAsync({ eventId, body }) });
    } catch (error) {
      setShown(null);
      if (isApiError(error)) form.setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message])));
      setOutcome({ ok: false, message: serverMessageOf(error) ?? ATTENDEE_MESSAGE_MESSAGES.previewFailed });
    }
  });

  // The preview stands for what is in the form only while the form is unchanged.
  const current = shown && JSON.stringify(shown.values) === JSON.stringify(form.getValues()) ? shown : null;

  const confirmSend = async () => {
    if (!current) return;
    const body = checked(current.values);
    if (!body) return;
    try {
      const message = await send.mutateAsync({ eventId, body });
      setConfirming(false);
      setShown(null);
      form.setValues(INITIAL);
      setOutcome({ ok: true, message: ATTENDEE_MESSAGE_MESSAGES.queued(message.recipientCount) });
    } catch (error) {
      setConfirming(false);
      setOutcome({ ok: false, message: serverMessageOf(error) ?? ATTENDEE_MESSAGE_MESSAGES.sendFailed });
    }
  };

  const event = sent.data?.event;
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <PageTitle title="Message attendees" />
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Message attendees
          </Title>
          {event ? (
            <Text c="dimmed">
              {event.title}
              {event.startsAt ? ` · ${formatDateTime(event.startsAt)}` : ''}
            </Text>
          ) : (
            <Skeleton h={20} w={240} mt={4} />
          )}
          <Text size="sm" mt="xs">
            One email per ticket holder, however many tickets they hold. Plain text; it is a service message about their
            purchase, so it goes to everyone with a ticket.
          </Text>
        </div>

        {outcome && (
          <Alert
            color={outcome.ok ? 'teal' : 'red'}
            role={outcome.ok ? 'status' : 'alert'}
            withCloseButton
            onClose={() => setOutcome(null)}
          >
            {outcome.message}
          </Alert>
        )}

        <Paper component="form" onSubmit={showPreview} noValidate p={{ base: 'md', sm: 'lg' }} radius="lg" withBorder>
          <Stack gap="md">
            <TextInput
              label="Subject"
              required
              maxLength={ATTENDEE_MESSAGE_SUBJECT_MAX}
              description={`${form.getValues().subject.length} / ${ATTENDEE_MESSAGE_SUBJECT_MAX}`}
              {...form.getInputProps('subject')}
            />
            <Textarea
              label="Message"
              required
              autosize
              minRows={6}
              maxRows={16}
              maxLength={ATTENDEE_MESSAGE_BODY_MAX}
              description={`Plain text; a blank line starts a new paragraph. ${form.getValues().body.length.toLocaleString('en-GB')} / ${ATTENDEE_MESSAGE_BODY_MAX.toLocaleString('en-GB')}`}
              {...form.getInputProps('body')}
            />
            <Checkbox.Group label="Ticket types" {...form.getInputProps('ticketTypes')}>
              <Group mt={6}>
                {TICKET_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={TYPE_LABELS[type]} />
                ))}
              </Group>
            </Checkbox.Group>
            <Switch
              label="Also holders of refunded tickets"
              {...form.getInputProps('includeRefunded', { type: 'checkbox' })}
            />
            <Group>
              <Button
                type="submit"
                variant="default"
                leftSection={<IconEye size={16} aria-hidden />}
                loading={preview.isPending}
              >
                Preview
              </Button>
              <Button
                leftSection={<IconSend size={16} aria-hidden />}
                disabled={!current || current.preview.recipientCount === 0}
                onClick={() => setConfirming(true)}
              >
                Send
              </Button>
            </Group>
          </Stack>
        </Paper>

        {current && (
          <Paper p={{ base: 'md', sm: 'lg' }} radius="lg" withBorder aria-label="Preview">
            <Stack gap="xs">
              <Text fw={700} role="status">
                {current.preview.recipientCount === 0
                  ? ATTENDEE_MESSAGE_MESSAGES.noRecipients
                  : ATTENDEE_MESSAGE_MESSAGES.previewCount(current.preview.recipientCount)}
              </Text>
              <Text size="sm">
                <Text span c="dimmed">
                  Subject:{' '}
                </Text>
                {current.preview.subject}
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {current.preview.text}
              </Code>
            </Stack>
          </Paper>
        )}

        <Stack gap="sm">
          <Title order={2} size="h3">
            Sent
          </Title>
          {sent.isError && (
            <Alert color="red" role="alert">
              {serverMessageOf(sent.error) ?? ATTENDEE_MESSAGE_MESSAGES.listFailed}
            </Alert>
          )}
          {sent.isPending && <Skeleton h={120} role="status" aria-label="Loading the messages sent" />}
          {sent.data?.messages.length === 0 && <Text c="dimmed">{ATTENDEE_MESSAGE_MESSAGES.noMessages}</Text>}
          {sent.data?.messages.map((m) => (
            <SentMessageCard key={m.id} message={m} />
          ))}
        </Stack>
      </Stack>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Send message" centered>
        <Stack>
          <Text>{current ? ATTENDEE_MESSAGE_MESSAGES.sendConfirm(current.preview.recipientCount) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Back
            </Button>
            <Button onClick={() => void confirmSend()} loading={send.isPending}>
              Send now
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}

function SentMessageCard({ message: m }: { message: SentEventMessage }) {
  const done = m.finishedAt !== null;
  const audience = [
    m.ticketTypes.length === TICKET_TYPES.length
      ? 'All ticket types'
      : m.ticketTypes.map((t) => TYPE_LABELS[t]).join(', '),
    m.includeRefunded ? 'refunded included' : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper p="md" radius="md" withBorder>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{m.subject}</Text>
          <Badge color={done ? 'teal' : 'yellow'} variant="light">
            {done ? 'Sent' : 'Sending'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {formatDateTime(m.createdAt)}
          {m.sentBy ? ` · by ${m.sentBy}` : ''} · {audience}
        </Text>
        <Progress
          value={m.recipientCount === 0 ? 100 : (m.sentCount / m.recipientCount) * 100}
          color={done ? 'teal' : 'yellow'}
          aria-label={`Sending progress of ${m.subject}`}
        />
        <Text size="sm">{ATTENDEE_MESSAGE_MESSAGES.progress(m.sentCount, m.recipientCount)}</Text>
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
          {m.body}
        </Text>
      </Stack>
    </Paper>
  );
}
