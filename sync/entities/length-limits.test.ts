/** Every length limit of the forms and the API says which field is too long, never that it is required. */
import { describe, expect, it } from 'vitest';
import { validate } from '../contract/validation';
import { browseQuerySchema } from './browse';
import { inquiryCreateSchema, inquiryReplySchema } from './inquiry';
import { menuCreateSchema } from './menu';
import { productCreateSchema } from './product';
import { savedMenuUpdateSchema } from './saved-menu';
import { loginInputSchema, profileUpdateSchema, registerInputSchema } from './user';

const ID = '00000000-0000-4000-8000-000000000001';
const long = (length: number) => 'x'.repeat(length);

const CASES: Array<[string, () => ReturnType<typeof validate>, string, string]> = [
  ['strain name', () => validate(productCreateSchema, { strainName: long(201) }), 'strainName', 'Strain name must be at most 200 characters'],
  ['product description', () => validate(productCreateSchema, { strainName: 'A', description: long(5001) }), 'description', 'Description must be at most 5000 characters'],
  ['menu name', () => validate(menuCreateSchema, { name: long(201) }), 'name', 'Menu name must be at most 200 characters'],
  ['menu description', () => validate(menuCreateSchema, { name: 'A', description: long(5001) }), 'description', 'Description must be at most 5000 characters'],
  [
    'first name',
    () => validate(registerInputSchema, { email: 'a@b.co', password: 'long-enough-1', role: 'buyer', firstName: long(101) }),
    'firstName',
    'First name must be at most 100 characters',
  ],
  ['email', () => validate(loginInputSchema, { email: `${long(250)}@b.co`, password: 'p' }), 'email', 'Email must be at most 254 characters'],
  ['password', () => validate(loginInputSchema, { email: 'a@b.co', password: long(201) }), 'password', 'Password must be at most 200 characters'],
  ['business name', () => validate(profileUpdateSchema, { businessName: long(201) }), 'businessName', 'Business name must be at most 200 characters'],
  ['profile first name', () => validate(profileUpdateSchema, { firstName: long(101) }), 'firstName', 'First name must be at most 100 characters'],
  ['ZIP code', () => validate(profileUpdateSchema, { zipCode: long(21) }), 'zipCode', 'ZIP code must be at most 20 characters'],
  ['saved menu notes', () => validate(savedMenuUpdateSchema, { notes: long(2001) }), 'notes', 'Notes must be at most 2000 characters'],
  ['tag', () => validate(savedMenuUpdateSchema, { tags: [long(41)] }), 'tags', 'A tag must be at most 40 characters'],
  ['reply', () => validate(inquiryReplySchema, { id: ID, inquiryId: ID, body: long(4001) }), 'body', 'A message must be at most 4000 characters'],
  ['first message', () => validate(inquiryCreateSchema, { id: ID, menuId: ID, kind: 'message', message: long(4001) }), 'message', 'A message must be at most 4000 characters'],
  ['search', () => validate(browseQuerySchema, { q: long(201) }), 'q', 'A search must be at most 200 characters'],
];

describe('length limits', () => {
  it.each(CASES)('a too-long %s gets its own message', (_what, run, field, message) => {
    const result = run();
    expect(result).toMatchObject({ ok: false, message });
    if (!result.ok) expect(result.fieldErrors[field]).toBe(message);
  });

  it('a missing required field still says it is required', () => {
    expect(validate(productCreateSchema, {})).toMatchObject({ ok: false, message: 'Strain name is required' });
    expect(validate(menuCreateSchema, { name: ' ' })).toMatchObject({ ok: false, message: 'Menu name is required' });
  });
});
