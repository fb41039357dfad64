import { describe, expect, it } from 'vitest';
import { deliveredQuantityProblem } from './order-delivery';

const line = { strainName: 'Haze', quantity: '6.000', unitType: 'unit' };

describe('what may be recorded as delivered', () => {
  it('takes anything from nothing up to what was ordered', () => {
    expect(deliveredQuantityProblem(line, '6')).toBeNull();
    expect(deliveredQuantityProblem(line, '0')).toBeNull();
    expect(deliveredQuantityProblem(line, '5.5')).toBeNull();
  });

  it('says what is wrong with more than was ordered, a blank or a word', () => {
    expect(deliveredQuantityProblem(line, '7')).toBe('Haze: deliver at most what was ordered (6 units)');
    expect(deliveredQuantityProblem(line, ' ')).toBe('Haze: enter the delivered quantity');
    expect(deliveredQuantityProblem(line, 'six')).toBe('Haze: enter the delivered quantity as a number, such as 4 or 4.5');
  });
});
