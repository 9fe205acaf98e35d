import { createIntelligence } from '../intelligence';
import { feedsToRefresh } from '../domain/feeds/feeds-to-refresh';
import { refreshFeeds, type RefreshOutcome } from '../domain/feeds/refresh-feed';
import { requireEmail, requireUser, type CommandGroup } from './command';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function describe(outcome: RefreshOutcome | undefined): string {
  if (!outcome) return 'failed: the refresh did not report on this feed.';
  if (outcome.result === 'failed') return `failed: ${outcome.message ?? 'the feed could not be refreshed.'}`;
  if (outcome.result === 'not_modified') return 'unchanged (not modified)';
  if (outcome.result === 'deferred') return `not asked: ${outcome.message ?? 'its site asked to be fetched later.'}`;
  return `${plural(outcome.added, 'new item')}${outcome.changed ? `, ${plural(outcome.changed, 'changed item')}` : ''}`;
}

/** `feeds …`: work on the feeds themselves, for operators and tests. */
export const feedCommands: CommandGroup = {
  summary: 'refresh feeds now',
  commands: {
    refresh: {
      summary: 'Fetch every due feed now (every feed with --all; only those a user follows with --email) and print what changed',
      usage: '[--email <email>] [--all]',
      options: { email: { type: 'string' }, all: { type: 'boolean', default: false } },
      async run({ db, store, config, out }, values) {
        const user = values.email === undefined ? undefined : await requireUser(store, requireEmail(values));
        const all = values.all === true;
        const feeds = await feedsToRefresh(store, { userId: user?.id, all, at: new Date() });
        if (!feeds.length) return out(all ? 'No feeds to refresh.' : 'No feeds are due; --all refreshes every feed.');
        const intelligence = createIntelligence(db);
        const outcomes = await refreshFeeds({ store, config, intelligence }, feeds.map((feed) => feed.id));
        // Stories and similar items of the new items are indexed after they are stored; the database closes after this.
        await intelligence.idle();
        const byFeed = new Map(outcomes.map((outcome) => [outcome.feedId, outcome]));
        let added = 0;
        let failed = 0;
        for (const feed of feeds) {
          const outcome = byFeed.get(feed.id);
          added += outcome?.added ?? 0;
          if (!outcome || outcome.result === 'failed') failed += 1;
          out(`${feed.title || feed.url}  ${feed.url}  ${describe(outcome)}`);
        }
        out(`${plural(feeds.length, 'feed')} refreshed: ${plural(added, 'new item')}, ${failed} failed.`);
      },
    },
  },
};
