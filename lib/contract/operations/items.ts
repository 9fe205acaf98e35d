import { MessageResult } from '../common';
import {
  BulkItemBody, ItemDetail, ItemList, ItemPath, ListItemsQuery, MarkAllBody, PlaybackProgressBody,
  PlaybackProgressResult, ReadLaterQuery, SimilarList, SimilarQuery, UpdateItemBody,
} from '../items';
import { StoriesQuery, StoryList } from '../stories';
import { defineOperations } from '../operation';

/** The items operations of SPEC.md, and stories. */
export const itemOperations = defineOperations({
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
});
