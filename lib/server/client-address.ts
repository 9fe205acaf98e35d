import 'server-only';
import { clientAddressHeader } from './trusted-proxies';

/**
 * The header through which the production server (lib/server/serve.ts) hands the app the
 * client's address, derived from the TCP peer and trusted proxies only
 * (lib/server/trusted-proxies.ts). The server replaces whatever a client sent under this
 * name, so the app may believe it.
 */
export { clientAddressHeader };

/** The client's address as the production server derived it, or 'unknown' when it did not. */
export function clientAddress(headers: Headers): string {
  return headers.get(clientAddressHeader)?.trim() || 'unknown';
}
