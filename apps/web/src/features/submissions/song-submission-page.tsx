import {
  mp3FileProblem,
  SUBMISSION_INTEREST_LABELS,
  SUBMISSION_INTERESTS,
  SUBMISSION_MESSAGES,
  SongSubmissionFields,
  type SubmissionInterest,
} from '@fourfour/shared/content';
import {
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
  Input,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
// After the package's components, so its rules follow the core rules they build on.
import '@mantine/dropzone/styles.css';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconFileMusic, IconMusic, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { useSubmitSong } from './api/submit-song.ts';

interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthDate: string;
  link: string;
  interests: SubmissionInterest[];
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** /song-submission: an MP3 and a few details, straight to the A&R team. */
export function SongSubmissionPage() {
  const user = useCurrentUser();
  const submit = useSubmitSong();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const initialValues: FormValues = {
    firstName: '',
    lastName: '',
    email: user?.email ?? '',
    phone: '',
    birthDate: '',
    link: '',
    interests: [],
  };
  const form = useForm<FormValues>({ mode: 'controlled', initialValues });

  const pickFile = (picked: File | undefined) => {
    if (!picked) return;
    const problem = mp3FileProblem(picked);
    // A file that breaks a rule is dropped, not kept beside the message.
    setFile(problem ? null : picked);
    setFileError(problem);
  };
  const rejectFile = (rejections: FileRejection[]) => {
    const rejected = rejections[0]?.file;
    setFile(null);
    setFileError(rejected ? (mp3FileProblem(rejected) ?? SUBMISSION_MESSAGES.notMp3) : SUBMISSION_MESSAGES.notMp3);
  };

  const handleSubmit = form.onSubmit(async (values) => {
    setOutcome(null);
    const parsed = SongSubmissionFields.safeParse(values);
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        errors[field] ??= issue.message;
      }
    }
    form.setErrors(errors);
    if (!file) setFileError(fileError ?? SUBMISSION_MESSAGES.fileRequired);
    if (!parsed.success || !file) return;
    try {
      await submit.mutateAsync({ fields: parsed.data, mp3: file });
      form.setValues(initialValues);
      form.resetDirty();
      setFile(null);
      setFileError(null);
      setOutcome({ ok: true, message: SUBMISSION_MESSAGES.success });
    } catch (error) {
      setOutcome({ ok: false, message: serverMessageOf(error) ?? SUBMISSION_MESSAGES.failure });
    }
  });

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <PageTitle title="Song submission" />
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>Submit your song</Title>
          <Text c="dimmed">
            MP3 only, up to 20MB. Your track goes straight to our A&amp;R team, who listen to every submission. WAV and
            AIFF uploads are coming soon.
          </Text>
        </Stack>

        {outcome && (
          <Alert
            color={outcome.ok ? 'teal' : 'red'}
            icon={outcome.ok ? <IconCircleCheck aria-hidden="true" /> : <IconX aria-hidden="true" />}
            role={outcome.ok ? 'status' : 'alert'}
            withCloseButton
            onClose={() => setOutcome(null)}
          >
            {outcome.message}
          </Alert>
        )}

        <Paper component="form" onSubmit={handleSubmit} noValidate p={{ base: 'md', sm: 'xl' }} radius="lg" withBorder>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First name" required autoComplete="given-name" {...form.getInputProps('firstName')} />
              <TextInput label="Last name" required autoComplete="family-name" {...form.getInputProps('lastName')} />
              <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
              <TextInput label="Phone (optional)" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
              <TextInput
                label="Birth date"
                type="date"
                required
                autoComplete="bday"
                {...form.getInputProps('birthDate')}
              />
              <TextInput
                label="Spotify or SoundCloud link (optional)"
                type="url"
                placeholder="https://soundcloud.com/…"
                {...form.getInputProps('link')}
              />
            </SimpleGrid>

            <Checkbox.Group label="What are you looking for?" {...form.getInputProps('interests')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
                {SUBMISSION_INTERESTS.map((value) => (
                  <Checkbox key={value} value={value} label={SUBMISSION_INTEREST_LABELS[value]} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>

            <Input.Wrapper label="Your track (MP3)" required error={fileError}>
              <Dropzone
                onDrop={(files) => pickFile(files[0])}
                onReject={rejectFile}
                accept={{ 'audio/mpeg': ['.mp3'], 'audio/mp3': ['.mp3'] }}
                multiple={false}
                radius="md"
                aria-label="MP3 file: drag it here or browse"
                aria-invalid={fileError ? true : undefined}
                style={{ borderColor: fileError ? 'var(--mantine-color-red-6)' : undefined }}
              >
                <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }} wrap="nowrap">
                  <Dropzone.Accept>
                    <IconUpload size={40} stroke={1.5} aria-hidden="true" />
                  </Dropzone.Accept>
                  <Dropzone.Reject>
                    <IconX size={40} stroke={1.5} aria-hidden="true" />
                  </Dropzone.Reject>
                  <Dropzone.Idle>
                    <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
                      {file ? <IconFileMusic size={28} /> : <IconMusic size={28} />}
                    </ThemeIcon>
                  </Dropzone.Idle>
                  <div>
                    {file ? (
                      <>
                        <Text fw={600} style={{ wordBreak: 'break-all' }}>
                          {file.name}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {formatSize(file.size)} · drop another file to replace it
                        </Text>
                      </>
                    ) : (
                      <>
                        <Text fw={600}>Drag your MP3 here or click to browse</Text>
                        <Text size="sm" c="dimmed">
                          One file, up to 20MB
                        </Text>
                      </>
                    )}
                  </div>
                </Group>
              </Dropzone>
            </Input.Wrapper>

            <Group justify="flex-end">
              <Button type="submit" size="md" loading={false} disabled={submit.isPending}>
                {submit.isPending ? 'Sending…' : 'Send to A&R'}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
