'use client';

import Link from '@/components/shell/intent-link';
import { usePathname } from 'next/navigation';

const links = [
  { href: '/inbox', label: 'Inbox' },
  { href: '/stories', label: 'Stories' },
  { href: '/episodes', label: 'Episodes' },
  { href: '/search', label: 'Search' },
  { href: '/subscriptions', label: 'Subscriptions' },
  { href: '/settings', label: 'Settings' },
] as const;

/** The app's main navigation; marks the section the reader is in with aria-current. */
export function MainNav() {
  const pathname = usePathname() ?? '';
  // A shared item's page is for visitors who are not signed in: nothing of the app around it.
  if (pathname.startsWith('/share/')) return null;
  return (
    <nav aria-label="Main">
      <ul className="flex flex-wrap gap-y-1 sm:gap-x-1">
        {links.map(({ href, label }) => {
          const current = pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-md px-2 text-sm sm:px-3 font-medium no-underline ${
                  current ? 'bg-accent-soft text-ink' : 'text-muted hover:bg-accent-soft hover:text-ink'
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
