import { describe, expect, it } from 'vitest';
import type { Mutation } from '../../../sync/contract/mutations';
import { linksNotOnServer } from './links-not-on-server';

const MENU = '22222222-2222-4222-8222-222222222222';
const SYNCED_MENU = '44444444-4444-4444-8444-444444444444';
const FIRST_LINK = '11111111-1111-4111-8111-111111111111';
const NEW_LINK = '33333333-3333-4333-8333-333333333333';
const created: Mutation = {
  name: 'menu.create',
  args: { id: MENU, publicLinkId: FIRST_LINK, name: 'Booth', description: null, isPublic: false, linkExpiresAt: null, productIds: [] },
};

describe('links the server does not have yet', () => {
  it("names a new menu's link, edited or not", () => {
    expect(linksNotOnServer([created, { name: 'menu.update', args: { id: MENU, changes: { name: 'Booth menu' } } }])).toEqual(new Set([FIRST_LINK]));
  });

  it('names a new link given to a menu that is itself new', () => {
    expect(linksNotOnServer([created, { name: 'menu.regenerateLink', args: { id: MENU, publicLinkId: NEW_LINK } }])).toEqual(new Set([FIRST_LINK, NEW_LINK]));
  });

  it('names none for a menu the server already has', () => {
    const changes: Mutation[] = [
      { name: 'menu.regenerateLink', args: { id: SYNCED_MENU, publicLinkId: NEW_LINK } },
      { name: 'menu.delete', args: { id: SYNCED_MENU } },
    ];
    expect(linksNotOnServer(changes)).toEqual(new Set());
  });
});
