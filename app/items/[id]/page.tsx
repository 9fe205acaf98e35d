import type { Metadata } from 'next';
import { ItemReader } from '@/components/reader/item-reader';

export const metadata: Metadata = { title: 'Item' };

/** The reader of one item; the item loads in the client island (its title then names the page). */
export default async function ItemPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ItemReader key={id} id={id} />;
}
