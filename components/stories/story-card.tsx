'use client';

import Link from '@/components/shell/intent-link';
import { useId, useState } from 'react';
import { useKeyedList, useKeyedStop } from '@/components/list-keys';
import { RelativeTime } from '@/components/relative-time';
import { rememberList, rememberListOnOpen } from '@/lib/client/list-context';
import type { Story } from '@/lib/client/use-stories';
import { buttonClass } from '../control-styles';
import { StoryActions, unreadWords } from './story-actions';
import { StoryArticle } from './story-article';
import { ChevronRightIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

/** The distinct sources of a story's articles, in the order they first appear. */
export function sourcesOf(story: Story): string[] {
  const seen = new Set<string>();
  for (const article of story.articles) for (const feed of article.feeds) seen.add(feed.title);
  return [...seen];
}

/** "1 article", "3 articles". */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * One story: its title, summary and sources, and a disclosure button showing the person's
 * articles of it. j and k land on that button (on the heading of a story without articles of
 * yours), and o there shows or hides them. Shown, the articles answer j/k, o, m, s and v
 * (components/list-keys.tsx), and each says whether it is read and saved, as m and s change it.
 */
export function StoryCard({ story }: { story: Story }) {
  const [open, setOpen] = useState(false);
  const keyed = useKeyedList({ items: story.articles, onOpen: () => rememberList(story.articles) });
  const listId = useId();
  const sources = sourcesOf(story);
  const yours = story.articles.length;
  const stop = useKeyedStop(() => {
    if (yours > 0) setOpen((shown) => !shown);
  });

  return (
    <li className="border-b border-line py-4">
      <article aria-labelledby={`${listId}-title`}>
        {/* Without a button to land on, j and k land on the heading (focusable by script only). */}
        <h2 ref={yours > 0 ? undefined : stop} tabIndex={yours > 0 ? undefined : -1} id={`${listId}-title`} className="text-lg font-semibold leading-snug">
          <Link href={`/stories/${story.id}`} className="text-ink no-underline hover:underline">{story.title}</Link>
        </h2>
        <p className="mt-1 text-sm text-muted">
          {plural(story.article_count, 'article', 'articles')} from {plural(story.source_count, 'source', 'sources')}
          {yours > 0 && ` · ${unreadWords(story)}`}
          {story.published_at && (
            <>
              {' · '}
              <RelativeTime timestamp={story.published_at} />
            </>
          )}
        </p>
        {story.summary && <p className="mt-2 max-w-prose">{story.summary}</p>}
        {sources.length > 0 && (
          <p className="mt-2 text-sm">
            <span className="font-medium">Sources: </span>
            <span className="text-muted">{sources.join(', ')}</span>
          </p>
        )}
        <StoryActions story={story} titleId={`${listId}-title`}>
          {yours > 0 && (
            <button
              ref={stop}
              type="button"
              aria-expanded={open}
              aria-controls={listId}
              // Every story has this button: the story's title tells them apart when tabbing through.
              aria-describedby={`${listId}-title`}
              onClick={() => setOpen(!open)}
              className={buttonClass}
            >
              <ButtonIcon icon={ChevronRightIcon} className={`transition-transform ${open ? 'rotate-90' : ''}`} />
              {open ? 'Hide your articles' : `Show your ${plural(yours, 'article', 'articles')}`}
            </button>
          )}
        </StoryActions>
        {yours > 0 && (
          <ul ref={keyed} id={listId} hidden={!open} aria-label={`Your articles about ${story.title}`} className="mt-3 space-y-2 border-l-2 border-line pl-3" onClick={rememberListOnOpen(story.articles)}>
            {story.articles.map((article) => (
              <StoryArticle key={article.id} article={article} />
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}
