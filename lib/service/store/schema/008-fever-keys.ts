/**
 * Fever clients authenticate with md5(`email:password`), which cannot be derived from the
 * SHA-256 kept of an API key. So each API key made from now on also keeps the SHA-256 of its
 * Fever key (md5 of the account's email, a colon and the key), computed once when the key is
 * made; keys made before this migration have none and must be replaced to work with Fever.
 */
export const feverKeysSchema = /* sql */ `
ALTER TABLE credentials ADD COLUMN fever_key_hash TEXT;
CREATE UNIQUE INDEX credentials_fever_key ON credentials(fever_key_hash) WHERE fever_key_hash IS NOT NULL;
`;
