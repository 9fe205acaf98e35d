import type { FolderRecord } from '@/lib/contract/search';
import type { CreateFolderBody, UpdateFolderBody } from '@/lib/contract/organizing';
import type { User } from '../accounts';
import type { Store } from '../../store/store';
import { conflict, notFound } from '../errors';

function noFolder(id: string) {
  return notFound(`No folder with id ${id} exists.`);
}

/** The refusal of a folder name another folder of the user has. */
export function folderNameTaken(name: string) {
  return conflict(`A folder named "${name}" already exists.`);
}

/** GET /v1/folders: every folder of the user, pinned first, then by name. */
export function listFolders(store: Store, user: User): Promise<FolderRecord[]> {
  return store.folders.list(user.id);
}

/** One folder of the user, or 404. */
export async function getFolder(store: Store, user: User, id: string): Promise<FolderRecord> {
  const folder = await store.folders.get(user.id, id);
  if (!folder) throw noFolder(id);
  return folder;
}

/** POST /v1/folders: 409 when another folder of the user already has the name (names compare without case). */
export async function createFolder(store: Store, user: User, body: CreateFolderBody): Promise<FolderRecord> {
  const folder = await store.folders.create(user.id, { name: body.name, is_pinned: body.is_pinned ?? false });
  if (folder === 'name_taken') throw folderNameTaken(body.name);
  return folder;
}

/** PATCH /v1/folders/{id}: rename and pin or unpin. */
export async function updateFolder(store: Store, user: User, id: string, body: UpdateFolderBody): Promise<FolderRecord> {
  const folder = await store.folders.update(user.id, id, body);
  if (folder === 'not_found') throw noFolder(id);
  if (folder === 'name_taken') throw folderNameTaken(body.name!);
  return folder;
}

/** DELETE /v1/folders/{id}: its subscriptions stay, in no folder; saved searches stop naming it. */
export async function deleteFolder(store: Store, user: User, id: string): Promise<string> {
  const folder = await store.folders.delete(user.id, id);
  if (!folder) throw noFolder(id);
  return `Deleted the folder ${folder.name}.`;
}

/** The user's folder with this name (without case), created when missing: for imports. */
export function ensureFolder(store: Store, user: User, name: string): Promise<{ id: string; created: boolean }> {
  return store.folders.ensure(user.id, name);
}
