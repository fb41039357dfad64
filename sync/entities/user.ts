import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, SELF_SERVICE_ROLES, SUBSCRIPTION_STATUSES, USER_ROLES } from '../constants';
import { entityId, isoDate, optionalText, updateOf } from '../fields';

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
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: isoDate.nullable(),
  disabled: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type User = z.infer<typeof userSchema>;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((value) => value.toLowerCase());

const password = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long');

/** Sign in: spec section 5, rules 1 and 2. */
export const loginInputSchema = z.object({ email, password });
export type LoginInput = z.input<typeof loginInputSchema>;

/** Create account: spec section 5, rules 1 to 4 in that order. */
export const registerInputSchema = z
  .object({
    email,
    password,
    firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
    lastName: optionalText(100),
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
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: optionalText(100),
  email,
  role: z.enum(USER_ROLES, { error: 'Choose seller or buyer' }),
  businessName: optionalText(200),
  companyName: optionalText(200),
  businessType: optionalText(100),
  contactInfo: optionalText(500),
  address: optionalText(300),
  phoneNumber: optionalText(40),
  city: optionalText(100),
  state: optionalText(100),
  zipCode: optionalText(20),
  licenseNumber: optionalText(100),
  profileImageUrl: optionalText(2000),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
