import { Anchor, Box, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { formatLongDate } from '../lib/format.ts';
import type { LegalSection } from '../lib/legal/legal-types.ts';

interface LegalDocumentProps {
  title: string;
  sections: readonly LegalSection[];
  /** Shown as "Last updated"; defaults to today (spec: the current day). */
  lastUpdated?: Date;
  /** Inside a dialog: no table of contents, headings one level lower. */
  compact?: boolean;
  /** Prefix for anchor ids, so two documents on one page do not clash. */
  idPrefix?: string;
}

function SectionBody({ section }: { section: LegalSection }) {
  return (
    <>
      {section.blocks.map((block, index) =>
        typeof block === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
          <Text key={index} c="dark.0" lh={1.7}>
            {block}
          </Text>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
          <List key={index} spacing={6} c="dark.0" lh={1.6} withPadding>
            {block.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        ),
      )}
    </>
  );
}

/** A numbered legal text (Terms, Privacy) with its last-updated date. */
export function LegalDocument({ title, sections, lastUpdated, compact = false, idPrefix = '' }: LegalDocumentProps) {
  const updated = formatLongDate(lastUpdated ?? new Date());
  const anchor = (id: string) => `${idPrefix}${id}`;

  const body = (
    <Stack gap="xl">
      {sections.map((section, index) => (
        <Box
          component="section"
          key={section.id}
          id={anchor(section.id)}
          aria-labelledby={`${anchor(section.id)}-heading`}
        >
          <Title order={compact ? 3 : 2} id={`${anchor(section.id)}-heading`} fz={compact ? 'lg' : 'xl'} mb="sm">
            <Text component="span" inherit c="magenta.3" mr={8}>
              {index + 1}.
            </Text>
            {section.heading}
          </Title>
          <Stack gap="sm">
            <SectionBody section={section} />
          </Stack>
        </Box>
      ))}
    </Stack>
  );

  if (compact) {
    return (
      <Stack gap="lg">
        <Text size="sm" c="dark.1">
          Last updated: <time>{updated}</time>
        </Text>
        {body}
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      <Stack gap={6}>
        <Title order={1} fz={{ base: 32, sm: 44 }}>
          {title}
        </Title>
        <Text c="dark.1">
          Last updated: <time>{updated}</time>
        </Text>
      </Stack>
      <Grid gap={{ base: 'lg', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Paper component="nav" aria-label="Contents" p="lg" radius="lg" withBorder className="legal-toc">
            <Text component="h2" size="xs" fw={700} tt="uppercase" c="dark.1" lts={1} mb="sm">
              Contents
            </Text>
            <List type="ordered" spacing={4} size="sm" c="dark.1" withPadding>
              {sections.map((section) => (
                <List.Item key={section.id}>
                  <Anchor href={`#${anchor(section.id)}`} size="sm" c="dark.0">
                    {section.heading}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          {body}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
