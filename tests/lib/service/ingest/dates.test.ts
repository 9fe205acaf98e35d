import { describe, expect, it } from 'vitest';
import { feedDateReader, parseFeedDate } from '@/lib/service/ingest/dates';

describe('parseFeedDate', () => {
  it.each([
    ['Thu, 31 Jan 2019 16:58:12 +0000', '2019-01-31T16:58:12Z'],
    ['Mon, 13 Jul 2020 04:00:00 -0000', '2020-07-13T04:00:00Z'],
    ['Tue, 10 Jun 2003 04:00:00 PDT', '2003-06-10T11:00:00Z'],
    ['Tue, 10 Jun 2003 04:00:00 CEST', '2003-06-10T02:00:00Z'],
    ['Tue, 10 Jun 2003 04:00:00 Z', '2003-06-10T04:00:00Z'],
    ['10 Jun 2003 04:00 +05:30', '2003-06-09T22:30:00Z'],
    ['Sat, 5 Jan 19 08:00:00 GMT', '2019-01-05T08:00:00Z'],
    ['Mon, 06 Sep 2021 12:17:00 +0200', '2021-09-06T10:17:00Z'],
    ['Di, 12 Okt 2021 10:00:00 +0200', '2021-10-12T08:00:00Z'],
    ['2017-06-02T22:05:47-07:00', '2017-06-03T05:05:47Z'],
    ['2007-12-14T23:15:00.000-08:00', '2007-12-15T07:15:00Z'],
    ['2019-01-31T16:58:12.000+0000', '2019-01-31T16:58:12Z'],
    ['2018-01-06T08:00', '2018-01-06T08:00:00Z'],
    ['2019-08-27', '2019-08-27T00:00:00Z'],
    ['2020/1/10 14:33:00', '2020-01-10T14:33:00Z'],
    ['June 27, 2017 3:04 PM EDT', '2017-06-27T19:04:00Z'],
    ['1594612800', '2020-07-13T04:00:00Z'],
    ['Thu, 29 Feb 2024 10:00:00 GMT', '2024-02-29T10:00:00Z'],
  ])('reads %s', (input, expected) => {
    expect(parseFeedDate(input)).toBe(expected);
  });

  it.each([[''], ['   '], ['sometime last week'], ['Mon, 45 Foo 2019'], ['0000-00-00 00:00:00'],
    ['Mon, 30 Feb 2015 10:00:00 GMT'], ['2023-02-29'], ['2021-04-31T08:00:00Z'], ['June 31, 2020'], [null], [undefined]])('gives null for %s', (input) => {
    expect(parseFeedDate(input)).toBeNull();
  });

  it('gives null for a long run of letters at once', () => {
    // The month-first pattern tried every letter as a month's start: quadratic, so this
    // megabyte of a hostile <pubDate> took minutes (past the test timeout) before.
    expect(parseFeedDate('a'.repeat(1_000_000))).toBeNull();
    expect(parseFeedDate(`${'x'.repeat(1_000_000)} June 27, 2017`)).toBe('2017-06-27T00:00:00Z');
  });
});

