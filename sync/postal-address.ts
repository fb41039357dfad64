/**
 * Postal addresses as the customer book keeps them (billing, and shipping unless it is the same) and as papers print
 * them: the invoice's Bill To and Ship To, the customer page, the orders export.
 */
import type { Customer } from './entities/customer';

export type PostalAddress = { line1: string | null; line2: string | null; city: string | null; state: string | null; zipCode: string | null };

type AddressFields = Pick<
  Customer,
  | 'billingLine1'
  | 'billingLine2'
  | 'billingCity'
  | 'billingState'
  | 'billingZipCode'
  | 'shippingSameAsBilling'
  | 'shippingLine1'
  | 'shippingLine2'
  | 'shippingCity'
  | 'shippingState'
  | 'shippingZipCode'
>;

/**
 * A field missing from an entry is read as not given: a device may hold entries pulled before the book had
 * addresses until its next pull.
 */
const given = (value: string | null | undefined) => value ?? null;

export function billingAddressOf(customer: AddressFields): PostalAddress {
  return {
    line1: given(customer.billingLine1),
    line2: given(customer.billingLine2),
    city: given(customer.billingCity),
    state: given(customer.billingState),
    zipCode: given(customer.billingZipCode),
  };
}

/** Where deliveries go: the billing address when the entry says so. */
export function shippingAddressOf(customer: AddressFields): PostalAddress {
  if (customer.shippingSameAsBilling) return billingAddressOf(customer);
  return {
    line1: given(customer.shippingLine1),
    line2: given(customer.shippingLine2),
    city: given(customer.shippingCity),
    state: given(customer.shippingState),
    zipCode: given(customer.shippingZipCode),
  };
}

/** The address as it is written on an envelope: the street lines, then "City, ST 12345"; nothing for an address not given. */
export function addressLines(address: PostalAddress): string[] {
  const place = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.line1, address.line2, place].filter((line): line is string => !!line);
}

/** The street lines as one: "400 Farm Road, Suite 2". */
export function streetOf(address: PostalAddress): string {
  return [address.line1, address.line2].filter(Boolean).join(', ');
}
