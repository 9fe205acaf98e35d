import { createLink, listLinks } from '@/lib/server/share-link-routes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export { listLinks as GET, createLink as POST };
