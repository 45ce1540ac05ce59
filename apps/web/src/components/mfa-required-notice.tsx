import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { MFA_REQUIRED_MESSAGE } from '@fourfour/shared/mfa';
import { Link } from 'react-router';
import { PageTitle } from './page-title.tsx';

/**
 * Shown instead of an admin page whose calls the server refused with MFA_REQUIRED: the account must
 * turn on two-factor sign-in first (REQUIRE_MFA_ROLES). The button opens the account page's setup.
 */
export function MfaRequiredNotice() {
  return (
    <Container size="sm" px="md" py={{ base: 'xl', sm: 64 }}>
      <PageTitle title="Two-factor authentication needed" />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="mfa-required">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="magenta" aria-hidden="true">
            <IconShieldLock size={34} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Two-factor authentication needed
          </Title>
          <Text role="alert" c="dark.0">
            {MFA_REQUIRED_MESSAGE}
          </Text>
          <Button component={Link} to="/account#two-factor" size="md" leftSection={<IconShieldLock size={18} />}>
            Set up two-factor authentication
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
