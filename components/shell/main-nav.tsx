'use client';

import { escapeClosesMenu, onPressOutside } from '@/components/close-on-escape';
import Link from '@/components/shell/intent-link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/** The sections; `folds` ones go into the More disclosure below the md breakpoint, so a phone's header keeps one row. */
const links = [
  { href: '/inbox', label: 'Inbox', folds: false },
  { href: '/stories', label: 'Stories', folds: true },
  { href: '/episodes', label: 'Episodes', folds: true },
  { href: '/search', label: 'Search', folds: true },
  { href: '/subscriptions', label: 'Subscriptions', folds: true },
  { href: '/settings', label: 'Settings', folds: true },
] as const;

type Section = { href: string; label: string; current: boolean };

const currentClass = 'bg-accent-soft text-ink';
const otherClass = 'text-muted hover:bg-accent-soft hover:text-ink';

/** The class of a section's link, or of the More button standing for the current one. */
function sectionClass(current: boolean, layout = 'inline-flex'): string {
  return `${layout} min-h-11 items-center rounded-md px-2 text-sm font-medium no-underline lg:px-3 ${current ? currentClass : otherClass}`;
}

/**
 * The More disclosure: a button and the list of links it shows below itself. It closes on Escape
 * (focus back on the button), on a press or focus outside it, and when one of its links is followed.
 * Standing for the sections it holds, the button looks current when one of them is.
 */
function MoreSections({ sections }: { sections: Section[] }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open || !box.current) return;
    return onPressOutside(box.current, () => setOpen(false));
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    // Stopped here too: the page's own Escape (closing the reader, say) must not run as well.
    if (escapeClosesMenu(event, open, () => setOpen(false), button.current)) event.stopPropagation();
  };
  const onBlur = (event: FocusEvent) => {
    if (!box.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div ref={box} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="more-sections"
        onClick={() => setOpen(!open)}
        className={`${sectionClass(sections.some((section) => section.current))} gap-1`}
      >
        More
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" className={open ? 'rotate-180' : undefined}>
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id="more-sections" hidden={!open} className="absolute right-0 top-full z-40 mt-1 min-w-44 rounded-lg border border-line-strong bg-surface p-1 shadow-lg">
        {sections.map(({ href, label, current }) => (
          <li key={href}>
            <Link href={href} aria-current={current ? 'page' : undefined} onClick={() => setOpen(false)} className={sectionClass(current, 'flex')}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The app's main navigation; marks the section the reader is in with aria-current. On phones and
 * small tablets only the inbox stays in the row and the others are one press away under More.
 */
export function MainNav() {
  const pathname = usePathname() ?? '';
  // A shared item's page is for visitors who are not signed in, and the sign-in page for people not
  // signed in yet: nothing of the app around them, whose sections would only lead back to sign-in.
  if (pathname.startsWith('/share/') || pathname === '/sign-in') return null;
  const sections = links.map((link) => ({ ...link, current: pathname === link.href || pathname.startsWith(`${link.href}/`) }));
  return (
    <nav aria-label="Main">
      <ul className="flex items-center gap-x-1">
        {sections.map(({ href, label, current, folds }) => (
          <li key={href} className={folds ? 'max-md:hidden' : undefined}>
            <Link href={href} aria-current={current ? 'page' : undefined} className={sectionClass(current)}>
              {label}
            </Link>
          </li>
        ))}
        <li className="relative md:hidden">
          <MoreSections sections={sections.filter((section) => section.folds)} />
        </li>
      </ul>
    </nav>
  );
}
