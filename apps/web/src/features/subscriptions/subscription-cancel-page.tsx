import { MEMBERSHIP_MESSAGES } from '@fourfour/shared/memberships';
import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';

/** /subscription/cancel: the member left the checkout; nothing was charged. */
export function SubscriptionCancelPage() {
  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 64 }}>
      <PageTitle title="Checkout cancelled" />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg" align="center" ta="center">
          <IconCircleX size={56} color="var(--mantine-color-gray-5)" aria-hidden="true" />
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {MEMBERSHIP_MESSAGES.checkoutCanceledHeading}
          </Title>
          <Badge color="gray" variant="light" size="lg">
            {MEMBERSHIP_MESSAGES.noCharge}
          </Badge>
          <Text c="dimmed" maw={420}>
            You left the checkout before paying, so you have not been charged. You can pick a plan again whenever you
            like.
          </Text>
          <Group justify="center">
            <Button component={Link} to="/subscribe">
              View plans
            </Button>
            <Button component={Link} to="/" variant="default">
              Back to home
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
