import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Inbox' };

/** The inbox: the river of items (the list arrives with the reading app). */
export default function InboxPage() {
  return (
    <div>
      <h1 className="text-2xl font-bold">Inbox</h1>
    </div>
  );
}
