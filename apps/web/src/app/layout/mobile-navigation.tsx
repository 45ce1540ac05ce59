import { Drawer, type MantineBreakpoint, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { logout } from '../../lib/auth-session.ts';
import classes from './layout.module.css';
import type { NavItem } from './navigation-items.ts';

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

/** The phone menu: a drawer from the right with every entry of the header (loaded by header.tsx). */
export function MobileNavigation({
  items,
  opened,
  onClose,
  hiddenFrom,
}: {
  items: NavItem[];
  opened: boolean;
  onClose: () => void;
  hiddenFrom: MantineBreakpoint;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(320px, 88vw)"
      title={
        <Text fw={800} fz="lg">
          Menu
        </Text>
      }
      hiddenFrom={hiddenFrom}
      id="mobile-navigation"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <nav aria-label="Main">
        <DrawerItems items={items} onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
