/** The demo catalogue seeded into an empty database, so a new install has something real to look at. */
import type { ProductCreateInput } from '../../sync/entities/product';

export const DEMO_SELLER = {
  email: 'seller@demo.test',
  password: 'demo-seller-pass',
  firstName: 'Maya',
  lastName: 'Greene',
  businessName: 'Great Lakes Cultivation Co.',
  businessType: 'Cultivator',
  city: 'Ann Arbor',
  state: 'MI',
  licenseNumber: 'AU-G-C-000123',
  phoneNumber: '(734) 555-0142',
  contactInfo: 'orders@greatlakes.example · Mon–Fri 9–5 ET',
  accentColor: '#14532d',
};

export const DEMO_BUYER = {
  email: 'buyer@demo.test',
  password: 'demo-buyer-pass',
  firstName: 'Jordan',
  lastName: 'Reyes',
  companyName: 'Northside Provisions',
  city: 'Detroit',
  state: 'MI',
};

export const DEMO_PRODUCTS: ProductCreateInput[] = [
  {
    strainName: 'Blue Dream',
    category: 'flower',
    description: 'Sativa-dominant hybrid with sweet berry aroma. Indoor, hand-trimmed, slow cured.',
    thcPercentage: '24.50',
    cbdPercentage: '0.10',
    pricePerUnit: '1450.00',
    unitType: 'lb',
    availableQuantity: '18.000',
    lotSize: 1,
  },
  {
    strainName: 'Gelato #41',
    category: 'flower',
    description: 'Dense purple buds, creamy dessert terps. Top-shelf indoor.',
    thcPercentage: '27.80',
    cbdPercentage: '0.05',
    pricePerUnit: '1800.00',
    unitType: 'lb',
    availableQuantity: '9.500',
    lotSize: 1,
  },
  {
    strainName: 'Sour Diesel',
    category: 'flower',
    description: 'Classic fuel nose, energetic effect. Greenhouse grown.',
    thcPercentage: '22.10',
    cbdPercentage: '0.20',
    pricePerUnit: '1100.00',
    unitType: 'lb',
    availableQuantity: '25.000',
    lotSize: 2,
  },
  {
    strainName: 'Wedding Cake Smalls',
    category: 'flower',
    description: 'Small buds, full flavour. Great value for house eighths.',
    thcPercentage: '23.40',
    cbdPercentage: '0.10',
    pricePerUnit: '750.00',
    unitType: 'lb',
    availableQuantity: '0.000',
    lotSize: 1,
  },
  {
    strainName: 'Pineapple Express Pre-Rolls',
    category: 'preroll',
    description: '1 g pre-rolls, whole flower only, cone rolled.',
    thcPercentage: '21.00',
    cbdPercentage: '0.30',
    pricePerUnit: '3.25',
    unitType: 'unit',
    availableQuantity: '2400.000',
    lotSize: 100,
  },
  {
    strainName: 'Infused Mini Dogwalkers',
    category: 'preroll',
    description: '0.35 g mini pre-rolls infused with live resin, 5-pack.',
    thcPercentage: '38.50',
    pricePerUnit: '9.50',
    unitType: 'unit',
    availableQuantity: '600.000',
    lotSize: 50,
  },
  {
    strainName: 'Live Resin Badder — GMO',
    category: 'concentrate',
    description: 'Fresh-frozen, hydrocarbon extracted, whipped to a smooth badder.',
    thcPercentage: '78.20',
    pricePerUnit: '9.00',
    unitType: 'g',
    availableQuantity: '1500.000',
    lotSize: 100,
  },
  {
    strainName: 'Cured Resin Shatter — OG Kush',
    category: 'concentrate',
    description: 'Glassy, stable shatter with classic OG earth and pine.',
    thcPercentage: '81.00',
    pricePerUnit: '6.50',
    unitType: 'g',
    availableQuantity: '820.500',
    lotSize: 100,
  },
  {
    strainName: 'Watermelon Gummies 100 mg',
    category: 'edible',
    description: '10 x 10 mg gummies per pack, vegan, real fruit.',
    thcPercentage: '0.40',
    pricePerUnit: '7.75',
    unitType: 'unit',
    availableQuantity: '3200.000',
    lotSize: 48,
  },
  {
    strainName: 'Dark Chocolate Bar 1:1',
    category: 'edible',
    description: '100 mg THC : 100 mg CBD, 72% single-origin cacao.',
    thcPercentage: '0.50',
    cbdPercentage: '0.50',
    pricePerUnit: '11.00',
    unitType: 'unit',
    availableQuantity: '480.000',
    lotSize: 24,
  },
  {
    strainName: 'Strawberry Cough 1 g Cartridge',
    category: 'vape',
    description: 'Distillate with strain-specific botanical terpenes, ceramic 510 hardware.',
    thcPercentage: '88.30',
    pricePerUnit: '12.00',
    unitType: 'unit',
    availableQuantity: '950.000',
    lotSize: 25,
  },
  {
    strainName: 'CBD Recovery Balm',
    category: 'topical',
    description: '500 mg full-spectrum CBD balm with arnica and menthol, 2 oz tin.',
    thcPercentage: '0.30',
    cbdPercentage: '1.70',
    pricePerUnit: '14.50',
    unitType: 'oz',
    availableQuantity: '310.000',
    lotSize: 12,
  },
];

