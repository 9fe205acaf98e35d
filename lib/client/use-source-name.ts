import type { InboxSource } from './inbox-view';
import { useFolders } from './use-folders';
import { useTags } from './use-sources';
import { useSubscription } from './use-subscription';

/** How each kind of source is called on its own ("Folder"), and in a sentence ("folder"). */
export const sourceKindLabels: Record<InboxSource['kind'], string> = { folder: 'Folder', subscription: 'Subscription', tag: 'Tag' };

/**
 * The name of the folder, subscription or tag the inbox is narrowed to, from the same lists the
 * sidebar shows (so it is usually cached already); null while unknown, or when the source is
 * not there (the river then says it was not found). Folder and tag links come only from the
 * sidebar of a first-party service (which has those lists), so no capability check waits first.
 */
export function useSourceName(source: InboxSource | null | undefined): string | null {
  const folders = useFolders(source?.kind === 'folder');
  const tags = useTags(source?.kind === 'tag');
  const subscription = useSubscription(source?.kind === 'subscription' ? source.id : null);
  if (!source) return null;
  if (source.kind === 'folder') return folders.data?.find((folder) => folder.id === source.id)?.name ?? null;
  if (source.kind === 'tag') return tags.data?.find((tag) => tag.id === source.id)?.name ?? null;
  return subscription.data?.title ?? null;
}
