import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '@/lib/service/domain/items/cursor';
import { DomainError } from '@/lib/service/domain/errors';

describe('item list cursors', () => {
  it('decodes what it encodes', () => {
    const cursor = { k: 1_763_000_000_000, i: '9b2f6c1e-8d4a-4e4b-9a59-1c2d3e4f5a6b', o: 50, p: 'global' as const };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('is opaque: URL-safe text without padding', () => {
    expect(encodeCursor({ k: 1, i: 'x', o: 0, p: 'own' })).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('reads an old cursor without a phase as the user’s own items', () => {
    const text = Buffer.from(JSON.stringify({ k: 5, i: 'a', o: 3 })).toString('base64url');
    expect(decodeCursor(text).p).toBe('own');
  });

  it.each(['garbage', Buffer.from('{"k":"x"}').toString('base64url'), Buffer.from('[]').toString('base64url')])(
    'refuses as invalid a cursor it did not give out (%s)', (text) => {
      let thrown: unknown;
      try { decodeCursor(text); } catch (error) { thrown = error; }
      expect(thrown).toBeInstanceOf(DomainError);
      expect((thrown as DomainError).kind).toBe('invalid');
      expect((thrown as DomainError).message).toMatch(/^cursor /);
    });
});
