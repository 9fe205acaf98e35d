'use client';

import { useId } from 'react';
import Link from '@/components/shell/intent-link';
import { ErrorNotice } from '@/components/error-notice';
import { ListSkeleton } from '@/components/list-skeleton';
import { RelativeTime } from '@/components/relative-time';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { ApiError } from '@/lib/client/api-client';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { rememberListOnOpen } from '@/lib/client/list-context';
import { useStories } from '@/lib/client/use-stories';
import { StoryActions, unreadWords } from './story-actions';
import { StoryArticle } from './story-article';
import { plural, sourcesOf } from './story-card';
import { PlanExplanation } from './stories-view';

/**
 * One story's page: its title, summary and sources, its triage as a whole, and the person's
 * articles of it with their sources. The service lists stories but has no call for one, so
 * the story is found among the latest (the list the stories page shows, cached between them).
 */
export function StoryView({ id }: { id: string }) {
  const { data: stories, error, isLoading, mutate } = useStories();
  const failure = useReadFailure(Boolean(stories), error);
  const titleId = useId();
  if (error instanceof ApiError && error.status === 402) return <PlanExplanation message={error.message} />;
  if (failure.instead) return <ErrorNotice error={failure.instead} onRetry={() => void mutate()} context="The story could not be loaded" />;
  if (isLoading || !stories) return <ListSkeleton label="Loading the story…" rows={3} lines={['w-3/4', 'w-1/3']} />;
  const story = stories.find((candidate) => candidate.id === id);
  if (!story) {
    return (
      <div>
        <h1 className="text-2xl font-bold">Story not found</h1>
        <p className="mt-2 text-muted">This story is not among your latest stories any more.</p>
        <p className="mt-3"><Link href="/stories" className="font-medium underline">See the latest stories</Link></p>
      </div>
    );
  }
  const sources = sourcesOf(story);
  return (
    <article aria-labelledby={titleId}>
      {failure.signedOut && <SessionEndedNotice className="mb-4" />}
      <h1 id={titleId} className="text-2xl font-bold leading-tight">{story.title}</h1>
      <p className="mt-1 text-sm text-muted">
        {plural(story.article_count, 'article', 'articles')} from {plural(story.source_count, 'source', 'sources')}
        {story.articles.length > 0 && ` · ${unreadWords(story)}`}
        {story.published_at && <>{' · '}<RelativeTime timestamp={story.published_at} /></>}
      </p>
      {story.summary && <p className="mt-3 max-w-prose">{story.summary}</p>}
      {sources.length > 0 && (
        <p className="mt-2 text-sm"><span className="font-medium">Sources: </span><span className="text-muted">{sources.join(', ')}</span></p>
      )}
      <StoryActions story={story} titleId={titleId} />
      <h2 className="mt-6 text-lg font-semibold">Your articles</h2>
      {story.articles.length === 0 ? (
        <p className="mt-2 text-muted">None of this story’s articles are from your sources.</p>
      ) : (
        <ul aria-label={`Your articles about ${story.title}`} className="mt-2 space-y-3" onClick={rememberListOnOpen(story.articles)}>
          {story.articles.map((article) => <StoryArticle key={article.id} article={article} />)}
        </ul>
      )}
    </article>
  );
}
