import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, SELF_SERVICE_ROLES, SUBSCRIPTION_STATUSES, USER_ROLES } from '../constants';
import { entityId, isoDate, optionalImageAddress, optionalText, requiredText, tooLongMessage, updateOf } from '../fields';

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

/** Sign in: spec section 5, rules 1 and 2. */
export const loginInputSchema = z.object({ email, password });
export type LoginInput = z.input<typeof loginInputSchema>;

/** Create account: spec section 5, rules 1 to 4 in that order. */
export const registerInputSchema = z
  .object({
    email,
    password,
    firstName: requiredText('First name', 100),
    lastName: optionalText('Last name', 100),
    role: z.enum(SELF_SERVICE_ROLES, { error: 'Choose seller or buyer' }),
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

/** The fields of PUT /api/auth/user. Absent fields stay as they are. */
export const profileUpdateSchema = updateOf({
  firstName: requiredText('First name', 100),
  lastName: optionalText('Last name', 100),
  /** A new address is never taken as it is: with `currentPassword`, it starts a change that the link sent there completes. */
  email,
  currentPassword: z.string().max(200, tooLongMessage('Password', 200)),
  role: z.enum(USER_ROLES, { error: 'Choose seller or buyer' }),
  businessName: optionalText('Business name', 200),
  companyName: optionalText('Company name', 200),
  businessType: optionalText('Business type', 100),
  contactInfo: optionalText('Contact info', 500),
  address: optionalText('Address', 300),
  phoneNumber: optionalText('Phone number', 40),
  city: optionalText('City', 100),
  state: optionalText('State', 100),
  zipCode: optionalText('ZIP code', 20),
  licenseNumber: optionalText('License number', 100),
  profileImageUrl: optionalImageAddress('Profile image URL'),
  menuCoverUrl: optionalImageAddress('Menu cover image'),
  accentColor: optionalText('Accent colour', 7)
    .refine((value) => value === null || /^#[0-9a-fA-F]{6}$/.test(value), 'Accent colour must be a colour like #1d4ed8')
    .transform((value) => value?.toLowerCase() ?? null),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
