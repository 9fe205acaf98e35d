import { PlayEpisodeButton } from '@/components/player/play-episode-button';
import { describeError } from '@/lib/client/error-message';
import type { ListedItem } from '@/lib/client/item-cache';
import { ItemBody } from './item-body';

type Props = { item: ListedItem; error: unknown; onRetry: () => void };

/**
 * The reader's body when the item's detail could not be fetched and was never kept: word of
 * why and of what is missing, a way to load the whole item, then what its list showed.
 */
export function ListedCopy({ item, error, onRetry }: Props) {
  const { title } = describeError(error);
  return (
    <>
      <section aria-labelledby="listed-copy-title" className="mt-4 rounded-lg border border-line-strong bg-surface p-4">
        <h2 id="listed-copy-title" className="font-semibold">{title}: showing what the list had</h2>
        <p className="mt-1">
          The whole item was not kept on this device, so this is its list&apos;s copy. Its full text, tags and notes show once it loads.
        </p>
        <button type="button" onClick={onRetry} className="mt-3 min-h-11 rounded-md border border-line-strong px-4 font-medium">
          Load the whole item
        </button>
      </section>
      {item.item_type === 'episode' && <div className="mt-6"><PlayEpisodeButton item={item} size="large" /></div>}
      <ItemBody item={item} />
    </>
  );
}
