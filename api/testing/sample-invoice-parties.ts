/** The two parties of a sample invoice, for the invoice tests and benchmarks. */
import type { InvoiceBuyer, InvoiceSeller } from '../orders/invoice-pdf';

export const SAMPLE_SELLER: InvoiceSeller = {
  businessName: 'Emerald Valley Farms',
  licenseNumber: 'C11-0000123-LIC',
  address: ['400 Farm Road', 'Eureka, CA 95501'],
  contact: 'sales@emeraldvalley.example, (707) 555-0100',
};

export const SAMPLE_BUYER: InvoiceBuyer = {
  businessName: 'Green Leaf Dispensary',
  licenseNumber: 'C10-0000456-LIC',
  phoneNumber: '(510) 555-0199',
  billingAddress: ['12 Telegraph Avenue', 'Suite 4', 'Oakland, CA 94612'],
  shippingAddress: ['900 Dock Road', 'Oakland, CA 94607-1234'],
};
