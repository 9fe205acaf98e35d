'use client';

type Props = { onReload: () => void; onLater: () => void };

/** Offers the new version of the app that the service worker has ready. */
export function UpdatePrompt({ onReload, onLater }: Props) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-line-strong bg-surface p-3 shadow-lg">
      <p className="font-medium">A new version of Tidings is ready.</p>
      <div className="flex gap-2">
        <button type="button" onClick={onReload} className="min-h-11 rounded-md bg-accent px-4 font-medium text-on-accent">
          Reload
        </button>
        <button type="button" onClick={onLater} className="min-h-11 rounded-md border border-line-strong px-4 font-medium">
          Later
        </button>
      </div>
    </div>
  );
}
