import { IconChevronDown } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import classes from './layout.module.css';
import type { NavMenuItem } from './navigation-items.ts';

export function isMenuActive(menu: NavMenuItem, pathname: string): boolean {
  return menu.groups.some((group) => group.links.some((item) => pathname === item.to));
}

/** A header menu's button: shown at once, and the target of the dropdown once it has loaded. */
export const MenuButton = forwardRef<
  HTMLButtonElement,
  { menu: NavMenuItem; active: boolean } & ComponentPropsWithoutRef<'button'>
>(function MenuButton({ menu, active, ...rest }, ref) {
  return (
    <button ref={ref} type="button" className={classes.navLink} data-active={active || undefined} {...rest}>
      {menu.label}
      <IconChevronDown size={14} stroke={2.2} aria-hidden="true" />
    </button>
  );
});
