import { MessageResult } from './common';
import {
  BulkItemBody, ItemDetail, ItemList, ItemPath, ListItemsQuery, MarkAllBody, PlaybackProgressBody,
  PlaybackProgressResult, ReadLaterQuery, SimilarList, SimilarQuery, UpdateItemBody,
} from './items';
import {
  BulkDeleteSubscriptionsBody, BulkSubscriptionBody, BulkSubscriptionResult, ListSubscriptionsQuery,
  NewsletterBody, NewsletterResult, SubscribeBody, SubscribeResult, SubscriptionCheck, SubscriptionDetail,
  SubscriptionList, SubscriptionListEntry, SubscriptionPath, UpdateSubscriptionBody,
} from './subscriptions';
import {
  FeedSearchQuery, FeedSearchResult, FolderSearchResult, GeneralSearchQuery, GeneralSearchResult,
  SavedSearchSearchResult, SmallSearchQuery, TagSearchResult,
} from './search';
import { StoriesQuery, StoryList } from './stories';
import { Account, ApiKeyList, ApiKeyPath, CreateApiKeyBody, CreatedApiKey } from './account';
import { defineOperations } from './operation';

/** The whole /v1 interface: SPEC.md's operations, then our first-party ones. */
export const operations = defineOperations({
  listItems: {
    method: 'GET', path: '/v1/items', auth: 'bearer', summary: 'List items (cursor pagination, filters, search)',
    query: ListItemsQuery, success: { status: 200, body: ItemList }, errors: [404, 422],
  },
  markAllItems: {
    method: 'PUT', path: '/v1/items', auth: 'bearer', summary: 'Mark all items read or unread',
    body: MarkAllBody, success: { status: 200, body: MessageResult }, errors: [404, 422],
  },
  bulkUpdateItems: {
    method: 'PATCH', path: '/v1/items', auth: 'bearer', summary: 'Bulk item actions',
    body: BulkItemBody, success: { status: 200, body: MessageResult }, errors: [402, 422],
  },
  getItem: {
    method: 'GET', path: '/v1/items/{item_id}', auth: 'bearer', summary: 'Read one item',
    params: ItemPath, success: { status: 200, body: ItemDetail }, errors: [404, 422],
  },
  updateItem: {
    method: 'PATCH', path: '/v1/items/{item_id}', auth: 'bearer', summary: "Update the user's state of an item",
    params: ItemPath, body: UpdateItemBody, success: { status: 200, body: ItemDetail }, errors: [400, 402, 404, 422],
  },
  similarItems: {
    method: 'GET', path: '/v1/items/{item_id}/similar', auth: 'bearer', summary: 'Similar items',
    params: ItemPath, query: SimilarQuery, success: { status: 200, body: SimilarList }, errors: [402, 422],
  },
  sendToReadLater: {
    method: 'POST', path: '/v1/items/{item_id}/readlater', auth: 'bearer', summary: 'Send an article to a read-later service',
    params: ItemPath, query: ReadLaterQuery, success: { status: 200, body: MessageResult }, errors: [400, 402, 404, 422],
  },
  recordPlayback: {
    method: 'POST', path: '/v1/items/{item_id}/playback-progress', auth: 'bearer', summary: 'Record episode playback progress',
    params: ItemPath, body: PlaybackProgressBody, success: { status: 200, body: PlaybackProgressResult }, errors: [422],
  },
  listStories: {
    method: 'GET', path: '/v1/stories', auth: 'bearer', summary: 'Stories: same-event articles grouped',
    query: StoriesQuery, success: { status: 200, body: StoryList }, errors: [402, 422],
  },
  listSubscriptions: {
    method: 'GET', path: '/v1/subscriptions', auth: 'bearer', summary: 'List subscriptions',
    query: ListSubscriptionsQuery, success: { status: 200, body: SubscriptionList }, errors: [422],
  },
  subscribe: {
    method: 'POST', path: '/v1/subscriptions', auth: 'bearer', summary: 'Subscribe to a feed by URL',
    body: SubscribeBody, success: { status: 201, body: SubscribeResult, also: [200] }, errors: [400, 402, 422],
  },
  bulkUpdateSubscriptions: {
    method: 'PATCH', path: '/v1/subscriptions', auth: 'bearer', summary: 'Pause, resume, pin, unpin or move subscriptions',
    body: BulkSubscriptionBody, success: { status: 200, body: BulkSubscriptionResult }, errors: [404, 422],
  },
  bulkDeleteSubscriptions: {
    method: 'DELETE', path: '/v1/subscriptions', auth: 'bearer', summary: 'Unsubscribe from several subscriptions',
    body: BulkDeleteSubscriptionsBody, success: { status: 200, body: MessageResult }, errors: [404, 422],
  },
  checkSubscriptions: {
    method: 'GET', path: '/v1/subscriptions/check', auth: 'bearer', summary: 'Whether the user has feeds and podcasts',
    success: { status: 200, body: SubscriptionCheck }, errors: [],
  },
  createNewsletter: {
    method: 'POST', path: '/v1/subscriptions/newsletters', auth: 'bearer', summary: 'Create a newsletter address',
    body: NewsletterBody, success: { status: 200, body: NewsletterResult }, errors: [402, 422],
  },
  getSubscription: {
    method: 'GET', path: '/v1/subscriptions/{subscription_id}', auth: 'bearer', summary: 'Read one subscription',
    params: SubscriptionPath, success: { status: 200, body: SubscriptionDetail }, errors: [404, 422],
  },
  updateSubscription: {
    method: 'PATCH', path: '/v1/subscriptions/{subscription_id}', auth: 'bearer', summary: 'Update one subscription',
    params: SubscriptionPath, body: UpdateSubscriptionBody, success: { status: 200, body: SubscriptionListEntry }, errors: [404, 422],
  },
  deleteSubscription: {
    method: 'DELETE', path: '/v1/subscriptions/{subscription_id}', auth: 'bearer', summary: 'Unsubscribe',
    params: SubscriptionPath, success: { status: 200, body: MessageResult }, errors: [404, 422],
  },
  search: {
    method: 'GET', path: '/v1/search', auth: 'bearer', summary: 'Search items',
    query: GeneralSearchQuery, success: { status: 200, body: GeneralSearchResult }, errors: [422],
  },
  searchFeeds: {
    method: 'GET', path: '/v1/search/feeds', auth: 'bearer', summary: 'Search subscriptions',
    query: FeedSearchQuery, success: { status: 200, body: FeedSearchResult }, errors: [422],
  },
  searchFolders: {
    method: 'GET', path: '/v1/search/folders', auth: 'bearer', summary: 'Search folders',
    query: SmallSearchQuery, success: { status: 200, body: FolderSearchResult }, errors: [422],
  },
  searchTags: {
    method: 'GET', path: '/v1/search/tags', auth: 'bearer', summary: 'Search tags',
    query: SmallSearchQuery, success: { status: 200, body: TagSearchResult }, errors: [422],
  },
  searchSavedSearches: {
    method: 'GET', path: '/v1/search/saved-searches', auth: 'bearer', summary: 'Search saved searches',
    query: SmallSearchQuery, success: { status: 200, body: SavedSearchSearchResult }, errors: [422],
  },
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

export type Operations = typeof operations;
export type OperationId = keyof Operations;
