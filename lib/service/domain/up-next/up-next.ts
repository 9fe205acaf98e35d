import { upNextLimit, type UpNextList } from '@/lib/contract/up-next';
import type { User } from '../accounts';
import type { Store } from '../../store/store';

/*
 * Up Next: the person's unplayed episodes (unread, never started, with audio) of the podcasts
 * they follow, less those they took off it. Episodes they never arranged come first, newest
 * first (new arrivals land on top); the arranged ones follow in the order they gave.
 */

/** GET /v1/up-next: the first `upNextLimit` episodes of the queue, in the order to play them. */
export async function listUpNext(store: Store, user: User): Promise<UpNextList> {
  return { data: await store.upNext.list(user.id, upNextLimit) };
}

/**
 * PUT /v1/up-next: the listed episodes of the queue first, in the order given, then the rest
 * in the order they had; ids that are not in the queue are ignored, as bulk actions ignore them.
 */
export async function arrangeUpNext(store: Store, user: User, itemIds: string[]): Promise<UpNextList> {
  await store.upNext.arrange(user.id, (current) => {
    const inQueue = new Set(current);
    const listed = itemIds.filter((id) => inQueue.has(id));
    const listedSet = new Set(listed);
    return [...listed, ...current.filter((id) => !listedSet.has(id))];
  });
  return listUpNext(store, user);
}

/** DELETE /v1/up-next: takes the listed episodes off the queue, or every one in it when none are listed. */
export async function removeFromUpNext(store: Store, user: User, itemIds: string[] | undefined): Promise<UpNextList> {
  await store.upNext.remove(user.id, (current) => {
    const inQueue = new Set(current);
    return itemIds ? itemIds.filter((id) => inQueue.has(id)) : current;
  });
  return listUpNext(store, user);
}
