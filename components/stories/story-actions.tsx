'use client';

import { useState, type ReactNode } from 'react';
import { errorSentence } from '@/lib/client/error-message';
import { useItemActions, type BulkAction } from '@/lib/client/use-item-actions';
import type { Story } from '@/lib/client/use-stories';
import { buttonClass } from '../control-styles';
import { BookmarkIcon, BookmarkMinusIcon, CheckCheckIcon, CircleIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

/** How many of the person's articles of a story are unread. */
function unreadOf(story: Story): number {
  return story.articles.filter((article) => !article.is_read).length;
}

/** The story's read state in words for its summary line: "2 unread", or "all read" rather than "0 unread". */
export function unreadWords(story: Story): string {
  const unread = unreadOf(story);
  return unread > 0 ? `${unread} unread` : 'all read';
}

/**
 * A story's triage as a whole: mark all of the person's articles of it read (or unread again
 * once all are) and save them all (or unsave). One bulk change through the outbox, as the inbox's
 * selection does, so it shows at once, waits offline and reaches the service in order.
 * `children` (the list's "Show your articles") sit in the same row, after Save.
 */
export function StoryActions({ story, titleId, children }: { story: Story; titleId: string; children?: ReactNode }) {
  const actions = useItemActions();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = story.articles.map((article) => article.id);
  if (ids.length === 0) return null;
  const unread = unreadOf(story);
  const allSaved = story.articles.every((article) => article.is_saved);

  async function run(action: BulkAction) {
    setBusy(true);
    try {
      // Only the articles the action changes: the service's count then says what happened.
      const changed = story.articles.filter((article) => {
        if (action === 'mark_read') return !article.is_read;
        if (action === 'mark_unread') return article.is_read;
        return action === 'save' ? !article.is_saved : article.is_saved;
      });
      setStatus(await actions.bulk(changed.map((article) => article.id), action));
    } catch (error) {
      setStatus(errorSentence(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      {/* Every story has these buttons: the story's title tells them apart when tabbing through. */}
      <button type="button" className={buttonClass} aria-describedby={titleId} aria-disabled={busy} onClick={() => void (busy || run(unread > 0 ? 'mark_read' : 'mark_unread'))}>
        <ButtonIcon icon={unread > 0 ? CheckCheckIcon : CircleIcon} />
        {unread > 0 ? 'Mark story read' : 'Mark story unread'}
      </button>
      <button type="button" className={buttonClass} aria-describedby={titleId} aria-disabled={busy} onClick={() => void (busy || run(allSaved ? 'unsave' : 'save'))}>
        <ButtonIcon icon={allSaved ? BookmarkMinusIcon : BookmarkIcon} />
        {allSaved ? 'Unsave story' : 'Save story'}
      </button>
      {children}
      <span role="status" className="text-sm text-muted">{status}</span>
    </div>
  );
}
