import type { serviceConfig } from './config';
import type { Db } from './store/database';
import type { Intelligence } from './intelligence';

export type ServiceConfig = ReturnType<typeof serviceConfig> & { validateResponses: boolean };

/** What every part of the embedded service shares: the store and the settings. */
export type ServiceContext = {
  db: Db;
  config: ServiceConfig;
  intelligence: Intelligence;
};
