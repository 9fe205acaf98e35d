// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeContent } from '@/lib/service/ingest/sanitize';

/**
 * sanitize-html is pinned to 2.17.5 (its htmlparser2 10 reads raw-text elements such as iframe,
 * noscript and plaintext less like a browser than 2.18's htmlparser2 12, which needs Node 22).
 * What it lets through must still be inert once a browser parses it the HTML5 way.
 */
const payloads = [
  '<iframe src="https://www.youtube.com/embed/x" /><p>after</p><script>alert(1)</script>',
  '<iframe src="https://www.youtube.com/embed/x"><p title="</iframe><img src=x onerror=alert(1)>">x</p></iframe>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<textarea><script>alert(1)</script></textarea><p title="</textarea><img src=x onerror=alert(1)>">',
  '<style>p{}</style><xmp><img src=x onerror=alert(1)></xmp>',
  '<title><img src=x onerror=alert(1)></title><plaintext><img src=x onerror=alert(1)>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe><iframe src="javascript:alert(1)"></iframe>',
  '<a href="jav&#x09;ascript:alert(1)">y</a><img srcset="javascript:alert(1) 1x"><p>a</p><!--<img src=x onerror=alert(1)>-->',
];

describe('sanitized content as a browser reads it', () => {
  it.each(payloads)('leaves nothing active in %s', (payload) => {
    const document = new DOMParser().parseFromString(`<!doctype html><body>${sanitizeContent(payload, 'https://site.example/')}</body>`, 'text/html');
    expect(document.querySelectorAll('script, style, object, embed, [srcdoc]')).toHaveLength(0);
    for (const element of document.body.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name).not.toMatch(/^on/i);
        expect(attribute.value).not.toMatch(/^\s*javascript:/i);
      }
    }
  });
});
