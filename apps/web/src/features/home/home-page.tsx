import { FREE_TICKETS_PER_YEAR, PLAN_PRICES_GBP } from '@fourfour/shared/constants';
import { PAID_TIERS, type PaidTier } from '@fourfour/shared/enums';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconCrown, IconQrcode, IconScan, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { formatGbp } from '../../lib/format.ts';
import { type Session, useSession } from '../../lib/session.ts';
import { HeroVideo } from './hero-video.tsx';
import classes from './home.module.css';

const FEATURES = [
  {
    title: 'Events',
    text: 'Warehouse sessions, rooftop day parties and intimate basement nights, all in one list with live availability.',
    Icon: IconCalendarEvent,
  },
  {
    title: 'QR tickets',
    text: 'Standard or VIP, each with its own signed QR code. Show it on your phone and the door scans you in.',
    Icon: IconQrcode,
  },
  {
    title: 'Memberships',
    text: 'Monthly plans for artists and DJs with free tickets every year, playlist features and career support.',
    Icon: IconCrown,
  },
  {
    title: 'Community',
    text: 'A weekly Top 5, a talent roster, the team behind the nights, and a direct line to our A&R team for your tracks.',
    Icon: IconUsersGroup,
  },
] as const;

const PLAN_COPY: Record<PaidTier, { headline: string; extras: string[] }> = {
  ENTRY: {
    headline: 'Get in the room',
    extras: ['Playlist feature', 'Social reel', 'Top 5 feature', 'Talent roster listing'],
  },
  MIDDLE: {
    headline: 'Build your name',
    extras: ['Everything in Entry', 'Second playlist feature', 'Social post', 'Invites to larger events'],
  },
  HEADLINER: {
    headline: 'Take the main stage',
    extras: ['Everything in Middle', 'Headline opportunities', 'Custom promotion', 'Monthly studio session'],
  },
};

function freeTicketsLine(tier: PaidTier): string {
  const count = FREE_TICKETS_PER_YEAR[tier];
  return count === null ? 'Unlimited free standard tickets a year' : `${count} free standard tickets a year`;
}

