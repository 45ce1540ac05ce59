import { Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconBrandInstagram,
  IconBrandSoundcloud,
  IconBrandTiktok,
  IconBrandYoutube,
  IconMail,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import classes from './layout.module.css';

const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/fourfour', Icon: IconBrandInstagram },
  { name: 'SoundCloud', href: 'https://soundcloud.com/fourfour', Icon: IconBrandSoundcloud },
  { name: 'YouTube', href: 'https://www.youtube.com/@fourfour', Icon: IconBrandYoutube },
  { name: 'TikTok', href: 'https://www.tiktok.com/@fourfour', Icon: IconBrandTiktok },
] as const;

export function Footer() {
  const { supportEmail, productName } = usePublicConfig();
  const year = new Date().getFullYear();

  return (
    <footer className={classes.footer}>
      <Container size="xl" py={{ base: 'xl', sm: 40 }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="sm">
            <Logo />
            <Text size="sm" c="dimmed" maw={320}>
              House-music nights, QR tickets and a community for DJs and the people who dance to them.
            </Text>
          </Stack>

          <Stack gap="xs">
            <Text component="h2" size="xs" fw={700} tt="uppercase" c="dark.1" lts={1}>
              Follow us
            </Text>
            <Group component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {SOCIAL_LINKS.map(({ name, href, Icon }) => (
                <li key={name}>
                  <a
                    className={classes.social}
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${productName} on ${name} (opens in a new tab)`}
                    title={name}
                  >
                    <Icon size={22} stroke={1.6} aria-hidden="true" />
                  </a>
                </li>
              ))}
            </Group>
          </Stack>

          <Stack gap="xs">
            <Text component="h2" size="xs" fw={700} tt="uppercase" c="dark.1" lts={1}>
              Help and legal
            </Text>
            <Group component="ul" gap="md" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              <li>
                <Link className={classes.footerLink} to="/terms">
                  Terms
                </Link>
              </li>
              <li>
                <Link className={classes.footerLink} to="/privacy">
                  Privacy
                </Link>
              </li>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconMail size={16} aria-hidden="true" color="var(--mantine-color-dark-1)" />
              <Text size="sm" c="dark.1">
                Support:{' '}
                <a className={classes.footerLink} href={`mailto:${supportEmail}`}>
                  {supportEmail}
                </a>
              </Text>
            </Group>
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dark.2" mt="xl">
          © {year} {productName}. Strictly 18+.
        </Text>
      </Container>
    </footer>
  );
}
