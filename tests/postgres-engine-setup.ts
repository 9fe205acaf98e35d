/*
 * Setup of the unit config's `postgres` project: every test file gets the run's PostgreSQL cluster,
 * where startHarness (TIDINGS_TEST_ENGINE=postgres) opens each harness's service on a fresh database.
 */
import { withPostgres } from './postgres';

withPostgres();
