import { AttendeeChangeBody } from '@fourfour/shared/order-actions';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessageOf } from '../lib/api-client.ts';
import { fieldErrorsOf } from '../lib/zod-field-errors.ts';

export interface AttendeeValues {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

/**
 * The attendee on a ticket, changed (issue 21): the admin's order page and the buyer's My tickets
 * use the same form, checked by the API's own schema (the purchase's rules: every field, 18+).
 */
export function AttendeeFormModal({
  opened,
  onClose,
  initial,
  description,
  onSave,
  saving,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  initial: { firstName: string | null; lastName: string | null; dateOfBirth: string | null };
  /** What the change is about ("VIP ticket for Techno Night"). */
  description: string;
  onSave: (values: AttendeeValues) => void;
  saving: boolean;
  /** The API's refusal, shown in the form. */
  error: unknown;
}) {
  const [values, setValues] = useState<AttendeeValues>({ firstName: '', lastName: '', dateOfBirth: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!opened) return;
    setValues({
      firstName: initial.firstName ?? '',
      lastName: initial.lastName ?? '',
      dateOfBirth: initial.dateOfBirth ?? '',
    });
    setErrors({});
  }, [opened, initial.firstName, initial.lastName, initial.dateOfBirth]);

  // The value is read while the event is being handled: the updater runs later, when React has
  // already let go of the event (currentTarget is null then, and reading it crashed the page).
  const set = (key: keyof AttendeeValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = AttendeeChangeBody.safeParse(values);
    setErrors(fieldErrorsOf(parsed.error));
    if (parsed.success) onSave(parsed.data);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Change the attendee" centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dark.1">
            {description}. The ticket and its QR code stay the same; the buyer is emailed.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="First name"
              autoComplete="off"
              value={values.firstName}
              onChange={set('firstName')}
              error={errors.firstName}
              data-autofocus
            />
            <TextInput
              label="Last name"
              autoComplete="off"
              value={values.lastName}
              onChange={set('lastName')}
              error={errors.lastName}
            />
          </SimpleGrid>
          <TextInput
            label="Date of birth"
            type="date"
            value={values.dateOfBirth}
            onChange={set('dateOfBirth')}
            error={errors.dateOfBirth}
            maw={220}
          />
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessageOf(error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
