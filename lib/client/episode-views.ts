import type { ItemFilters } from './inbox-view';
import type { QueryOf } from '@/lib/contract/types';

/** The filters of an episodes-page list: the inbox's, plus the order and the in-progress split. */
export type EpisodeFilters = ItemFilters & Pick<QueryOf<'listItems'>, 'order_by' | 'in_progress'>;

/** Started and not finished, the latest heard first. */
export const inProgressFilters: EpisodeFilters = { item_type: 'episode', in_progress: 'true', order_by: 'recently_played' };

/** Played lately; not the ones in progress, which have their own list, so no episode is listed twice. */
export const recentFilters: EpisodeFilters = { item_type: 'episode', in_progress: 'false', order_by: 'recently_played' };
