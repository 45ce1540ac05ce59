import { Box, Burger, Container, Group, type MantineBreakpoint, Skeleton, useMantineTheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { isMenuActive, MenuButton } from './menu-button.tsx';
import { Logo } from '../../components/logo.tsx';
import { logout } from '../../lib/auth-session.ts';
import { useSession } from '../../lib/session.ts';
import classes from './layout.module.css';
import { buildNavigation, type NavItem, type NavMenuItem } from './navigation-items.ts';

/** Longer lists collapse into the burger on wider screens, so nothing ever wraps or overflows. */
function burgerBreakpoint(items: NavItem[]): MantineBreakpoint | null {
  if (items.length <= 2) return null;
  if (items.length <= 8) return 'md';
  if (items.length <= 10) return 'lg';
  return 'xl';
}

/**
 * The dropdown menus (Mantine Menu and its positioning library) load just after the first paint:
 * until then the same button shows, so nothing moves (bench/web-size.ts budget).
 */
const DesktopMenu = lazy(() => import('./desktop-menu.tsx').then((m) => ({ default: m.DesktopMenu })));

/**
 * The phone menu (Mantine Drawer with its focus trap, scroll lock and scroll area) loads when the
 * burger is first pressed, or pointed at: no page needs it for its first paint (bench/web-size.ts).
 */
const loadMobileNavigation = () => import('./mobile-navigation.tsx');
const MobileNavigation = lazy(() => loadMobileNavigation().then((m) => ({ default: m.MobileNavigation })));

/**
 * Whether a media query matches now: read during render (not in an effect, as Mantine's
 * useMediaQuery does), so a change of query never renders once with the previous answer.
 */
function useMediaMatches(query: string | null): boolean {
  const canMatch = typeof window !== 'undefined' && typeof window.matchMedia === 'function';
  return useSyncExternalStore(
    (onChange) => {
      if (!query || !canMatch) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (query && canMatch ? window.matchMedia(query).matches : true),
    () => true,
  );
}

function DesktopMenuSlot({ menu }: { menu: NavMenuItem }) {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<MenuButton menu={menu} active={isMenuActive(menu, pathname)} />}>
      <DesktopMenu menu={menu} />
    </Suspense>
  );
}

function DesktopItem({ item }: { item: NavItem }) {
  switch (item.kind) {
    case 'link':
      return (
        <NavLink to={item.to} className={classes.navLink} end>
          {item.label}
        </NavLink>
      );
    case 'menu':
      return <DesktopMenuSlot menu={item} />;
    case 'account':
      return (
        <NavLink to={item.to} className={classes.navLink} aria-label="Account" title="Account" end>
          <IconUserCircle size={24} stroke={1.7} aria-hidden="true" />
        </NavLink>
      );
    case 'logout':
      return (
        <button type="button" className={classes.navLink} onClick={() => void logout()}>
          {item.label}
        </button>
      );
  }
}

export function Header() {
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Mounted from the first press on, so closing it still plays its transition.
  const [menuWanted, setMenuWanted] = useState(false);
  const { pathname } = useLocation();
  const items = buildNavigation(session.user?.role ?? null);
  const breakpoint = burgerBreakpoint(items);
  // Below the breakpoint the bar is hidden by CSS anyway; not rendering it spares a phone the work
  // and the dropdown menus' code.
  const theme = useMantineTheme();
  const isBarShown = useMediaMatches(breakpoint ? `(min-width: ${theme.breakpoints[breakpoint]})` : null);

  // A route change (including browser back) closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes only
  useEffect(() => close(), [pathname]);

  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.headerInner}>
        <Link to="/" className={classes.brand} aria-label="FourFour home">
          <Logo />
        </Link>

        {session.status === 'loading' ? (
          <Group gap="xs" aria-hidden="true">
            <Skeleton height={30} width={70} radius="md" />
            <Skeleton height={30} width={84} radius="md" />
          </Group>
        ) : (
          <>
            {isBarShown && (
              <Box component="nav" aria-label="Main" visibleFrom={breakpoint ?? undefined}>
                <Group component="ul" className={classes.navList} wrap="nowrap">
                  {items.map((item) => (
                    <li key={item.kind === 'link' ? item.to : `${item.kind}-${item.label}`}>
                      {breakpoint === null && item.kind === 'link' && item.to === '/register' ? (
                        <NavLink to={item.to} className={`${classes.navLink} ${classes.navButton}`} end>
                          {item.label}
                        </NavLink>
                      ) : (
                        <DesktopItem item={item} />
                      )}
                    </li>
                  ))}
                </Group>
              </Box>
            )}
            {breakpoint && (
              <Burger
                opened={opened}
                onClick={() => {
                  setMenuWanted(true);
                  toggle();
                }}
                onPointerEnter={() => void loadMobileNavigation()}
                onFocus={() => void loadMobileNavigation()}
                hiddenFrom={breakpoint}
                aria-label={opened ? 'Close menu' : 'Open menu'}
                aria-expanded={opened}
                aria-controls={menuWanted ? 'mobile-navigation' : undefined}
                size="md"
              />
            )}
          </>
        )}
      </Container>

      {breakpoint && menuWanted && (
        <Suspense fallback={null}>
          <MobileNavigation items={items} opened={opened} onClose={close} hiddenFrom={breakpoint} />
        </Suspense>
      )}
    </header>
  );
}
