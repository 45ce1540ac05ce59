import { CONTENT_MESSAGES } from '@fourfour/shared/content';
import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';
import { PortraitGrid } from '../../components/portrait-grid.tsx';
import { usePublicTeam } from './api/get-public-team.ts';

const TEAM_SKELETONS = 6;

/** /team: the people behind FourFour. */
export function TeamPage() {
  const query = usePublicTeam();
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <PageTitle title="Team" />
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>The team</Title>
          <Text c="dimmed">The people who book the DJs, run the doors and listen to your demos.</Text>
        </Stack>
        {query.isError ? (
          <Alert color="red" role="alert">
            {CONTENT_MESSAGES.teamFetchFailed}
          </Alert>
        ) : (
          <PortraitGrid
            label="Team members"
            loading={query.isPending}
            skeletons={TEAM_SKELETONS}
            emptyText={CONTENT_MESSAGES.teamEmpty}
            items={query.data?.map((m) => ({
              id: m.id,
              name: m.name,
              subtitle: m.title,
              imageUrl: m.imageUrl,
              bio: m.blurb,
            }))}
          />
        )}
      </Stack>
    </Container>
  );
}
