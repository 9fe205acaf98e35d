import { Bookmark, BookmarkCheck, Check, Circle, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonIcon } from '@/components/button-icon';
import { ShareButton } from '@/components/share-button';
import type { ListedItem } from '@/lib/client/item-cache';

/** `children`: more actions of the reader (full content, read-later), shown after Save. */
type Props = { item: ListedItem; onToggleRead: () => void; onToggleSaved: () => void; children?: ReactNode };

/** The look of every action button of the reader's row. */
export const actionButtonClass = 'inline-flex min-h-11 items-center gap-2 rounded-md border border-line-strong px-4 text-sm font-medium text-ink hover:bg-surface';

/** The reader's actions on the item: read state, saved state, the original page, and a share link (saved items). */
export function ReaderActions({ item, onToggleRead, onToggleSaved, children }: Props) {
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <button type="button" onClick={onToggleRead} className={actionButtonClass}>
        <ButtonIcon icon={item.is_read ? Circle : Check} />
        {item.is_read ? 'Mark unread' : 'Mark read'}
      </button>
      <button
        type="button"
        onClick={onToggleSaved}
        className={`${actionButtonClass} ${item.is_saved ? 'bg-accent-soft hover:bg-accent-soft' : ''}`}
      >
        <ButtonIcon icon={item.is_saved ? BookmarkCheck : Bookmark} />
        {item.is_saved ? 'Unsave' : 'Save'}
      </button>
      {children}
      {item.canonical_url && (
        <a href={item.canonical_url} target="_blank" rel="noopener noreferrer" className={`${actionButtonClass} no-underline`}>
          <ButtonIcon icon={ExternalLink} />
          Open original<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      <ShareButton itemId={item.id} title={item.title} isSaved={item.is_saved} />
    </div>
  );
}
