import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, SELF_SERVICE_ROLES, SUBSCRIPTION_STATUSES, USER_ROLES } from '../contract/constants';
import { entityId, isoDate, optionalImageAddress, optionalText, phoneNumberField, requiredText, tooLongMessage, updateOf, zipCodeField } from '../contract/fields';
import type { MutationDefinitions } from '../contract/definitions';

/** A user as the API hands it out: never the password hash. */
export const userSchema = z.object({
  id: entityId,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(USER_ROLES),
  businessName: z.string().nullable(),
  businessType: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  contactInfo: z.string().nullable(),
  companyName: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** The cover image heading the seller's public menus. */
  menuCoverUrl: z.string().nullable(),
  /** The accent colour of the seller's public menus, #rrggbb. */
  accentColor: z.string().nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: isoDate.nullable(),
  /** When the subscription became past due; the grace period counts from here. */
  pastDueSince: isoDate.nullable(),
  disabled: z.boolean(),
  /** When the owner confirmed the address by the emailed link; null until then (the account works fully meanwhile). */
  emailConfirmedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type User = z.infer<typeof userSchema>;

type Named = Pick<User, 'companyName' | 'businessName' | 'firstName' | 'lastName'>;

/** How a person is named to the other side of a conversation: their company or business, else their name, else `fallback`. */
export function partyName(user: Named, fallback: string): string {
  return user.companyName || user.businessName || [user.firstName, user.lastName].filter(Boolean).join(' ') || fallback;
}

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, tooLongMessage('Email', 254))
  .pipe(z.email('Please enter a valid email address'))
  .transform((value) => value.toLowerCase());

const password = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, tooLongMessage('Password', 200));

/** Sign in: the email and the password, each required. */
export const loginInputSchema = z.object({ email, password });
export type LoginInput = z.input<typeof loginInputSchema>;

const phoneNumber = phoneNumberField('Phone number');

/** Where buyers write to a seller, asked as an email address; kept in the profile's contact info, which the public menu shows. */
const contactEmail = optionalText('Contact email', 254).refine((value) => value === null || z.email().safeParse(value).success, 'Contact email must be a valid email address');

const businessName = optionalText('Business name', 200);

const zipCode = zipCodeField('ZIP code');

/**
 * Create account: email, password, first name and role, checked in that order,
 * and nothing more. A seller may also give the business name and contact their
 * menus show, a buyer the business name and licence number their invoices show;
 * all stay optional here and on the server, and a seller who has no name yet is
 * asked for it before their first menu is shared (`sellerContactSchema`).
 */
export const registerInputSchema = z
  .object({
    email,
    password,
    firstName: requiredText('First name', 100),
    lastName: optionalText('Last name', 100),
    role: z.enum(SELF_SERVICE_ROLES, { error: 'Choose seller or buyer' }),
    businessName,
    /** A buyer's business, as their profile names it, and its licence: printed on their invoices; optional. */
    companyName: optionalText('Company name', 200),
    licenseNumber: optionalText('License number', 100),
    phoneNumber,
    contactInfo: contactEmail,
  })
  .check((ctx) => {
    if (ctx.value.password.length < MIN_PASSWORD_LENGTH) {
      ctx.issues.push({
        code: 'custom',
        message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
        path: ['password'],
        input: ctx.value.password,
      });
    }
  });
export type RegisterInput = z.input<typeof registerInputSchema>;

export const BUSINESS_NAME_REQUIRED = 'Business name is required';

/** What a seller is asked before their first menu is shared, when their profile has no business name yet. */
export const sellerContactSchema = z.object({ businessName: requiredText('Business name', 200), phoneNumber, contactInfo: contactEmail });
export type SellerContact = z.input<typeof sellerContactSchema>;

/**
 * The fields of PUT /api/auth/user. Absent fields stay as they are. A seller
 * cannot blank their business name (the role sent, else their own, decides:
 * see `businessNameProblem`).
 */
export const profileUpdateSchema = updateOf({
  firstName: requiredText('First name', 100),
  lastName: optionalText('Last name', 100),
  /** A new address is never taken as it is: with `currentPassword`, it starts a change that the link sent there completes. */
  email,
  currentPassword: z.string().max(200, tooLongMessage('Password', 200)),
  role: z.enum(USER_ROLES, { error: 'Choose seller or buyer' }),
  businessName,
  companyName: optionalText('Company name', 200),
  businessType: optionalText('Business type', 100),
  contactInfo: optionalText('Contact info', 500),
  address: optionalText('Address', 300),
  phoneNumber,
  city: optionalText('City', 100),
  state: optionalText('State', 100),
  zipCode,
  licenseNumber: optionalText('License number', 100),
  profileImageUrl: optionalImageAddress('Profile image URL'),
  menuCoverUrl: optionalImageAddress('Menu cover image'),
  accentColor: optionalText('Accent colour', 7)
    .refine((value) => value === null || /^#[0-9a-fA-F]{6}$/.test(value), 'Accent colour must be a colour like #1d4ed8')
    .transform((value) => value?.toLowerCase() ?? null),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/**
 * The profile fields that describe the business, not the person: they are the team's, kept on its founding account,
 * shown to every member and on the public menus, and changed by its owners and managers. The rest (name, photo,
 * email) stays each member's own.
 */
export const BUSINESS_FIELDS = [
  'businessName',
  'companyName',
  'businessType',
  'licenseNumber',
  'contactInfo',
  'address',
  'city',
  'state',
  'zipCode',
  'phoneNumber',
  'menuCoverUrl',
  'accentColor',
] as const satisfies ReadonlyArray<keyof User>;
export type BusinessField = (typeof BUSINESS_FIELDS)[number];

/**
 * Field errors of a profile update that would blank a seller's business name, `role` being the account's role after
 * the update and `currentName` the name it has now. A seller who has none yet may save the rest of their profile
 * without one: it is asked for before their first menu is shared (`sellerContactSchema`), not on every save. Checked
 * by the server for PUT /api/auth/user and profile.update alike, and by the form.
 */
export function businessNameProblem(update: { businessName?: string | null }, role: User['role'], currentName: string | null): { businessName: string } | null {
  // Blanked, a seller's menus would show an anonymous placeholder; absent, the name stays as it is.
  return role === 'seller' && update.businessName === null && currentName !== null ? { businessName: BUSINESS_NAME_REQUIRED } : null;
}

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** The person's own profile: not a synced collection (it comes with the session), but changed offline like one. */
export const profileMutations = {
  'profile.update': { label: 'Profile edit', roles: ['seller', 'buyer', 'admin'], args: profileUpdateSchema },
} as const satisfies MutationDefinitions<'profile'>;
