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
>(function MenuButton({ menu, active, className, ...rest }, ref) {
  // Mantine's Menu.Target passes a className of its own (empty here); it must add to ours, not
  // replace it (the desktop Talent and Admin buttons rendered as bare native buttons).
  const classNames = [classes.navLink, className].filter(Boolean).join(' ');
  return (
    <button ref={ref} type="button" data-active={active || undefined} {...rest} className={classNames}>
      {menu.label}
      <IconChevronDown size={14} stroke={2.2} aria-hidden="true" />
    </button>
  );
});
