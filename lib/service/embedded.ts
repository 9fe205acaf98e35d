import { ensureOwner, issueCredential, keepSharedAppToken, revokeCredentialsNamed } from './domain/accounts';
import type { KeyLimiter } from './http/rate-limit';
import { openService, type EmbeddedService } from './service';

type Embedded = { service: EmbeddedService; ownerToken: string; ownerId: string };

const appTokenName = 'Tidings app';
const holder = globalThis as typeof globalThis & { __tidingsEmbedded?: Promise<Embedded>; __tidingsKeyLimiter?: KeyLimiter };

/**
 * The one embedded service of this process (local mode), with the owner's first-party token.
 * With TIDINGS_SECRET every node derives the same token, so starting one never signs out another;
 * without it the token is minted at start and kept in memory only, and the previous one is revoked.
 */
export function embeddedService(): Promise<Embedded> {
  // The promise is kept, not its value: concurrent first requests share one start instead of minting a token each.
  holder.__tidingsEmbedded ??= startEmbedded().catch((error: unknown) => {
    holder.__tidingsEmbedded = undefined;
    throw error;
  });
  return holder.__tidingsEmbedded;
}

async function startEmbedded(): Promise<Embedded> {
  const service = await openService({ limiter: holder.__tidingsKeyLimiter });
  const { store } = service;
  const owner = await ensureOwner(store, service.config.ownerEmail);
  const shared = process.env.TIDINGS_SECRET;
  let secret: string;
  if (shared) {
    secret = await keepSharedAppToken(store, owner.id, appTokenName, shared);
  } else {
    await revokeCredentialsNamed(store, owner.id, 'app_token', appTokenName);
    secret = (await issueCredential(store, owner.id, 'app_token', appTokenName)).secret;
  }
  return { service, ownerToken: secret, ownerId: owner.id };
}

/**
 * Has the embedded service count keys' requests with `limiter` (the app passes one shared by its
 * nodes); kept on globalThis, as the service is, so it must come before the service's first use.
 */
export function setKeyLimiter(limiter: KeyLimiter): void {
  if (holder.__tidingsEmbedded) throw new Error('The embedded service already runs: give it its key limiter before it starts.');
  holder.__tidingsKeyLimiter = limiter;
}
