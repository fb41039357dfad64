import { expect, it } from 'vitest';
import { authorshipText } from './authorship';

it('names who added a row and who last changed it', () => {
  expect(authorshipText({ id: 'p1', createdByName: 'Rita Reyes', updatedByName: 'Marcus Lee' })).toBe('Added by Rita Reyes · changed by Marcus Lee');
});

it('says only what the row carries', () => {
  expect(authorshipText({ id: 'p1', createdByName: 'Rita Reyes', updatedByName: null })).toBe('Added by Rita Reyes');
  expect(authorshipText({ id: 'p1', updatedByName: 'Marcus Lee' })).toBe('Changed by Marcus Lee');
});

it('says nothing for a row from before teams recorded names', () => {
  expect(authorshipText({ id: 'p1', strainName: 'Blue Dream' })).toBeNull();
  expect(authorshipText({ id: 'p1', createdByName: '  ', updatedByName: '' })).toBeNull();
});
