import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { charsetFromContentType, charsetFromDocument, decodeBody } from '@/lib/service/ingest/decode';

describe('decodeBody', () => {
  it('follows a byte-order mark over every label (UTF-8 and UTF-16)', () => {
    expect(decodeBody(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('<rss>é</rss>')]), 'text/xml; charset=iso-8859-1')).toBe('<rss>é</rss>');
    expect(decodeBody(Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('<rss>ü</rss>', 'utf-16le')]))).toBe('<rss>ü</rss>');
    expect(decodeBody(Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode('<rss>ü</rss>', 'utf-16be')]))).toBe('<rss>ü</rss>');
  });

  it('uses the HTTP charset for bytes that are not UTF-8', () => {
    expect(decodeBody(iconv.encode('<rss>Привет</rss>', 'koi8-r'), 'application/rss+xml; charset="KOI8-R"')).toBe('<rss>Привет</rss>');
  });

  it('uses the XML declaration when HTTP names no charset', () => {
    const bytes = iconv.encode('<?xml version="1.0" encoding="Shift_JIS"?><rss>日本語</rss>', 'shift_jis');
    expect(decodeBody(bytes, 'text/xml')).toBe('<?xml version="1.0" encoding="Shift_JIS"?><rss>日本語</rss>');
  });

  it('uses an HTML meta charset for pages', () => {
    const bytes = iconv.encode('<html><head><meta charset="windows-1251"></head><body>Страница</body></html>', 'windows-1251');
    expect(decodeBody(bytes, 'text/html')).toContain('Страница');
  });

  it('falls back from a wrong UTF-8 label to the document declaration, then windows-1252', () => {
    const declared = iconv.encode('<?xml version="1.0" encoding="iso-8859-2"?><rss>Łódź</rss>', 'iso-8859-2');
    expect(decodeBody(declared, 'text/xml; charset=utf-8')).toContain('Łódź');
    expect(decodeBody(Buffer.from([0x3c, 0x61, 0x3e, 0x93, 0x48, 0x69, 0x94, 0x80]), 'text/xml; charset=utf-8')).toBe('<a>“Hi”€');
  });

  it('passes strings through, minus a byte-order mark', () => {
    expect(decodeBody('\uFEFF<rss/>')).toBe('<rss/>');
  });
});

describe('charset labels', () => {
  it('reads charset from Content-Type and from XML or HTML heads', () => {
    expect(charsetFromContentType('text/xml; Charset="UTF-8"')).toBe('utf-8');
    expect(charsetFromContentType('text/xml')).toBeNull();
    expect(charsetFromDocument("<?xml version='1.0' encoding='GB2312'?><rss/>")).toBe('gb2312');
    expect(charsetFromDocument('<meta http-equiv="Content-Type" content="text/html; charset=euc-kr">')).toBe('euc-kr');
  });
});
