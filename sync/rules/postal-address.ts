/**
 * Postal addresses as the customer book keeps them (billing, and shipping unless it is the same) and as papers print
 * them: the invoice's Bill To and Ship To, the customer page, the orders export.
 */
import type { Customer } from '../entities/customer';
import { partyName, type User } from '../entities/user';

export type PostalAddress = { line1: string | null; line2: string | null; city: string | null; state: string | null; zipCode: string | null };

const NO_ADDRESS: PostalAddress = { line1: null, line2: null, city: null, state: null, zipCode: null };

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

/** The business address of a profile (one street line). */
export function profileAddress(profile: Pick<User, 'address' | 'city' | 'state' | 'zipCode'>): PostalAddress {
  return { line1: profile.address, line2: null, city: profile.city, state: profile.state, zipCode: profile.zipCode };
}

const isBlank = (address: PostalAddress) => Object.values(address).every((part) => !part);

/** Whom an order is billed to and where it goes, as its invoice and the orders export name them. */
export type BillTo = { name: string; licenseNumber: string | null; phoneNumber: string | null; billing: PostalAddress; shipping: PostalAddress };

export type BuyerProfile = Pick<User, 'businessName' | 'companyName' | 'firstName' | 'lastName' | 'licenseNumber' | 'phoneNumber' | 'address' | 'city' | 'state' | 'zipCode'>;

/**
 * The seller's book names the customer (`entry`): its name, licence, phone and addresses. What the entry leaves
 * blank the buyer's own business profile fills in (`buyer`, when the order came from an account), and an order whose
 * customer is no longer in the book is billed to that profile, else to the name the order was placed under.
 */
export function billToOf(orderCustomerName: string, entry: Customer | null, buyer: BuyerProfile | null): BillTo {
  const entryBilling = entry ? billingAddressOf(entry) : null;
  const billing = entryBilling && !isBlank(entryBilling) ? entryBilling : buyer ? profileAddress(buyer) : NO_ADDRESS;
  return {
    name: entry?.name ?? (buyer ? partyName(buyer, orderCustomerName) : orderCustomerName),
    licenseNumber: entry?.licenseNumber ?? buyer?.licenseNumber ?? null,
    phoneNumber: entry?.phoneNumber ?? buyer?.phoneNumber ?? null,
    billing,
    shipping: entry?.shippingSameAsBilling ? billing : entry ? shippingAddressOf(entry) : NO_ADDRESS,
  };
}
