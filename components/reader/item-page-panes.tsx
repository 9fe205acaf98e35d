'use client';

import { ReaderPane } from '@/components/inbox/reader-pane';
import { ItemReader } from './item-reader';

/** The item page's reader in the inbox's reader column: the reader itself, rendered on the server, not fetched later. */
export function ItemPageReader() {
  return <ReaderPane Reader={ItemReader} />;
}
