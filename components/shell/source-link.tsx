'use client';

import Link from '@/components/shell/intent-link';

type Props = {
  href: string;
  label: string;
  unread: number | null;
  current: boolean;
  pinned?: boolean;
  onNavigate?: () => void;
};

/** One entry of the sidebar: a link to the inbox filtered to it, with its unread count. */
export function SourceLink({ href, label, unread, current, pinned = false, onNavigate }: Props) {
  return (
    <Link
      href={href}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
      title={label}
      className={`flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-md px-2 text-sm no-underline ${
        current ? 'bg-accent-soft font-semibold text-ink' : 'text-ink hover:bg-surface'
      }`}
    >
      <span className="min-w-0 flex-1 truncate">{label}</span>
      {pinned && (
        <span className="text-muted">
          <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12" fill="currentColor">
            <path d="M10.5 1.5 14.5 5.5 12 6.5 9.5 9 9 12.5 3.5 7 7 6.5 9.5 4z" />
            <path d="M5.5 10.5 2 14" stroke="currentColor" strokeWidth="1.5" />
          </svg>
          <span className="sr-only">, pinned</span>
        </span>
      )}
      {unread !== null && unread > 0 && (
        <span className="shrink-0 text-xs font-medium tabular-nums text-muted">
          {unread}
          <span className="sr-only"> unread</span>
        </span>
      )}
    </Link>
  );
}
