import { answerFromEmbeddedService } from '@/lib/server/embedded-mount';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

// The embedded service at /v1, for API-key clients other than this app.
export { answerFromEmbeddedService as GET, answerFromEmbeddedService as POST, answerFromEmbeddedService as PUT, answerFromEmbeddedService as PATCH, answerFromEmbeddedService as DELETE };
