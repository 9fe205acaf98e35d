'use client';

import Link from '@/components/shell/intent-link';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { KeyboardShortcuts } from '@/components/keyboard-shortcuts';
import { ListKeys } from '@/components/list-keys';
import type { ShortcutLabels } from '@/components/list-keys-context';
import { ApiError } from '@/lib/client/api-client';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { useStories } from '@/lib/client/use-stories';
import { ListSkeleton } from '@/components/list-skeleton';
import { PlusIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';
import { buttonClass, primaryButtonClass } from '../control-styles';
import { StoryCard } from './story-card';
import { addSubscriptionHref } from '@/lib/client/subscriptions-view';

/** Why stories are missing on this plan and where to change that (the service's own words included). */
export function PlanExplanation({ message }: { message: string }) {
  return (
    <div className="mt-4 rounded-lg border border-line-strong bg-surface p-4">
      <h2 className="text-lg font-semibold">Stories come with the Pro and Plus plans</h2>
      <p className="mt-2 max-w-prose">
        A story gathers the articles your sources wrote about the same event, so you can read one and skip the rest,
        or compare how each source told it. Your current plan does not include stories.
      </p>
      <p className="mt-2 text-sm text-muted">The service said: {message}</p>
      <p className="mt-3">
        <Link href="/settings#plan" className={`${primaryButtonClass} no-underline`}>
          See your plan
        </Link>
      </p>
    </div>
  );
}

/**
 * The stories page's keys, as the `?` overlay names them: j and k step from story to story, and
 * through the articles of a story that shows them; o shows or hides a story's articles (as Enter
 * on its button does), or opens the article in focus; m, s and v act on that article.
 */
const storyKeyLabels: ShortcutLabels = {
  next: 'Next story or article',
  previous: 'Previous story or article',
  open: 'Show or hide a story’s articles, or open the article',
  toggleRead: 'Mark the article read or unread',
  toggleSaved: 'Save or unsave the article',
  openOriginal: 'Open the article’s original in a new tab',
};

/**
 * The stories page's island: clusters of same-event articles, newest first, with each state said
 * plainly, and the page's keys (storyKeyLabels says what they do here).
 */
export function StoriesView() {
  return (
    <ListKeys labels={storyKeyLabels}>
      <Stories />
      <KeyboardShortcuts />
    </ListKeys>
  );
}

function Stories() {
  const { data: stories, error, isLoading, mutate } = useStories();
  const failure = useReadFailure(Boolean(stories), error);
  if (error instanceof ApiError && error.status === 402) return <PlanExplanation message={error.message} />;
  if (failure.instead) {
    return <div className="mt-4"><ErrorNotice error={failure.instead} onRetry={() => void mutate()} context="Stories could not be loaded" /></div>;
  }
  if (isLoading || !stories) return <ListSkeleton label="Loading stories…" rows={3} lines={['w-3/4', 'w-1/3', 'w-full']} />;
  if (stories.length === 0) {
    return (
      <div className="mt-6 rounded-lg border border-dashed border-line-strong px-4 py-10 text-center">
        <h2 className="text-xl font-semibold">No stories yet</h2>
        <p className="mx-auto mt-2 max-w-md text-muted">
          A story appears when two or more of your sources cover the same event. Following more sources makes that likelier.
        </p>
        <Link href={addSubscriptionHref} className={`${buttonClass} mt-4 no-underline`}>
          <ButtonIcon icon={PlusIcon} />
          Add a subscription
        </Link>
      </div>
    );
  }
  return (
    <>
      {failure.signedOut && <SessionEndedNotice className="mt-4" />}
      <ul aria-label="Stories" className="mt-2 border-t border-line">
        {stories.map((story) => <StoryCard key={story.id} story={story} />)}
      </ul>
    </>
  );
}
