import { describe, expect, it } from 'vitest';
import { sharedLink } from '@/lib/client/shared-link';

describe('the link in what a share sheet sends', () => {
  it('takes the url field when it holds a web address', () => {
    expect(sharedLink({ url: 'https://example.com/feed.xml', text: 'https://other.example/' })).toBe('https://example.com/feed.xml');
  });

  it('finds the address inside the text when the url field is empty, without trailing punctuation', () => {
    expect(sharedLink({ title: 'A blog', text: 'Look at this: https://blog.example.com/posts/1).' })).toBe('https://blog.example.com/posts/1');
  });

  it('answers null when nothing shared is a web address', () => {
    expect(sharedLink({ text: 'no link here', url: 'javascript:alert(1)' })).toBeNull();
    expect(sharedLink({})).toBeNull();
  });
});
