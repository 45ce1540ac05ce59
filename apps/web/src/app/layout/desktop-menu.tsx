import { Menu } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isMenuActive, MenuButton } from './menu-button.tsx';
import type { NavMenuItem } from './navigation-items.ts';

/** A header dropdown (Talent, Admin): loaded lazily by the header. */
export function DesktopMenu({ menu }: { menu: NavMenuItem }) {
  const { pathname } = useLocation();
  const single = menu.groups.length === 1;
  return (
    <Menu position="bottom-start" offset={6} width={single ? 180 : 230} withinPortal>
      <Menu.Target>
        <MenuButton menu={menu} active={isMenuActive(menu, pathname)} />
      </Menu.Target>
      <Menu.Dropdown>
        {menu.groups.map((group, index) => (
          <div key={group.label}>
            {index > 0 && <Menu.Divider />}
            {!single && <Menu.Label>{group.label}</Menu.Label>}
            {group.links.map((item) => (
              <Menu.Item key={item.to} component={Link} to={item.to}>
                {item.label}
              </Menu.Item>
            ))}
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
