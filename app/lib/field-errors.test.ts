import { describe, expect, it } from 'vitest';
import { stillFailing } from './field-errors';

describe('stillFailing', () => {
  it('drops the error of a field that was fixed', () => {
    expect(stillFailing({ strainName: 'Strain name is required', pricePerUnit: 'Price is required' }, { pricePerUnit: 'Price is required' })).toEqual({
      pricePerUnit: 'Price is required',
    });
  });

  it('never shows an error that was not shown before the next submit', () => {
    expect(stillFailing({ strainName: 'Strain name is required' }, { strainName: 'Strain name is required', lotSize: 'Lot size must be a number' })).toEqual({
      strainName: 'Strain name is required',
    });
  });

  it('rewords an error whose field is wrong in another way now', () => {
    expect(stillFailing({ email: 'Email is required' }, { email: 'Please enter a valid email address' })).toEqual({ email: 'Please enter a valid email address' });
  });
});