describe('parseFeedDate in the languages feeds are written in', () => {
  const instant = '2018-09-24T22:42:40Z';
  it.each([
    ['pt', 'Seg, 24 Set 2018 19:42:40 -0300'],
    ['pt', 'segunda-feira, 24 de setembro de 2018 19:42:40 -0300'],
    ['pt', '24 set. 2018 19:42:40 BRT'],
    ['es', 'Lun, 24 Sep 2018 19:42:40 -0300'],
    ['es', 'lunes, 24 de septiembre de 2018 19:42:40 -0300'],
    ['es', '24 setiembre 2018 7:42:40 p. m. -0300'],
    ['fr', 'lun., 24 sept. 2018 19:42:40 -0300'],
    ['fr', 'lundi 24 septembre 2018 à 19h42:40 -0300'],
    ['de', 'Mo, 24 Sep 2018 19:42:40 -0300'],
    ['de', 'Montag, 24. September 2018 19:42:40 -0300'],
    ['it', 'lun, 24 set 2018 19:42:40 -0300'],
    ['it', 'lunedì 24 settembre 2018 19:42:40 -0300'],
    ['nl', 'ma, 24 sep 2018 19:42:40 -0300'],
    ['nl', 'maandag 24 september 2018 19:42:40 -0300'],
    ['en', 'Monday, September 24th, 2018 7:42:40 PM -03:00'],
  ])('reads %s: %s', (_language, input) => {
    expect(parseFeedDate(input)).toBe(instant);
  });

  it.each([
    ['Dez', 'Mi, 05 Dez 2018 10:00:00 +0100', '2018-12-05T09:00:00Z'],
    ['Mär', 'Mi, 13 Mär 2019 10:00:00 +0100', '2019-03-13T09:00:00Z'],
    ['März', '13. März 2019 10:00 MEZ', '2019-03-13T09:00:00Z'],
    ['mrt', 'wo, 13 mrt 2019 10:00:00 +0100', '2019-03-13T09:00:00Z'],
    ['mei', 'wo, 15 mei 2019 10:00:00 +0200', '2019-05-15T08:00:00Z'],
    ['août', 'jeu., 15 août 2019 10:00:00 +0200', '2019-08-15T08:00:00Z'],
    ['févr.', 'ven. 1 févr. 2019 10:00 CET', '2019-02-01T09:00:00Z'],
    ['déc', 'mar., 3 déc. 2019 10:00:00 +0100', '2019-12-03T09:00:00Z'],
    ['março', '13 de março de 2019 10:00 -0300', '2019-03-13T13:00:00Z'],
    ['out', 'Qui, 10 Out 2019 10:00:00 -0300', '2019-10-10T13:00:00Z'],
    ['dic', 'mar, 10 dic 2019 10:00:00 +0100', '2019-12-10T09:00:00Z'],
    ['ene', 'mié, 15 ene 2020 10:00:00 +0100', '2020-01-15T09:00:00Z'],
    ['gen', 'mer, 15 gen 2020 10:00:00 +0100', '2020-01-15T09:00:00Z'],
    ['giu', 'lun, 15 giu 2020 10:00:00 +0200', '2020-06-15T08:00:00Z'],
    ['ott', 'gio, 15 ott 2020 10:00:00 +0200', '2020-10-15T08:00:00Z'],
    ['Jänner', '15. Jänner 2020 10:00 +0100', '2020-01-15T09:00:00Z'],
  ])('reads the month %s', (_month, input, expected) => {
    expect(parseFeedDate(input)).toBe(expected);
  });

  it.each([
    ['24/09/2018 19:42:40', true, '2018-09-24T19:42:40Z'],
    ['24.09.2018 19:42', false, '2018-09-24T19:42:00Z'],
    ['24-09-2018', false, '2018-09-24T00:00:00Z'],
    ['09/24/2018 7:42 pm', false, '2018-09-24T19:42:00Z'],
    ['03/04/2020', false, '2020-03-04T00:00:00Z'],
    ['03/04/2020', true, '2020-04-03T00:00:00Z'],
    ['24/09/18', true, '2018-09-24T00:00:00Z'],
    ['2018/09/24 19:42:40 +0200', false, '2018-09-24T17:42:40Z'],
    ['20180924T194240Z', false, '2018-09-24T19:42:40Z'],
    ['1537818160000', false, '2018-09-24T19:42:40Z'],
  ])('reads the numeric form %s (day first: %s)', (input, dayFirst, expected) => {
    expect(parseFeedDate(input, { dayFirst })).toBe(expected);
  });

  it.each([
    ['2018-09-24 19:42:40 UTC', '2018-09-24T19:42:40Z'],
    ['2018-09-24t19:42:40z', '2018-09-24T19:42:40Z'],
    ['2018-09-24T19:42:40+02', '2018-09-24T17:42:40Z'],
    ['2018-09-24T19:42:40.123456789 -0300', '2018-09-24T22:42:40Z'],
    ['Mon Sep 24 2018 19:42:40 GMT-0300 (Horário Padrão de Brasília)', '2018-09-24T22:42:40Z'],
    ['Mon, 24 Sep 2018 19:42:40 UTC+2', '2018-09-24T17:42:40Z'],
    ['Mon Sep 24 19:42:40 2018', '2018-09-24T19:42:40Z'],
    ['Mon, 24 Sep 18 19:42 EST', '2018-09-25T00:42:00Z'],
    ['Mon, 24 Sep 2018 19:42:40 CET', '2018-09-24T18:42:40Z'],
    ['Mon, 24 Sep 2018 19:42:40 BST', '2018-09-24T18:42:40Z'],
    ['Mon, 24 Sep 2018 19:42:40 IST', '2018-09-24T14:12:40Z'],
    ['Mon, 24 Sep 2018 19:42:40 JST', '2018-09-24T10:42:40Z'],
    ['Mon, 24 Sep 2018 19:42:40 AEST', '2018-09-24T09:42:40Z'],
  ])('reads the deviation %s', (input, expected) => {
    expect(parseFeedDate(input)).toBe(expected);
  });

  it.each([['Seg, 24 Foo 2018 19:42:40 -0300'], ['24/09'], ['99/99/2018'], ['13/13/2018'], ['Sep 2018'], ['2 hours ago']])('gives null for %s', (input) => {
    expect(parseFeedDate(input)).toBeNull();
  });
});

describe('feedDateReader', () => {
  it('reads a date without a zone in the zone the feed\'s other dates name', () => {
    const read = feedDateReader(() => ['2018-09-24 10:00', 'Mon, 24 Sep 2018 09:00:00 -0300'], 'pt-BR');
    expect(read('2018-09-24 10:00')).toBe('2018-09-24T13:00:00Z');
    expect(read('Mon, 24 Sep 2018 09:00:00 +0000')).toBe('2018-09-24T09:00:00Z');
  });

  it('reads it as UTC when the feed\'s dates name no zone or different ones', () => {
    expect(feedDateReader(() => ['2018-09-24 10:00'], null)('2018-09-24 10:00')).toBe('2018-09-24T10:00:00Z');
    const mixed = feedDateReader(() => ['2018-09-24 10:00', '24 Sep 2018 09:00 -0300', '24 Sep 2018 09:00 +0200'], null);
    expect(mixed('2018-09-24 10:00')).toBe('2018-09-24T10:00:00Z');
  });

  it('reads ambiguous numeric dates by the feed\'s language', () => {
    expect(feedDateReader(() => ['03/04/2020'], 'en-US')('03/04/2020')).toBe('2020-03-04T00:00:00Z');
    expect(feedDateReader(() => ['03/04/2020'], 'de')('03/04/2020')).toBe('2020-04-03T00:00:00Z');
  });
});
