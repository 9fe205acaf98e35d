import { answerFromEmbeddedService } from '@/lib/server/embedded-mount';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

// The embedded service's Fever API at /fever, for Unread, Fiery Feeds, Reeder and others. `npm start` answers it before
// Next (lib/server/service-listener.ts); this route serves it under `next dev` and answers remote mode's 404.
export { answerFromEmbeddedService as GET, answerFromEmbeddedService as POST };
