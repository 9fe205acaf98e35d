import { answerFromEmbeddedService } from '@/lib/server/embedded-mount';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

// The embedded service's Google Reader API under /greader, for Reeder, NetNewsWire, newsboat and others.
export { answerFromEmbeddedService as GET, answerFromEmbeddedService as POST };
