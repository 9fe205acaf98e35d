/**
 * Labels as Google Reader's API knows them: a folder and a tag of the same name are one label,
 * renamed or removed together (one unit of work across the folder and tag areas).
 */
export type LabelStore = {
  /**
   * The folder and the tag named `from` (without case) take the name `to`; the tag merges into a
   * tag already named `to`. 'not_found' when neither exists; 'name_taken' when another folder
   * has the name (nothing changes).
   */
  rename(userId: string, from: string, to: string): Promise<'renamed' | 'not_found' | 'name_taken'>;
  /** Deletes the folder (its subscriptions stay, in no folder) and the tag named so: whether either existed. */
  delete(userId: string, name: string): Promise<boolean>;
};