function HeroActions({ session }: { session: Session }) {
  if (session.status === 'loading') {
    return (
      <Group gap="md" aria-hidden="true">
        <Skeleton height={50} width={170} radius="xl" />
        <Skeleton height={50} width={130} radius="xl" />
      </Group>
    );
  }
  const role = session.user?.role;
  if (!role) {
    return (
      <Group gap="md">
        <Button component={Link} to="/register" size="lg" radius="xl">
          Create account
        </Button>
        <Button component={Link} to="/login" size="lg" radius="xl" variant="white" c="dark.8">
          Log in
        </Button>
      </Group>
    );
  }
  if (role === 'EVENT_WORKER') {
    return (
      <Group gap="md">
        <Button
          component={Link}
          to="/ticket/scan"
          size="lg"
          radius="xl"
          leftSection={<IconScan size={20} aria-hidden="true" />}
        >
          Open Ticket Scan
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="md">
      <Button component={Link} to="/events" size="lg" radius="xl">
        Explore events
      </Button>
      <Button
        component={Link}
        to="/subscribe"
        size="lg"
        radius="xl"
        variant="white"
        c="dark.8"
        leftSection={<IconCrown size={20} aria-hidden="true" />}
      >
        Go Pro
      </Button>
    </Group>
  );
}

export function HomePage() {
  const session = useSession();
  const greeting = session.user ? `Welcome back, ${session.user.username}.` : null;

  return (
    <>
      <PageTitle title="Home" />
      <section className={classes.hero} aria-labelledby="hero-title">
        <HeroVideo />
        <div className={classes.heroShade} />
        <Container size="xl" className={classes.heroContent}>
          <Stack gap="lg" maw={640}>
            <span className={classes.eyebrow}>
              <span className={classes.pulseDot} aria-hidden="true" />
              House music · DJ community
            </span>
            <Title order={1} id="hero-title" className={classes.heroTitle}>
              Four beats to the bar. <span className={classes.accent}>All night long.</span>
            </Title>
            <Text size="lg" c="dark.0" maw={540}>
              {greeting ? `${greeting} ` : ''}Find the next night, carry your ticket as a QR code, and grow with a
              community of DJs, artists and dancers who live for the kick drum.
            </Text>
            <HeroActions session={session} />
          </Stack>
        </Container>
      </section>

      <Container size="xl" py={{ base: 48, sm: 80 }} component="section" aria-labelledby="features-title">
        <Stack gap={6} mb="xl">
          <Title order={2} id="features-title" fz={{ base: 28, sm: 36 }}>
            Everything for the night, in one place
          </Title>
          <Text c="dimmed" maw={620}>
            From the first listen to the last record: find events, get in fast, and be part of the scene.
          </Text>
        </Stack>
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 4 }}
          spacing="lg"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {FEATURES.map(({ title, text, Icon }) => (
            <li key={title}>
              <Card className={classes.featureCard} radius="lg" padding="lg">
                <ThemeIcon size={48} radius="md" variant="light" color="magenta" aria-hidden="true">
                  <Icon size={26} stroke={1.7} />
                </ThemeIcon>
                <Title order={3} fz="lg" mt="md" mb={6}>
                  {title}
                </Title>
                <Text size="sm" c="dark.1">
                  {text}
                </Text>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      </Container>

      <Box component="section" className={classes.perks} py={{ base: 48, sm: 80 }} aria-labelledby="perks-title">
        <Container size="xl">
          <Stack gap={6} mb="xl" align="center" ta="center">
            <Badge variant="light" color="magenta" size="lg">
              Subscriber perks
            </Badge>
            <Title order={2} id="perks-title" fz={{ base: 28, sm: 36 }}>
              Go Pro: free tickets every year
            </Title>
            <Text c="dimmed" maw={640}>
              Every plan includes free standard tickets each calendar year, at most one per event. Free tickets and
              benefits unlock once your age has been verified.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {PAID_TIERS.map((tier) => {
              const featured = tier === 'MIDDLE';
              return (
                <Card
                  key={tier}
                  radius="lg"
                  padding="xl"
                  className={`${classes.planCard} ${featured ? classes.planCardFeatured : ''}`}
                >
                  <Group justify="space-between" align="center" mb="xs">
                    <Title order={3} fz="xl" tt="capitalize">
                      {tier.toLowerCase()}
                    </Title>
                    {featured && (
                      <Badge color="magenta" variant="filled">
                        Most popular
                      </Badge>
                    )}
                  </Group>
                  <Text c="dimmed" size="sm">
                    {PLAN_COPY[tier].headline}
                  </Text>
                  <Group gap={6} align="baseline" mt="md">
                    <Text fz={36} fw={900} c="white" lh={1}>
                      {formatGbp(PLAN_PRICES_GBP[tier])}
                    </Text>
                    <Text c="dimmed" size="sm">
                      a month
                    </Text>
                  </Group>
                  <Text mt="md" fw={700} c="magenta.2">
                    {freeTicketsLine(tier)}
                  </Text>
                  <Text size="xs" c="dark.2">
                    At most 1 per event
                  </Text>
                  <List
                    mt="md"
                    spacing={6}
                    size="sm"
                    c="dark.1"
                    icon={
                      <ThemeIcon size={18} radius="xl" color="magenta" variant="light" aria-hidden="true">
                        <IconCheck size={12} stroke={3} />
                      </ThemeIcon>
                    }
                  >
                    {PLAN_COPY[tier].extras.map((extra) => (
                      <List.Item key={extra}>{extra}</List.Item>
                    ))}
                  </List>
                </Card>
              );
            })}
          </SimpleGrid>
          <Group justify="center" mt="xl">
            {session.user?.role === 'EVENT_WORKER' ? null : (
              <Button
                component={Link}
                to={session.user ? '/subscribe' : '/register'}
                size="md"
                radius="xl"
                variant="outline"
                color="magenta.3"
              >
                {session.user ? 'Compare plans' : 'Create an account to subscribe'}
              </Button>
            )}
          </Group>
        </Container>
      </Box>
    </>
  );
}
