'use client';

import { useCallback, useSyncExternalStore } from 'react';
import { iconState, learnIcon, onIconLearnt, tileColour, tileLetter } from '@/lib/client/source-tiles';

type Props = {
  /** The id of the item's feed reference (a subscription's; a feed's does too), whose icon the app serves at /api/feed-icons/<id>; null: a tile at once. */
  feedId: string | null;
  /** The source's name: the icon's text alternative and the tile's letter. */
  name: string;
  className?: string;
};

/** Where the app serves a feed's icon (an empty 1×1 image when it has none, so no request fails). */
export function feedIconPath(feedId: string): string {
  return `/api/feed-icons/${encodeURIComponent(feedId)}`;
}

/**
 * A source's icon: its favicon as an image named after the source, or a lettered tile (also
 * named, role img) when it has none or it cannot load. What an icon turned out to be is shared by
 * every row of that source, so only the first one waits for it.
 */
export function SourceIcon({ feedId, name, className = 'size-5' }: Props) {
  // 'image' until the icon is known to be none: an icon found renders as the image it already was,
  // so learning it (each row's image, as the page hydrates) renders nothing again.
  const state = useSyncExternalStore(onIconLearnt, () => (!feedId || iconState(feedId) === 'tile' ? 'tile' : 'image'), () => (feedId ? 'image' : 'tile'));
  // A load or error before hydration fires no React event: the image is looked at once mounted.
  const checkLoaded = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && feedId) learnIcon(feedId, image.naturalWidth > 1 ? 'icon' : 'tile');
  }, [feedId]);

  if (!feedId || state === 'tile') {
    return (
      <span
        role="img"
        aria-label={name}
        className={`${className} inline-flex shrink-0 select-none items-center justify-center rounded text-xs font-semibold leading-none text-white`}
        style={{ backgroundColor: tileColour(name) }}
      >
        <span aria-hidden>{tileLetter(name)}</span>
      </span>
    );
  }
  return (
    // The app's own small icon, fixed in size: next/image would add code for nothing here.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      ref={checkLoaded}
      src={feedIconPath(feedId)}
      alt={name}
      width={20}
      height={20}
      decoding="async"
      onLoad={(event) => learnIcon(feedId, event.currentTarget.naturalWidth > 1 ? 'icon' : 'tile')}
      onError={() => learnIcon(feedId, 'tile')}
      className={`${className} shrink-0 rounded bg-surface object-contain`}
    />
  );
}
