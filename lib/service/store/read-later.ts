import type { ReadLaterService } from '@/lib/contract/items';

/** A linked read-later service of a user, its credentials sealed (the store never reads them). */
export type StoredReadLaterLink = { service: ReadLaterService; account: string; sealed_credentials: string; linked_at: string };

/** What a read-later service is sent of one of the user's items. */
export type ReadLaterItem = { title: string; url: string | null; summary: string | null; author: string | null; item_type: 'article' | 'episode' };

/** The user's links to read-later services, and what sending to them reads. */
export type ReadLaterStore = {
  /** The user's linked services. */
  links(userId: string): Promise<StoredReadLaterLink[]>;
  /** The user's link to the service, or null when it is not linked. */
  link(userId: string, service: ReadLaterService): Promise<StoredReadLaterLink | null>;
  /** Links the service, replacing an earlier link to it. */
  save(userId: string, link: StoredReadLaterLink): Promise<void>;
  /** Forgets the link and its credentials: false when the service was not linked. */
  unlink(userId: string, service: ReadLaterService): Promise<boolean>;
  /** One of the user's items (one they have an entry for) as a service is sent it, or null. */
  item(userId: string, itemId: string): Promise<ReadLaterItem | null>;
};
