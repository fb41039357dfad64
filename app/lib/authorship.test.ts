import { expect, it } from 'vitest';
import { authorshipText, memberNames } from './authorship';

const names = memberNames([
  { userId: 'u-rita', email: 'rita@north.test', name: 'Rita Reyes', role: 'rep' },
  { userId: 'u-marcus', email: 'marcus@north.test', name: '', role: 'owner' },
]);

it('names who added a row and who last changed it, by their email when they gave no name', () => {
  expect(authorshipText({ createdBy: 'u-rita', updatedBy: 'u-marcus' }, names)).toBe('Added by Rita Reyes · changed by marcus@north.test');
});

it('says only what the row records', () => {
  expect(authorshipText({ createdBy: 'u-rita', updatedBy: null }, names)).toBe('Added by Rita Reyes');
  expect(authorshipText({ updatedBy: 'u-rita' }, names)).toBe('Changed by Rita Reyes');
});

it('still says a member who left did it, without a name', () => {
  expect(authorshipText({ createdBy: 'u-gone', updatedBy: 'u-rita' }, names)).toBe('Added by a former member · changed by Rita Reyes');
});

it('says nothing for a row from before teams recorded anyone', () => {
  expect(authorshipText({}, names)).toBeNull();
  expect(authorshipText({ createdBy: null, updatedBy: null }, names)).toBeNull();
});
