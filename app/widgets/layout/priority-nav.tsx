/**
 * The role's menu in the top bar: as many items as the row has room for, in order, and the rest under 'More', so
 * the row never scrolls sideways or cuts an item, at any width and whatever the number of items. What fits is
 * measured on a hidden copy of the whole row (the items as drawn, and the 'More' button), again whenever the
 * row or the copy changes size (a narrower window, a font that loads late).
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { Link, NavLink, useLocation } from '../../lib/router';
import { itemsThatFit, type NavItem } from './nav-items';

const ITEM = 'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap';
const ITEM_COLOURS = (active: boolean) => (active ? 'bg-brand-50 text-brand-800' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900');
const MENU_ITEM = 'block cursor-pointer rounded px-3 py-2 text-sm text-stone-800 outline-none data-[highlighted]:bg-stone-100';

function isCurrent(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function PriorityNav({ items, label }: { items: NavItem[]; label: string }) {
  const row = useRef<HTMLElement>(null);
  const copy = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(items.length);
  const { pathname } = useLocation();
  // The menu's words, not its array (made anew on each drawing of the bar), decide when to measure afresh.
  const itemsKey = items.map((item) => item.label).join('\n');

  useLayoutEffect(() => {
    const rowElement = row.current;
    const copyElement = copy.current;
    if (!rowElement || !copyElement) return;
    const measure = () => {
      // Rounded up, so fractions of a pixel never let an item overhang the row.
      const widths = [...copyElement.children].map((child) => Math.ceil(child.getBoundingClientRect().width));
      const moreWidth = widths.pop() ?? 0;
      setShown(itemsThatFit(widths, moreWidth, rowElement.clientWidth));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(rowElement);
    observer.observe(copyElement);
    return () => observer.disconnect();
  }, [itemsKey]);

  const folded = items.slice(shown);
  const currentFolded = folded.some((item) => isCurrent(pathname, item.to));

  return (
    <nav ref={row} aria-label={label} className="relative min-w-0">
      {/* Clipped to no height, the copy is measured without widening the page or being seen, focused or read. */}
      <div aria-hidden className="invisible absolute inset-x-0 top-0 h-0 overflow-hidden">
        <div ref={copy} className="flex w-max gap-1">
          {items.map((item) => (
            <span key={item.to} className={ITEM}>
              {item.label}
            </span>
          ))}
          <span className={cn(ITEM, 'flex items-center gap-1')}>
            More
            <Chevron />
          </span>
        </div>
      </div>
      <ul className="flex gap-1">
        {items.slice(0, shown).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={({ isActive }) => cn(ITEM, ITEM_COLOURS(isActive))}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {folded.length > 0 && (
          <li>
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger className={cn(ITEM, 'flex items-center gap-1', ITEM_COLOURS(currentFolded))}>
                More
                <Chevron />
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content align="start" sideOffset={4} className="z-50 min-w-44 rounded-md border border-stone-200 bg-white p-1 shadow-lg">
                  {folded.map((item) => {
                    const current = isCurrent(pathname, item.to);
                    return (
                      <DropdownMenu.Item key={item.to} asChild className={cn(MENU_ITEM, current && 'font-semibold text-brand-800')}>
                        <Link to={item.to} aria-current={current ? 'page' : undefined}>
                          {item.label}
                        </Link>
                      </DropdownMenu.Item>
                    );
                  })}
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          </li>
        )}
      </ul>
    </nav>
  );
}

function Chevron() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}
