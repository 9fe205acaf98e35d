import type { SavedSearchRecord } from '@/lib/contract/search';
import type { CreateSavedSearchBody, SavedSearchQueryData, UpdateSavedSearchBody } from '@/lib/contract/organizing';
import type { User } from '../accounts';
import type { MissingReference, SavedSearchReferences } from '../../store/saved-searches';
import type { Store } from '../../store/store';
import { conflict, invalidFields, notFound } from '../errors';

/** Values the items list assumes when a parameter is absent: not worth keeping. */
const listDefaults: Record<string, unknown> = { order_by: 'newest', include_global: false, include_body: true };

/** The query as GET /v1/items's query string writes it: booleans as text, defaults and empty lists left out. */
function toQueryForm(query: SavedSearchQueryData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || listDefaults[key] === value || (Array.isArray(value) && !value.length)) continue;
    out[key] = typeof value === 'boolean' ? String(value) : value;
  }
  return out;
}

const referenceNouns = { subscription_ids: 'subscription', folder_ids: 'folder', tag_ids: 'tag' } as const;

/** What the items list would refuse, refused now: 422 for include_global without q; the ids the store checks are the user's. */
function checkedReferences(query: SavedSearchQueryData): SavedSearchReferences {
  if (query.include_global && !query.q) throw invalidFields(['query_data.include_global requires query_data.q.']);
  return { subscription_ids: query.subscription_ids, folder_ids: query.folder_ids, tag_ids: query.tag_ids };
}

/** The store's answer as the record, or the refusal: 404 for an unknown search or an id the user lacks, 409 for a taken name. */
function answer(outcome: SavedSearchRecord | 'not_found' | 'name_taken' | MissingReference, id: string | null, name: string | undefined): SavedSearchRecord {
  if (outcome === 'not_found') throw notFound(`No saved search with id ${id} exists.`);
  if (outcome === 'name_taken') throw conflict(`A saved search named "${name}" already exists.`);
  if ('missing' in outcome) throw notFound(`No ${referenceNouns[outcome.missing]} with id ${outcome.id} exists (query_data.${outcome.missing}).`);
  return outcome;
}

/** GET /v1/saved-searches: pinned first, then by name. */
export function listSavedSearches(store: Store, user: User): Promise<SavedSearchRecord[]> {
  return store.savedSearches.list(user.id);
}

/** One saved search of the user, or 404. */
export async function getSavedSearch(store: Store, user: User, id: string): Promise<SavedSearchRecord> {
  return answer((await store.savedSearches.get(user.id, id)) ?? 'not_found', id, undefined);
}

/** POST /v1/saved-searches. */
export async function createSavedSearch(store: Store, user: User, body: CreateSavedSearchBody): Promise<SavedSearchRecord> {
  const references = checkedReferences(body.query_data);
  const search = { name: body.name, query: toQueryForm(body.query_data), is_pinned: body.is_pinned ?? false };
  return answer(await store.savedSearches.create(user.id, search, references), null, body.name);
}

/** PATCH /v1/saved-searches/{id}: name, query (replaced whole) and pin; updated_at moves on every change. */
export async function updateSavedSearch(store: Store, user: User, id: string, body: UpdateSavedSearchBody): Promise<SavedSearchRecord> {
  const references = body.query_data === undefined ? {} : checkedReferences(body.query_data);
  const changes = { name: body.name, query: body.query_data === undefined ? undefined : toQueryForm(body.query_data), is_pinned: body.is_pinned };
  return answer(await store.savedSearches.update(user.id, id, changes, references), id, body.name);
}

/** DELETE /v1/saved-searches/{id}. */
export async function deleteSavedSearch(store: Store, user: User, id: string): Promise<string> {
  const search = answer((await store.savedSearches.delete(user.id, id)) ?? 'not_found', id, undefined);
  return `Deleted the saved search ${search.name}.`;
}
