import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { businessNameProblem, signUpFormSchema } from './user';

const person = { email: 'mae@example.test', password: 'strong-pass', firstName: 'Mae' };

describe('the sign-up form', () => {
  it("asks a seller for the business name only after the spec's four rules", () => {
    expect(validate(signUpFormSchema, { ...person, password: '123', role: 'seller' })).toMatchObject({
      ok: false,
      message: 'Password must be at least 6 characters',
    });
    expect(validate(signUpFormSchema, { ...person, role: 'seller', businessName: '   ' })).toMatchObject({
      ok: false,
      message: 'Business name is required',
      fieldErrors: { businessName: 'Business name is required' },
    });
    expect(validate(signUpFormSchema, { ...person, role: 'seller', businessName: 'Maple Ridge' })).toMatchObject({ ok: true });
  });

  it('never asks a buyer for one', () => {
    expect(validate(signUpFormSchema, { ...person, role: 'buyer' })).toMatchObject({ ok: true });
  });
});

describe('a profile update', () => {
  it('may not leave a seller without a business name, whatever else it changes', () => {
    expect(businessNameProblem({ businessName: null }, 'seller')).toEqual({ businessName: 'Business name is required' });
    expect(businessNameProblem({}, 'seller')).toBeNull();
    expect(businessNameProblem({ businessName: null }, 'buyer')).toBeNull();
  });
});
