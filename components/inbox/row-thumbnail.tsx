'use client';

import { useState } from 'react';

/**
 * An item's lead picture beside its row: decorative (the title says what it is), fixed in size so
 * the row never moves as it loads, loaded lazily, and gone when it cannot load.
 */
export function RowThumbnail({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    // Pictures live on the sources' own hosts, so next/image (which needs known hosts) does not fit.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={src}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="size-14 shrink-0 rounded-md bg-surface object-cover"
    />
  );
}
