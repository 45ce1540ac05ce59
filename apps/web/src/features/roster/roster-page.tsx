import {
  CONTENT_MESSAGES,
  ROSTER_CATEGORIES,
  ROSTER_CATEGORY_LABELS,
  type RosterCategory,
} from '@fourfour/shared/content';
import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';
import { PortraitGrid } from '../../components/portrait-grid.tsx';
import { usePublicRoster } from './api/get-public-roster.ts';

const ROSTER_SKELETONS = 4;

function RosterSection({ category }: { category: RosterCategory }) {
  const query = usePublicRoster(category);
  const label = ROSTER_CATEGORY_LABELS[category];
  return (
    <Stack gap="md" component="section" aria-labelledby={`roster-${category}`}>
      <Title order={2} id={`roster-${category}`}>
        {label}
      </Title>
      {query.isError ? (
        <Alert color="red" role="alert">
          {CONTENT_MESSAGES.rosterFetchFailed}
        </Alert>
      ) : (
        <PortraitGrid
          label={label}
          loading={query.isPending}
          skeletons={ROSTER_SKELETONS}
          emptyText={CONTENT_MESSAGES.rosterEmpty}
          items={query.data?.map((entry) => ({
            id: entry.id,
            name: entry.name,
            imageUrl: entry.imageUrl,
            bio: entry.blurb,
            footnote: entry.contactLine,
          }))}
        />
      )}
    </Stack>
  );
}

/** /roster: the DJs and creators FourFour works with. */
export function RosterPage() {
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <PageTitle title="Talent roster" />
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>Talent roster</Title>
          <Text c="dimmed">The DJs and creators in the FourFour family. Tap a portrait to read more.</Text>
        </Stack>
        {ROSTER_CATEGORIES.map((category) => (
          <RosterSection key={category} category={category} />
        ))}
      </Stack>
    </Container>
  );
}
