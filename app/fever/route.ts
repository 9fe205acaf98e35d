import { answerFromEmbeddedService } from '@/lib/server/embedded-mount';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

// The embedded service's Fever API at /fever, for Unread, Fiery Feeds, Reeder and others.
export { answerFromEmbeddedService as GET, answerFromEmbeddedService as POST };
