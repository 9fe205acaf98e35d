'use client';

import { useState } from 'react';

/** An episode's artwork, decorative (the title is next to it); a plain tile when there is none or it fails. */
export function EpisodeArtwork({ src, className }: { src: string | null; className: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <span aria-hidden className={`${className} block bg-accent-soft`} />;
  return (
    // Artwork lives on the podcast's own host, so next/image (which needs known hosts) does not fit.
    // eslint-disable-next-line @next/next/no-img-element
    <img src={src} alt="" referrerPolicy="no-referrer" onError={() => setFailed(src)} className={`${className} object-cover`} />
  );
}
