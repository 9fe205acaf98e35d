import { describe, expect, it } from 'vitest';
import { longItemId, parseItemId, parseStream } from '@/lib/service/sync/greader/greader-ids';

describe('Google Reader ids', () => {
  it('reads an item id in its four forms: long, 16-digit hex, short hex and decimal', () => {
    expect(longItemId(3054)).toBe('tag:google.com,2005:reader/item/0000000000000bee');
    for (const form of ['tag:google.com,2005:reader/item/0000000000000bee', 'tag:google.com,2005:reader/item/bee', '0000000000000bee', 'bee', '3054']) {
      expect(parseItemId(form), form).toBe(3054);
    }
    for (const bad of ['', 'xyz', '-3', '0', 'tag:google.com,2005:reader/item/', 'ffffffffffffffffff']) expect(parseItemId(bad), bad).toBeUndefined();
  });

  it('reads state, label and feed stream ids, and refuses others', () => {
    expect(parseStream('user/-/state/com.google/reading-list')).toEqual({ kind: 'reading-list' });
    expect(parseStream('user/1234/state/com.google/starred')).toEqual({ kind: 'starred' });
    expect(parseStream('user/-/label/News/World')).toEqual({ kind: 'label', name: 'News/World' });
    expect(parseStream('feed/https://example.com/a.xml?x=1')).toEqual({ kind: 'feed', url: 'https://example.com/a.xml?x=1' });
    for (const bad of ['feed/', 'user/-/state/com.google/broadcast', 'label/News', '']) expect(parseStream(bad), bad).toBeUndefined();
  });
});
