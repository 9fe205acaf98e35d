import { ItemPath } from '../items';
import { ArrangeUpNextBody, ChapterList, RemoveFromUpNextBody, UpNextList } from '../up-next';
import { defineOperations } from '../operation';

/** First-party (app token only): the Up Next queue of episodes, and an episode's chapters. */
export const upNextOperations = defineOperations({
  listUpNext: {
    method: 'GET', path: '/v1/up-next', auth: 'first_party', summary: 'The queue of unplayed episodes, in the order to play them',
    success: { status: 200, body: UpNextList }, errors: [],
  },
  arrangeUpNext: {
    method: 'PUT', path: '/v1/up-next', auth: 'first_party', summary: 'Reorder the queue; answers the queue',
    body: ArrangeUpNextBody, success: { status: 200, body: UpNextList }, errors: [422],
  },
  removeFromUpNext: {
    method: 'DELETE', path: '/v1/up-next', auth: 'first_party', summary: 'Take episodes off the queue, or clear it without item_ids; answers the queue',
    body: RemoveFromUpNextBody, success: { status: 200, body: UpNextList }, errors: [422],
  },
  listChapters: {
    method: 'GET', path: '/v1/items/{item_id}/chapters', auth: 'first_party',
    summary: 'An episode\'s chapters: Podlove simple chapters from its feed, or its podcast:chapters file, fetched when asked for',
    params: ItemPath, success: { status: 200, body: ChapterList }, errors: [404, 422],
  },
});
