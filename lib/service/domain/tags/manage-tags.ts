import type { Tag } from '@/lib/contract/items';
import type { TagListEntry } from '@/lib/contract/organizing';
import type { User } from '../accounts';
import type { Store } from '../../store/store';
import { notFound } from '../errors';

function noTag(id: string) {
  return notFound(`No tag with id ${id} exists.`);
}

/** GET /v1/tags: every tag of the user by name, with how many items carry it and how many of those are unread. */
export function listTags(store: Store, user: User): Promise<TagListEntry[]> {
  return store.tags.list(user.id);
}

/** One tag of the user, or 404. */
export async function getTag(store: Store, user: User, id: string): Promise<Tag> {
  const tag = await store.tags.get(user.id, id);
  if (!tag) throw noTag(id);
  return tag;
}

/**
 * PATCH /v1/tags/{id}: renames the tag. When another tag already has the name, the two
 * merge: that tag (spelled as given) gets every item of this one, and this one goes.
 * Answers the tag that carries the name now, whose id differs from the path's after a merge.
 */
export async function renameTag(store: Store, user: User, id: string, name: string): Promise<Tag> {
  const tag = await store.tags.rename(user.id, id, name);
  if (!tag) throw noTag(id);
  return tag;
}

/** DELETE /v1/tags/{id}: the tag goes from every item (the items stay) and from saved searches. */
export async function deleteTag(store: Store, user: User, id: string): Promise<string> {
  const tag = await store.tags.delete(user.id, id);
  if (!tag) throw noTag(id);
  return `Deleted the tag ${tag.name}.`;
}
