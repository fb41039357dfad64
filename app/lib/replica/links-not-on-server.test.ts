import { describe, expect, it } from 'vitest';
import type { Mutation } from '../../../sync/mutations';
import { linksNotOnServer } from './links-not-on-server';

const MENU = '22222222-2222-4222-8222-222222222222';
const FIRST_LINK = '11111111-1111-4111-8111-111111111111';
const NEW_LINK = '33333333-3333-4333-8333-333333333333';

describe('links the server does not have yet', () => {
  it("names a new menu's link and a new link given to a menu", () => {
    const waiting: Mutation[] = [
      { name: 'menu.create', args: { id: MENU, publicLinkId: FIRST_LINK, name: 'Booth', description: null, isPublic: false, linkExpiresAt: null, productIds: [] } },
      { name: 'menu.update', args: { id: MENU, changes: { name: 'Booth menu' } } },
      { name: 'menu.regenerateLink', args: { id: '44444444-4444-4444-8444-444444444444', publicLinkId: NEW_LINK } },
    ];
    expect(linksNotOnServer(waiting)).toEqual(
      new Map([
        [FIRST_LINK, 'new-menu'],
        [NEW_LINK, 'new-link'],
      ]),
    );
  });

  it('a new link given to a menu that is itself new still waits for the menu', () => {
    const waiting: Mutation[] = [
      { name: 'menu.create', args: { id: MENU, publicLinkId: FIRST_LINK, name: 'Booth', description: null, isPublic: false, linkExpiresAt: null, productIds: [] } },
      { name: 'menu.regenerateLink', args: { id: MENU, publicLinkId: NEW_LINK } },
    ];
    expect(linksNotOnServer(waiting).get(NEW_LINK)).toBe('new-menu');
  });

  it('names none when nothing that makes a link waits', () => {
    expect(linksNotOnServer([{ name: 'menu.delete', args: { id: MENU } }])).toEqual(new Map());
  });
});
