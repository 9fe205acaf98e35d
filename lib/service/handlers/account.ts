import type { Account, ApiKeyRecord } from '@/lib/contract/account';
import { issueCredential, listCredentials, revokeCredential, type Credential, type User } from '../domain/accounts';
import { planHas, plans } from '../domain/plans';
import { fail } from '../http/errors';
import type { Handlers } from './handler';

function toAccount(user: User): Account {
  const rules = plans[user.plan];
  return {
    id: user.id, email: user.email, plan: user.plan, status: user.status,
    limits: { feeds: rules.feeds, saved_items: rules.savedItems },
    features: {
      notes: planHas(user.plan, 'notes'), full_content: planHas(user.plan, 'full_content'),
      similar_items: planHas(user.plan, 'similar_items'), stories: planHas(user.plan, 'stories'),
      read_later: planHas(user.plan, 'read_later'), include_global: planHas(user.plan, 'include_global'),
    },
  };
}

function toApiKey(credential: Credential): ApiKeyRecord {
  return {
    id: credential.id, name: credential.name, prefix: credential.prefix,
    created_at: credential.created_at, last_used_at: credential.last_used_at,
  };
}

/** First-party account operations: the plan and the API keys. */
export const accountHandlers: Handlers = {
  getAccount: ({ user }) => ({ body: toAccount(user) }),
  listApiKeys: async ({ store, user }) => ({ body: { data: (await listCredentials(store, user.id, 'api_key')).map(toApiKey) } }),
  createApiKey: async ({ store, user, body }) => {
    const { credential, secret } = await issueCredential(store, user.id, 'api_key', body.name);
    return { body: { ...toApiKey(credential), key: secret } };
  },
  revokeApiKey: async ({ store, user, params }) => {
    if (!await revokeCredential(store, user.id, params.key_id, 'api_key')) throw fail(404, `No API key with id ${params.key_id} exists.`);
    return { body: { message: 'The API key was revoked.' } };
  },
};
