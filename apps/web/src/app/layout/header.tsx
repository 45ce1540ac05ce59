import {
  Box,
  Burger,
  Container,
  Drawer,
  Group,
  type MantineBreakpoint,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
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

function DrawerItems({ items, onNavigate }: { items: NavItem[]; onNavigate: () => void }) {
  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => {
        switch (item.kind) {
          case 'link':
            return (
              <li key={item.to}>
                <NavLink to={item.to} className={classes.drawerLink} onClick={onNavigate} end>
                  {item.label}
                </NavLink>
              </li>
            );
          case 'menu':
            return item.groups.map((group) => (
              <li key={`${item.label}-${group.label}`}>
                <div className={classes.drawerGroupLabel} id={`drawer-${item.label}-${group.label}`}>
                  {item.label === group.label ? group.label : `${item.label} · ${group.label}`}
                </div>
                <ul
                  aria-labelledby={`drawer-${item.label}-${group.label}`}
                  style={{ listStyle: 'none', margin: 0, padding: 0 }}
                >
                  {group.links.map((linkItem) => (
                    <li key={linkItem.to}>
                      <NavLink to={linkItem.to} className={classes.drawerLink} onClick={onNavigate} end>
                        {linkItem.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            ));
          case 'account':
            return (
              <li key="account">
                <NavLink to={item.to} className={classes.drawerLink} onClick={onNavigate} end>
                  <IconUserCircle size={20} aria-hidden="true" />
                  Account
                </NavLink>
              </li>
            );
          case 'logout':
            return (
              <li key="logout">
                <button
                  type="button"
                  className={classes.drawerLink}
                  onClick={() => {
                    onNavigate();
                    void logout();
                  }}
                >
                  <IconLogout size={20} aria-hidden="true" />
                  {item.label}
                </button>
              </li>
            );
          default:
            return null;
        }
      })}
    </Stack>
  );
}

export function Header() {
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const items = buildNavigation(session.user?.role ?? null);
  const breakpoint = burgerBreakpoint(items);

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
            {breakpoint && (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom={breakpoint}
                aria-label={opened ? 'Close menu' : 'Open menu'}
                aria-expanded={opened}
                aria-controls="mobile-navigation"
                size="md"
              />
            )}
          </>
        )}
      </Container>

      {breakpoint && (
        <Drawer
          opened={opened}
          onClose={close}
          position="right"
          size="min(320px, 88vw)"
          title={
            <Text fw={800} fz="lg">
              Menu
            </Text>
          }
          hiddenFrom={breakpoint}
          id="mobile-navigation"
          scrollAreaComponent={ScrollArea.Autosize}
        >
          <nav aria-label="Main">
            <DrawerItems items={items} onNavigate={close} />
          </nav>
        </Drawer>
      )}
    </header>
  );
}
