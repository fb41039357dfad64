import { describe, expect, it } from 'vitest';
import { chartBars, figuresAge } from './figures-age';

const now = new Date('2031-05-10T12:00:00Z');

describe('figuresAge', () => {
  it.each([
    ['2031-05-10T11:59:30Z', 'just now'],
    ['2031-05-10T11:59:00Z', '1 minute ago'],
    ['2031-05-10T11:15:00Z', '45 minutes ago'],
    ['2031-05-10T11:00:00Z', '1 hour ago'],
    ['2031-05-09T13:00:00Z', '23 hours ago'],
    ['2031-05-09T12:00:00Z', '1 day ago'],
    ['2031-05-01T12:00:00Z', '9 days ago'],
  ])('figures fetched at %s are %s', (fetchedAt, words) => expect(figuresAge(fetchedAt, now)).toBe(words));
});

describe('chartBars', () => {
  it('keeps every day and its views, in order, with a short label', () => {
    expect(
      chartBars([
        { date: '2031-04-30', views: 3 },
        { date: '2031-05-01', views: 0 },
      ]),
    ).toEqual([
      { date: '2031-04-30', label: 'Apr 30', views: 3 },
      { date: '2031-05-01', label: 'May 1', views: 0 },
    ]);
  });
});
