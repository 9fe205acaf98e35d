/** Linked read-later services: credentials are sealed (AES-256-GCM) before they reach this table. */
export const readLaterSchema = /* sql */ `
CREATE TABLE read_later_links (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  service TEXT NOT NULL CHECK (service IN ('instapaper', 'readwise', 'raindrop', 'wallabag')),
  account TEXT NOT NULL,
  sealed_credentials TEXT NOT NULL,
  linked_at TEXT NOT NULL,
  PRIMARY KEY (user_id, service)
) WITHOUT ROWID;
`;
