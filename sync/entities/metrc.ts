/**
 * A seller team's connection to Metrc, the state's track-and-trace system: the contract of
 * `/api/integrations/metrc`. The user key a seller gives is never part of an answer.
 */
import { z } from 'zod';
import { entityId, isoDate } from '../contract/fields';

/** The states whose track-and-trace is Metrc, by postal code; Metrc's address for one uses the code in lower case. */
export const METRC_STATES = ['AK', 'AL', 'CA', 'CO', 'DC', 'KY', 'LA', 'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NJ', 'NV', 'OH', 'OK', 'OR', 'SD', 'WV'] as const;
export type MetrcState = (typeof METRC_STATES)[number];

/** PUT /api/integrations/metrc */
export const metrcConnectSchema = z.object({
  state: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.enum(METRC_STATES, { error: 'Choose a state whose track-and-trace is Metrc' }),
  ),
  licenseNumber: z
    .string({ error: 'Enter the licence number Metrc knows the facility by' })
    .trim()
    .min(1, 'Enter the licence number Metrc knows the facility by')
    .max(100, 'A licence number has at most 100 characters'),
  userKey: z
    .string({ error: "Enter your Metrc user API key (in Metrc: your name, then 'API Keys')" })
    .trim()
    .min(1, "Enter your Metrc user API key (in Metrc: your name, then 'API Keys')")
    .max(200, 'A Metrc user key has at most 200 characters'),
});
export type MetrcConnectInput = z.infer<typeof metrcConnectSchema>;

/** What the key may do at that facility, found by asking Metrc for each (a call the key may not make is refused). */
export const metrcPermissionsSchema = z.object({
  viewPackages: z.boolean(),
  viewLabResults: z.boolean(),
  manageTransferTemplates: z.boolean(),
});
export type MetrcPermissions = z.infer<typeof metrcPermissionsSchema>;

/** GET /api/integrations/metrc and the answer of a PUT. `available` false: this server has no Metrc vendor key. */
export const metrcConnectionSchema = z.discriminatedUnion('connected', [
  z.object({ available: z.boolean(), connected: z.literal(false) }),
  z.object({
    available: z.boolean(),
    connected: z.literal(true),
    state: z.enum(METRC_STATES),
    licenseNumber: z.string(),
    facilityName: z.string(),
    permissions: metrcPermissionsSchema,
    connectedAt: isoDate,
    /** Until when the copy of the packages has Metrc's changes; null before the first read. */
    packagesReadAt: isoDate.nullable(),
    /** Why the last read of the packages failed (Metrc down, the key refused); null once one succeeds. */
    readFailure: z.string().nullable(),
  }),
]);
export type MetrcConnection = z.infer<typeof metrcConnectionSchema>;

/** An active package of the facility, as the server's copy has it (`GET /api/metrc/packages`). Quantity an exact decimal string. */
export const metrcPackageSchema = z.object({
  label: z.string(),
  itemName: z.string(),
  category: z.string(),
  strainName: z.string().nullable(),
  quantity: z.string(),
  unitOfMeasure: z.string(),
  labTestingState: z.string(),
  productionBatchNumber: z.string().nullable(),
  packagedDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  sellByDate: z.string().nullable(),
  onHold: z.boolean(),
  /** The product made from it; null until one is (an import). */
  productId: z.string().nullable(),
});
export type MetrcPackage = z.infer<typeof metrcPackageSchema>;

/** GET /api/metrc/packages: the copy, when it was last brought up to date, and why the last read failed if it did. */
export const metrcPackageListSchema = z.object({
  packages: z.array(metrcPackageSchema),
  packagesReadAt: isoDate.nullable(),
  readFailure: z.string().nullable(),
});
export type MetrcPackageList = z.infer<typeof metrcPackageListSchema>;

/** POST /api/metrc/import: a product made from each package, or all of them linked to one product of the catalogue. */
export const metrcImportSchema = z.object({
  labels: z
    .array(z.string({ error: 'Name the packages by their tags' }).trim().min(1, 'Name the packages by their tags').max(64, 'A package tag has at most 64 characters'), {
      error: 'Name the packages by their tags',
    })
    .min(1, 'Choose at least one package')
    .max(200, 'Import at most 200 packages at once')
    .transform((labels) => [...new Set(labels)]),
  productId: entityId.optional(),
});
export type MetrcImportInput = z.infer<typeof metrcImportSchema>;

export const METRC_NOT_CONNECTED_MESSAGE = 'Connect the team to Metrc first: Settings, then Metrc.';
export const METRC_NO_PACKAGES_PERMISSION_MESSAGE = "Metrc does not let this key read the facility's packages: connect with the key of a user who may.";
export const METRC_NOT_SET_UP_MESSAGE = 'Metrc is not set up on this server: the operator adds a Metrc vendor key first.';
export const METRC_KEY_REFUSED_MESSAGE = 'Metrc did not accept this key: check it in Metrc under your name, then API Keys.';
export const METRC_UNREACHABLE_MESSAGE = 'Metrc cannot be reached right now: try again in a few minutes.';
export const metrcLicenceRefusedMessage = (licenseNumber: string) =>
  `This key cannot act for licence ${licenseNumber}: check the number, or use the key of a Metrc user of that facility.`;
