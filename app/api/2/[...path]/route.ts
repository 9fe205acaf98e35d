import { answerFromEmbeddedService } from '@/lib/server/embedded-mount';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

// The embedded service's gpodder API v2 at the root as well as under /gpodder: AntennaPod drops the
// path of the server it is given and calls /api/2/… on the host. `npm start` answers it before Next
// (lib/server/service-listener.ts); this route serves it under `next dev` and answers remote mode's 404.
export { answerFromEmbeddedService as GET, answerFromEmbeddedService as POST };
