import { parse } from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../sync/entities/user';
import { userFixture } from '../../../sync/testing/entity-fixtures';
import { accountsCsvFileName, accountsToCsv } from './accounts-csv';

function customer(overrides: Partial<User> = {}): User {
  return userFixture({
    email: 'jane@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    businessName: 'Green Farms',
    phoneNumber: '555-0100',
    createdAt: '2025-03-09T22:15:00.000Z',
    updatedAt: '2025-03-09T22:15:00.000Z',
    ...overrides,
  });
}

describe('accountsToCsv', () => {
  it('writes the header row with the columns in order', () => {
    expect(accountsToCsv([]).split('\r\n')[0]).toBe('Name,Email,Role,Business Name,Phone,Subscription Status,Created Date,License Number,Trial End');
  });

  it('writes one row per customer in the column order', () => {
    const lines = accountsToCsv([customer()]).split('\r\n');
    expect(lines).toEqual([expect.any(String), expect.any(String), '']);
    expect(lines[1]).toBe('Jane Doe,jane@example.com,seller,Green Farms,555-0100,trial,2025-03-09,,');
  });

  it('quotes values holding commas and doubles embedded quotes', () => {
    const csv = accountsToCsv([customer({ firstName: 'Jane "JJ"', lastName: null, businessName: 'Farms, Inc.' })]);
    expect(csv.split('\r\n')[1]).toBe('"Jane ""JJ""",jane@example.com,seller,"Farms, Inc.",555-0100,trial,2025-03-09,,');
    const parsed = parse<string[]>(csv).data;
    expect(parsed[1]?.[0]).toBe('Jane "JJ"');
    expect(parsed[1]?.[3]).toBe('Farms, Inc.');
  });

  it('quotes values holding a semicolon, a tab or a line break, which spreadsheets in some languages split on', () => {
    const csv = accountsToCsv([customer({ firstName: 'Jane\tJJ', lastName: null, businessName: 'Farms; Inc.\nNorth' })]);
    expect(csv.split('\r\n')[1]).toBe('"Jane\tJJ",jane@example.com,seller,"Farms; Inc.\nNorth",555-0100,trial,2025-03-09,,');
  });

  it("writes a seller's licence number and trial end, and no trial end for a buyer", () => {
    const seller = customer({ licenseNumber: 'PR-0001-LIC', trialEndsAt: '2025-04-08T23:30:00.000Z' });
    expect(accountsToCsv([seller]).split('\r\n')[1]).toBe('Jane Doe,jane@example.com,seller,Green Farms,555-0100,trial,2025-03-09,PR-0001-LIC,2025-04-08');
    const buyer = customer({ role: 'buyer', licenseNumber: 'C10-0000123-LIC', trialEndsAt: '2025-04-08T23:30:00.000Z' });
    expect(accountsToCsv([buyer]).split('\r\n')[1]).toBe('Jane Doe,jane@example.com,buyer,Green Farms,555-0100,N/A,2025-03-09,C10-0000123-LIC,');
  });

  it('writes N/A for an empty subscription status', () => {
    const row = customer({ subscriptionStatus: '' as User['subscriptionStatus'] });
    expect(accountsToCsv([row]).split('\r\n')[1]).toBe('Jane Doe,jane@example.com,seller,Green Farms,555-0100,N/A,2025-03-09,,');
  });

  it('falls back to the company name for buyers and the email when there is no name', () => {
    const buyer = customer({ role: 'buyer', firstName: null, lastName: null, businessName: null, companyName: 'Corner Dispensary', phoneNumber: null });
    expect(accountsToCsv([buyer]).split('\r\n')[1]).toBe('jane@example.com,jane@example.com,buyer,Corner Dispensary,,N/A,2025-03-09,,');
  });

  it('does not use the company name of a seller as the business name', () => {
    const seller = customer({ businessName: null, companyName: 'Old Company' });
    expect(accountsToCsv([seller]).split('\r\n')[1]?.split(',')[3]).toBe('');
  });

  it('defuses spreadsheet formulas but leaves phone numbers alone', () => {
    const row = customer({ firstName: '=HYPERLINK("http://x")', lastName: null, phoneNumber: '+1 (555) 010-0100' });
    const parsed = parse<string[]>(accountsToCsv([row])).data[1];
    expect(parsed?.[0]).toBe('\'=HYPERLINK("http://x")');
    expect(parsed?.[4]).toBe('+1 (555) 010-0100');
  });
});

describe('accountsCsvFileName', () => {
  it('names the file after the ISO date', () => {
    expect(accountsCsvFileName(new Date('2025-07-04T12:00:00.000Z'))).toBe('customers-2025-07-04.csv');
  });
});
