import type { ReactNode, Ref } from 'react';
import Link from '@/components/shell/intent-link';
import type { ListedItem } from '@/lib/client/item-cache';
import { PublishedDate } from './published-date';
import { ReaderActions } from './reader-actions';

type Props = {
  /** A detail, or an item as its list showed it (no author or reading time then). */
  item: ListedItem & { author?: string | null; reading_time?: number | null };
  titleRef: Ref<HTMLHeadingElement>;
  back: { href: string; label: string };
  onToggleRead: () => void;
  onToggleSaved: () => void;
  /** What the last action did, announced politely. */
  status: string;
  /** More actions, shown after Save. */
  children?: ReactNode;
};

/** The top of the reader: the way back, the title (focused on arrival), source and date, and the actions. */
export function ReaderHeader({ item, titleRef, back, onToggleRead, onToggleSaved, status, children }: Props) {
  return (
    <header>
      {/* The way back is tapped more than any other link here: a 44 px tall target, in the room of one line of text. */}
      <p className="text-sm"><Link href={back.href} className="-my-3 inline-flex min-h-11 items-center">← {back.label}</Link></p>
      <h1 id="item-title" ref={titleRef} tabIndex={-1} className="mt-3 text-2xl font-bold leading-tight focus:outline-none sm:text-3xl">
        {item.title || 'Untitled'}
      </h1>
      <p className="mt-2 text-sm text-muted">
        {item.feeds.map((feed) => feed.title).join(', ')}
        {item.published_at && <> · <PublishedDate timestamp={item.published_at} /></>}
        {item.author && <> · {item.author}</>}
        {item.reading_time ? <> · {item.reading_time} min read</> : null}
      </p>
      <ReaderActions item={item} onToggleRead={onToggleRead} onToggleSaved={onToggleSaved}>
        {children}
      </ReaderActions>
      <p role="status" className="mt-2 min-h-6 text-sm text-muted">{status}</p>
    </header>
  );
}
