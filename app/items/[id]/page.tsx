import type { Metadata } from 'next';
import { PanesList } from '@/components/inbox/panes-list';
import { ReadingPanes } from '@/components/inbox/reading-panes';
import { ItemPageReader } from '@/components/reader/item-page-panes';
import { SeededSWR } from '@/components/shell/seeded-swr';
import { SourcesColumn } from '@/components/shell/sources-column';
import { itemFirstLoad, loadItemDetail } from '@/lib/server/first-load';

type Props = { params: Promise<{ id: string }> };

/**
 * The item's title names the page when the server could load it (the reader renames it otherwise).
 * It waits for the whole first load, so the page's body is ready when its head is.
 */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  await itemFirstLoad(id);
  const item = await loadItemDetail(id);
  return { title: item?.title || 'Item' };
}

/**
 * The reader of one item, rendered on the server with the item loaded (the client fetches it when
 * that fails). From 1200 px it is the inbox's three panes with the item open beside its list, as
 * opening it there showed; the reader follows the address (components/inbox/reader-pane.tsx).
 */
export default async function ItemPage({ params }: Props) {
  const { id } = await params;
  return (
    <SeededSWR seed={await itemFirstLoad(id)}>
      <ReadingPanes heading="Inbox">
        <SourcesColumn />
        <PanesList />
        <ItemPageReader />
      </ReadingPanes>
    </SeededSWR>
  );
}
