import type { TextRun } from '@/lib/client/search-highlight';

/** Text with the runs a search matched marked; screen readers read it as the plain text. */
export function MarkedText({ runs }: { runs: TextRun[] }) {
  return runs.map((run, index) => (run.matched
    ? <mark key={index} className="search-match">{run.text}</mark>
    : run.text));
}
