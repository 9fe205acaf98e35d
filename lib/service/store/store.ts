import type { AccountStore } from './accounts';
import type { FolderStore } from './folders';
import type { LabelStore } from './labels';
import type { OpmlStore } from './opml';
import type { SavedSearchStore } from './saved-searches';
import type { TagStore } from './tags';
import type { PlaybackStore } from './playback';
import type { UpNextStore } from './up-next';
import type { RuleStore } from './rules';
import type { ReadLaterStore } from './read-later';
import type { StoryStore } from './stories';
import type { ArticleStore } from './articles';
import type { ChapterStore } from './chapters';
import type { FeedIconStore } from './feed-icons';
import type { FeverStore } from './fever';
import type { GpodderStore } from './gpodder';
import type { SubscriptionStore } from './subscriptions';
import type { ItemStore } from './items';
import type { GreaderStore } from './greader';
import type { RefreshStore } from './feeds';
import type { IndexingStore } from './indexing';

/**
 * The storage seam: everything the domain keeps, behind narrow interfaces, one per area.
 *
 * Rules every store follows (issue 26, notes/tasks/seam-design.md):
 * - Every method is async, so a PostgreSQL store can implement the same interface.
 * - Every method is one atomic unit of work: an operation that must be atomic across steps is one
 *   method (there is no `transaction(async fn)`; a SQLite transaction is never held across an await).
 * - Stores keep no decisions: a refusal comes back as a value (`'name_taken'`, `null`), and the
 *   domain says what to answer. Stores take plain ids, not the User object.
 * - Referential clean-up (what a deletion takes with it) is storage's, and lives in the store.
 */
export type Store = {
  folders: FolderStore;
  tags: TagStore;
  savedSearches: SavedSearchStore;
  opml: OpmlStore;
  labels: LabelStore;
  accounts: AccountStore;
  upNext: UpNextStore;
  playback: PlaybackStore;
  rules: RuleStore;
  readLater: ReadLaterStore;
  stories: StoryStore;
  articles: ArticleStore;
  chapters: ChapterStore;
  feedIcons: FeedIconStore;
  fever: FeverStore;
  gpodder: GpodderStore;
  subscriptions: SubscriptionStore;
  items: ItemStore;
  greader: GreaderStore;
  feeds: RefreshStore;
  indexing: IndexingStore;
};
