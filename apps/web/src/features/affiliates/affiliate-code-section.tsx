import { AFFILIATE_MESSAGES } from '@fourfour/shared/affiliate-messages';
import { AFFILIATE_DISCOUNT_PERCENT } from '@fourfour/shared/constants';
import { Alert, Anchor, Button, Code, CopyButton, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { lazy } from 'react';
import { Link } from 'react-router';
import { WhenIdle } from '../../components/when-idle.tsx';
import { useGenerateAffiliateCode } from './api/generate-affiliate-code.ts';
import { useMyAffiliateCode } from './api/get-my-affiliate-code.ts';

/**
 * The copy button's tooltip loads once the code has been shown and the browser is idle (every
 * member's account page would carry it otherwise, though only affiliates see this card); until then
 * the same button shows without it.
 */
const Tooltip = lazy(() => import('./components/code-tooltip.ts').then((m) => ({ default: m.Tooltip })));

/**
 * Account page section (AFFILIATE, ADMIN, MASTER; the page decides who sees it): the caller's
 * affiliate code with copy to clipboard, or a button that generates it once.
 */
export function AffiliateCodeSection() {
  const code = useMyAffiliateCode();
  const generate = useGenerateAffiliateCode();
  const value = code.data ?? generate.data ?? null;

  return (
    <Paper
      component="section"
      id="affiliate"
      aria-labelledby="affiliate-title"
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      withBorder
      data-testid="account-affiliate"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz={{ base: 20, sm: 22 }} id="affiliate-title">
            Affiliate code
          </Title>
          <Text size="sm" c="dimmed">
            Buyers who enter your code get {AFFILIATE_DISCOUNT_PERCENT}% off each ticket, and you earn commission on
            what they pay.{' '}
            <Anchor component={Link} to="/affiliate/stats" size="sm">
              See your sales
            </Anchor>
          </Text>
        </Stack>
        {code.isPending ? (
          <Loader size="sm" aria-label="Loading your affiliate code" />
        ) : value ? (
          <Group gap="sm" wrap="wrap">
            <Code
              fz={{ base: 22, sm: 26 }}
              px="md"
              py={6}
              fw={700}
              style={{ letterSpacing: '0.12em' }}
              data-testid="affiliate-code"
            >
              {value}
            </Code>
            <CopyButton value={value} timeout={2000}>
              {({ copied, copy }) => {
                const button = (
                  <Button
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    leftSection={
                      copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />
                    }
                    onClick={copy}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                );
                return (
                  <WhenIdle fallback={button}>
                    <Tooltip
                      label={copied ? AFFILIATE_MESSAGES.codeCopied : 'Copy to clipboard'}
                      withArrow
                      opened={copied || undefined}
                    >
                      {button}
                    </Tooltip>
                  </WhenIdle>
                );
              }}
            </CopyButton>
          </Group>
        ) : (
          <Group>
            <Button onClick={() => generate.mutate()} loading={generate.isPending} disabled={generate.isPending}>
              Generate my code
            </Button>
          </Group>
        )}
        {(generate.isError || code.isError) && (
          <Alert color="red" variant="light" role="alert">
            {AFFILIATE_MESSAGES.generateFailed}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
