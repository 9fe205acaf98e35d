import type { serviceConfig } from './config';
import type { Db } from './store/database';
import type { Intelligence } from './intelligence';
import type { Store } from './store/store';

export type ServiceConfig = ReturnType<typeof serviceConfig> & { validateResponses: boolean };

/** What every part of the embedded service shares: the store and the settings. */
export type ServiceContext = {
  db: Db;
  /** The storage seam: converted areas speak to it; unconverted ones still use `db`. */
  store: Store;
  config: ServiceConfig;
  intelligence: Intelligence;
};
