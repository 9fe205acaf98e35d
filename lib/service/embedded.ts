import { ensureOwner, issueCredential, revokeCredentialsNamed } from './domain/accounts';
import { createService, type EmbeddedService } from './service';

type Embedded = { service: EmbeddedService; ownerToken: string; ownerId: string };

const appTokenName = 'Tidings app';
const holder = globalThis as typeof globalThis & { __tidingsEmbedded?: Embedded };

/**
 * The one embedded service of this process (local mode), with the owner's first-party token.
 * The token is minted at start and kept in memory only; the previous one is revoked.
 */
export function embeddedService(): Embedded {
  if (holder.__tidingsEmbedded) return holder.__tidingsEmbedded;
  const service = createService();
  const owner = ensureOwner(service.db, service.config.ownerEmail);
  revokeCredentialsNamed(service.db, owner.id, 'app_token', appTokenName);
  const { secret } = issueCredential(service.db, owner.id, 'app_token', appTokenName);
  holder.__tidingsEmbedded = { service, ownerToken: secret, ownerId: owner.id };
  return holder.__tidingsEmbedded;
}
