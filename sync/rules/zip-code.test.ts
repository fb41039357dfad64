import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from '../entities/user';
import { validate } from '../contract/validation';
import { isUsZipCode, normalizeZipCode, ZIP_CODE_MESSAGE } from './zip-code';

describe('a US ZIP code', () => {
  it('is five digits, or nine with or without the hyphen', () => {
    for (const zip of ['48104', '48104-1234', '481041234', ' 48104 ']) expect(isUsZipCode(zip), zip).toBe(true);
  });

  it('is never letters, four or six digits, or a partial ZIP+4', () => {
    for (const zip of ['abcde', '4810', '481045', '48104-12', '48104-12345', '4810a', 'SW1A 1AA', '']) expect(isUsZipCode(zip), zip).toBe(false);
  });

  it('is kept as 48104 or 48104-1234', () => {
    expect(normalizeZipCode('481041234')).toBe('48104-1234');
    expect(normalizeZipCode('48104 1234')).toBe('48104-1234');
    expect(normalizeZipCode(' 48104 ')).toBe('48104');
  });
});

describe("the profile's ZIP code", () => {
  it('refuses "abcde" at its field, with what a ZIP code is', () => {
    const checked = validate(profileUpdateSchema, { zipCode: 'abcde' });
    expect(checked).toMatchObject({ ok: false, fieldErrors: { zipCode: ZIP_CODE_MESSAGE } });
  });

  it('takes a ZIP code, and an empty one as none', () => {
    expect(validate(profileUpdateSchema, { zipCode: '481041234' })).toEqual({ ok: true, data: { zipCode: '48104-1234' } });
    expect(validate(profileUpdateSchema, { zipCode: '' })).toEqual({ ok: true, data: { zipCode: null } });
    expect(validate(profileUpdateSchema, { zipCode: null })).toEqual({ ok: true, data: { zipCode: null } });
  });
});