export const SAMPLE_MENU = {
  name: 'Fall Wholesale Menu',
  description: 'Fresh harvest flower, pre-rolls, extracts and more. Minimum orders apply; prices are per unit shown.',
};

/** The demo buyer's dispensary in the demo seller's book: its own prices, Net 30, and where invoices and deliveries go. */
export const DEMO_CUSTOMER = {
  name: 'Northside Provisions',
  email: DEMO_BUYER.email,
  licenseNumber: 'PC-000456',
  paymentTerms: 'net30',
  phoneNumber: '(313) 555-0199',
  billingLine1: '1200 Woodward Ave',
  billingCity: 'Detroit',
  billingState: 'MI',
  billingZipCode: '48226',
  shippingSameAsBilling: true,
} as const;

/** The customer's negotiated prices: one product at a lower price, one at a percentage off the list price. */
export const DEMO_PRICE_LIST = {
  name: 'Northside Provisions — preferred',
  entries: [
    { strainName: 'Blue Dream', price: '1350.00' },
    { strainName: 'Pineapple Express Pre-Rolls', percentOff: '10' },
  ],
};

/** How far the seller has taken an order, and for a delivered one what the buyer has paid of it. */
export type DemoOrder = {
  lines: Array<{ strainName: string; quantity: string }>;
  note: string;
  reaches: 'submitted' | 'accepted' | 'fulfilled' | 'delivered';
  paid?: 'in full' | string;
};

/** The buyer's orders from the sample menu, oldest first: one at each step of an order's life. */
export const DEMO_ORDERS: DemoOrder[] = [
  {
    lines: [
      { strainName: 'Blue Dream', quantity: '2' },
      { strainName: 'Pineapple Express Pre-Rolls', quantity: '500' },
    ],
    note: 'Back door, before noon please.',
    reaches: 'delivered',
    paid: 'in full',
  },
  {
    lines: [
      { strainName: 'Gelato #41', quantity: '1' },
      { strainName: 'Watermelon Gummies 100 mg', quantity: '96' },
    ],
    note: '',
    reaches: 'delivered',
    paid: '1000.00',
  },
  { lines: [{ strainName: 'Sour Diesel', quantity: '4' }], note: '', reaches: 'fulfilled' },
  { lines: [{ strainName: 'Live Resin Badder — GMO', quantity: '200' }], note: '', reaches: 'accepted' },
  { lines: [{ strainName: 'Dark Chocolate Bar 1:1', quantity: '48' }], note: 'Can you add a display box?', reaches: 'submitted' },
];
