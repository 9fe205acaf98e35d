import { MessageResult } from '../common';
import { LinkReadLaterBody, ReadLaterLink, ReadLaterLinks, ReadLaterPath } from '../read-later';
import { defineOperations } from '../operation';

/** First-party: linking read-later services (credentials are kept encrypted at rest). */
export const readLaterOperations = defineOperations({
  listReadLaterLinks: {
    method: 'GET', path: '/v1/read-later', auth: 'first_party', summary: 'Read-later services and whether each is linked',
    success: { status: 200, body: ReadLaterLinks }, errors: [],
  },
  linkReadLater: {
    method: 'PUT', path: '/v1/read-later/{service}', auth: 'first_party', summary: 'Link a read-later service (checked with the service)',
    params: ReadLaterPath, body: LinkReadLaterBody, success: { status: 200, body: ReadLaterLink }, errors: [400, 402, 422],
  },
  unlinkReadLater: {
    method: 'DELETE', path: '/v1/read-later/{service}', auth: 'first_party', summary: 'Unlink a read-later service',
    params: ReadLaterPath, success: { status: 200, body: MessageResult }, errors: [404, 422],
  },
});
