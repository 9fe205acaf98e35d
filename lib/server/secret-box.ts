import 'server-only';

/** Encryption at rest lives with the service, which keeps secrets too; the app server uses the same box. */
export { openSecret, sealSecret } from '@/lib/service/secret-box';
