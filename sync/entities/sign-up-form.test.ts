import { describe, expect, it } from 'vitest';
import { validate } from '../contract/validation';
import { businessNameProblem, registerInputSchema } from './user';

const person = { email: 'mae@example.test', password: 'strong-pass', firstName: 'Mae' };
/** What the sign-up form sends for a seller who leaves the optional business fields empty. */
const emptyBusiness = { businessName: '', phoneNumber: '', contactInfo: '' };

describe('the sign-up form', () => {
  it("checks the spec's four rules in their order", () => {
    const steps: Array<[Record<string, unknown>, string]> = [
      [{ role: 'seller' }, 'Email is required'],
      [{ role: 'seller', email: person.email }, 'Password is required'],
      [{ role: 'seller', email: person.email, password: '123' }, 'First name is required'],
      [{ role: 'seller', email: person.email, password: '123', firstName: 'Mae' }, 'Password must be at least 6 characters'],
    ];
    for (const [values, message] of steps) expect(validate(registerInputSchema, { ...values, ...emptyBusiness })).toMatchObject({ ok: false, message });
  });

  it('takes a seller who gives exactly what the spec asks, with no business name', () => {
    expect(validate(registerInputSchema, { ...person, lastName: '', role: 'seller', ...emptyBusiness })).toMatchObject({
      ok: true,
      data: { businessName: null, phoneNumber: null, contactInfo: null },
    });
  });

  it("keeps a seller's business name when one is given, and never asks a buyer for one", () => {
    expect(validate(registerInputSchema, { ...person, role: 'seller', businessName: ' Maple Ridge ' })).toMatchObject({ ok: true, data: { businessName: 'Maple Ridge' } });
    expect(validate(registerInputSchema, { ...person, role: 'buyer' })).toMatchObject({ ok: true });
  });
});

describe('a profile update', () => {
  it('may not blank the business name a seller has, whatever else it changes', () => {
    expect(businessNameProblem({ businessName: null }, 'seller', 'Maple Ridge')).toEqual({ businessName: 'Business name is required' });
    expect(businessNameProblem({}, 'seller', 'Maple Ridge')).toBeNull();
    expect(businessNameProblem({ businessName: null }, 'buyer', 'Maple Ridge')).toBeNull();
  });

  it('lets a seller who has no business name yet save the rest of the profile without one', () => {
    expect(businessNameProblem({ businessName: null }, 'seller', null)).toBeNull();
  });
});
