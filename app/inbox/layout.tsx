import type { ReactNode } from 'react';
import { ReaderPane } from '@/components/inbox/reader-pane';
import { ReadingPanes } from '@/components/inbox/reading-panes';
import { SourcesColumn } from '@/components/shell/sources-column';

/**
 * The inbox beside its sources (folders, subscriptions, tags) from desktop widths, and from
 * 1200 px the reader beside the list. The columns' widths are set here from the first paint, so
 * the list arriving later moves nothing; on phones the column takes no room and the header's
 * Sources button opens a drawer.
 */
export default function InboxLayout({ children }: { children: ReactNode }) {
  return (
    <ReadingPanes heading="Inbox">
      <SourcesColumn />
      <div className="min-w-0">{children}</div>
      <ReaderPane />
    </ReadingPanes>
  );
}
