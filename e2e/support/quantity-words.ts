/** What a quantity field says for each thing typed that cannot be ordered: the cart and the seller's lines share the words. */
export function quantityProblems(strainName: string): Array<[typed: string, said: string]> {
  return [
    ['', `${strainName}: enter a quantity`],
    ['0', `${strainName}: order at least 1 lb`],
    ['25', `${strainName}: at most 20 lb available`],
    ['two', `${strainName}: enter the quantity as a number, such as 5`],
  ];
}
