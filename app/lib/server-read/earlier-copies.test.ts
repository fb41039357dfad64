import { expect, it } from 'vitest';
import { forgetReadsKeptByEarlierVersions } from './earlier-copies';

function storageOf(entries: Record<string, string>): Storage {
  const items = new Map(Object.entries(entries));
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

it('removes the server reads earlier versions left in local storage, and only those', () => {
  const storage = storageOf({
    seller_dashboard_3f1c: '{"totalViews":12}',
    menu_activity_3f1c: '[{"buyerName":"Northside Provisions"}]',
    menu_insights_9a2b_30: '{"fetchedAt":"2025-03-01T10:00:00.000Z"}',
    menu_insights_9a2b_7: '{"fetchedAt":"2025-03-01T10:00:00.000Z"}',
    auth_token: 'token',
    site_info: '{"supportEmail":null}',
  });
  forgetReadsKeptByEarlierVersions(storage);
  expect(Array.from({ length: storage.length }, (_, index) => storage.key(index))).toEqual(['auth_token', 'site_info']);
});
