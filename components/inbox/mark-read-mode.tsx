'use client';

import { useMarkReadMode, type MarkReadMode } from '@/lib/client/reading-preferences';

/**
 * When items of the river become read: opened, scrolled past, or only by hand (kept per device).
 * `className` says on which screens it shows: the inbox places it once for phones, once for wider.
 */
export function MarkReadModePicker({ className }: { className: string }) {
  const [mode, setMode] = useMarkReadMode();
  return (
    <label className={`inline-flex min-h-11 items-center gap-2 text-sm ${className}`}>
      Mark as read
      <select
        value={mode}
        onChange={(event) => setMode(event.target.value as MarkReadMode)}
        className="min-h-11 rounded-md border border-line-strong bg-canvas px-2"
      >
        <option value="on-open">when opened</option>
        <option value="on-scroll">when scrolled past</option>
        <option value="manual">only by hand</option>
      </select>
    </label>
  );
}
