type Props = {
  /** What a screen reader hears, once: "Loading items…". */
  label: string;
  rows: number;
  /** The width class of each grey line in a row, the first (the title) a little taller. */
  lines: string[];
  /** Rows with a checkbox's square before the lines, as the lists with a selection have. */
  checkbox?: boolean;
  className?: string;
};

/** Grey rows standing in for a list while its first page loads, announced once. */
export function ListSkeleton({ label, rows, lines, checkbox = false, className = 'mt-4' }: Props) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      <ul aria-hidden className="animate-pulse">
        {Array.from({ length: rows }, (_, row) => (
          <li key={row} className={`border-b border-line py-4 ${checkbox ? 'flex gap-3 pl-3' : ''}`}>
            {checkbox && <div className="mt-1 size-5 shrink-0 rounded bg-line" />}
            <div className="flex-1 space-y-2">
              {lines.map((width, line) => <div key={line} className={`${line === 0 ? 'h-4' : 'h-3'} ${width} rounded bg-line`} />)}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
