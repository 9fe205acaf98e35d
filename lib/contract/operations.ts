import { accountOperations } from './operations/account';
import { contentRulesOperations } from './operations/content-rules';
import { feedHealthOperations } from './operations/feed-health';
import { itemOperations } from './operations/items';
import { organizingOperations } from './operations/organizing';
import { readLaterOperations } from './operations/read-later';
import { ruleOperations } from './operations/rules';
import { searchOperations } from './operations/search';
import { subscriptionOperations } from './operations/subscriptions';
import { upNextOperations } from './operations/up-next';

/** The whole /v1 interface: SPEC.md's operations, then our first-party ones. One file per resource. */
export const operations = {
  ...itemOperations,
  ...subscriptionOperations,
  ...searchOperations,
  ...accountOperations,
  ...organizingOperations,
  ...readLaterOperations,
  ...feedHealthOperations,
  ...ruleOperations,
  ...contentRulesOperations,
  ...upNextOperations,
};

export type Operations = typeof operations;
export type OperationId = keyof Operations;
