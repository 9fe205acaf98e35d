import type { serviceConfig } from './config';
import type { Intelligence } from './intelligence';
import type { Store } from './store/store';

export type ServiceConfig = ReturnType<typeof serviceConfig> & { validateResponses: boolean };

/** What every part of the embedded service shares: the store, the settings and the intelligence, on either engine. */
export type ServiceContext = {
  /** The storage seam: SQLite's or PostgreSQL's, all the service keeps. */
  store: Store;
  config: ServiceConfig;
  intelligence: Intelligence;
};
