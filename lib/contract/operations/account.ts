import { MessageResult } from '../common';
import { Account, ApiKeyList, ApiKeyPath, CreateApiKeyBody, CreatedApiKey } from '../account';
import { defineOperations } from '../operation';

/** First-party: the account, its plan and its API keys (app token only). */
export const accountOperations = defineOperations({
  getAccount: {
    method: 'GET', path: '/v1/account', auth: 'first_party', summary: 'The account and its plan',
    success: { status: 200, body: Account }, errors: [],
  },
  listApiKeys: {
    method: 'GET', path: '/v1/account/api-keys', auth: 'first_party', summary: 'List API keys',
    success: { status: 200, body: ApiKeyList }, errors: [],
  },
  createApiKey: {
    method: 'POST', path: '/v1/account/api-keys', auth: 'first_party', summary: 'Create an API key (shown once)',
    body: CreateApiKeyBody, success: { status: 201, body: CreatedApiKey }, errors: [422],
  },
  revokeApiKey: {
    method: 'DELETE', path: '/v1/account/api-keys/{key_id}', auth: 'first_party', summary: 'Revoke an API key',
    params: ApiKeyPath, success: { status: 200, body: MessageResult }, errors: [404, 422],
  },
});
