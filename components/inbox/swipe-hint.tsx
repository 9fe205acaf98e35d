import { Bookmark, BookmarkMinus, Check, Circle } from 'lucide-react';
import type { ListedItem } from '@/lib/client/item-cache';

type Props = { offset: number; armed: boolean; item: ListedItem };

/**
 * What a swipe under way will do, uncovered behind the row as it moves: right toggles read, left
 * toggles saved; it fills in once the row has moved far enough. For the eye: the same actions
 * are buttons in the row's menu, and the river says what a swipe did.
 */
export function SwipeHint({ offset, armed, item }: Props) {
  const right = offset > 0;
  const Icon = right ? (item.is_read ? Circle : Check) : item.is_saved ? BookmarkMinus : Bookmark;
  const text = right ? (item.is_read ? 'Mark unread' : 'Mark read') : item.is_saved ? 'Unsave' : 'Save';
  return (
    <div
      aria-hidden
      className={`absolute inset-0 flex items-center gap-2 px-4 text-sm font-semibold ${right ? 'justify-start' : 'justify-end'} ${armed ? 'bg-accent text-on-accent' : 'bg-surface text-ink'}`}
    >
      <Icon className="size-5" />
      {text}
    </div>
  );
}
