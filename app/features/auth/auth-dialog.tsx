/**
 * The one dialog for signing in and creating an account. AuthDialogHost opens it; it loads only when first needed.
 * Sign-up requires only an email, a password, a first name and a role; a seller may give the business name their
 * menus show, or give it later (it is asked before their first menu is shared), and a buyer the business name and
 * licence number their invoices show. Opened for a guest's request on a page (see GuestRequest), it offers a free
 * buyer account or sign-in and leaves the person on that page instead of going to a dashboard.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/router';
import type { SelfServiceRole } from '../../../sync/contract/constants';
import { isPendingRegistration, type PendingRegistration } from '../../../sync/entities/account';
import { loginInputSchema, registerInputSchema, type AuthResponse } from '../../../sync/entities/user';
import { dashboardPathFor } from '../../../sync/entities/user-display';
import { validate } from '../../../sync/contract/validation';
import { BusinessContactFields, EMPTY_BUSINESS_CONTACT, type BusinessContactValues } from '../../widgets/account/business-contact-fields';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/form-controls';
import { PasswordInput } from '../../components/ui/password-input';
import { apiRequest, messageOf } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useSyncSession } from '../../lib/replica/sync-session';
import { useSession } from '../../lib/session-store';
import { REDIRECT_AFTER_LOGIN_KEY } from '../../lib/session-storage-keys';
import { toast } from '../../lib/toast-store';
import type { AuthDialogMode, OpenAuthDialogDetail } from '../../lib/auth-dialog-events';
import { ForgotPasswordForm } from './forgot-password-form';

export const FOCUS_DELAY_MS = 100;
export const CLOSE_AFTER_SUCCESS_MS = 1000;
export const REDIRECT_AFTER_LOGIN_MS = 500;

const EMPTY_FORM = { email: '', password: '', firstName: '', lastName: '', ...EMPTY_BUSINESS_CONTACT, companyName: '', licenseNumber: '' };

const ROLE_CHOICES: Array<{ role: SelfServiceRole; title: string; detail: string }> = [
  { role: 'seller', title: 'Seller', detail: 'Create & share menus · 14-day free trial' },
  { role: 'buyer', title: 'Buyer', detail: 'Browse & save menus · Free' },
];

/** One opening of the dialog; the host mounts a fresh one (keyed) for each request to open it. */
export function AuthDialog({ initial }: { initial: OpenAuthDialogDetail }) {
  const [open, setOpen] = useState(true);
  const { guest } = initial;
  const [mode, setMode] = useState<AuthDialogMode>(initial.mode ?? (guest ? 'signup' : 'signin'));
  const [forgotPassword, setForgotPassword] = useState(false);
  // A guest on someone's menu is there to buy: the account offered is a buyer's.
  const [role, setRole] = useState<SelfServiceRole>(guest ? 'buyer' : (initial.role ?? 'seller'));
  const [form, setForm] = useState(EMPTY_FORM);
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);

  function reset() {
    setForm(EMPTY_FORM);
    setShowPassword(false);
    setError(null);
    setSuccess(null);
  }

  /** Closed by the person (Escape, ×, outside): a guest's request is dropped with it. */
  function close(next: boolean) {
    setOpen(next);
    if (!next) guest?.onDismissed();
  }

  function switchMode() {
    reset();
    setMode((current) => (current === 'signin' ? 'signup' : 'signin'));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const values = mode === 'signin' ? { email: form.email, password: form.password } : signUpValues(form, role);
    const checked = validate(mode === 'signin' ? loginInputSchema : registerInputSchema, values);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await apiRequest<AuthResponse | PendingRegistration>('POST', mode === 'signin' ? '/api/auth/login' : '/api/auth/register', values);
      // An account held this address without confirming it: the new one waits for the link sent there.
      if (isPendingRegistration(answer)) {
        setSuccess(answer.message);
        return;
      }
      const auth = answer;
      signIn(auth, { newAccount: mode === 'signup' });
      // The same person signing in again (their session had expired) resumes the sync of what waited.
      useSyncSession.getState().start(auth.user.id);
      if (mode === 'signin') {
        toast({ title: 'Welcome back!', description: "You've been logged in successfully.", variant: 'success' });
      }
      if (guest) {
        // The page carries on with what the guest asked for, in a dialog of its own: this one steps aside at once.
        if (mode === 'signup') toast({ title: 'Account created', description: 'Welcome! Your buyer account is ready.', variant: 'success' });
        setOpen(false);
        guest.onSignedIn(auth.user);
        return;
      }
      setSuccess(mode === 'signin' ? 'Welcome back! Redirecting...' : 'Account created successfully! Redirecting...');
      setTimeout(() => {
        const stored = localStorage.getItem(REDIRECT_AFTER_LOGIN_KEY);
        localStorage.removeItem(REDIRECT_AFTER_LOGIN_KEY);
        navigate(stored ?? dashboardPathFor(auth.user.role));
      }, REDIRECT_AFTER_LOGIN_MS);
      setTimeout(() => {
        setOpen(false);
        reset();
      }, CLOSE_AFTER_SUCCESS_MS);
    } catch (failure) {
      if (mode === 'signin') {
        setError(messageOf(failure, 'Login failed'));
        toast({
          title: 'Login Failed',
          description: messageOf(failure, 'Please check your credentials and try again.'),
          variant: 'destructive',
        });
      } else {
        setError(messageOf(failure, 'Registration failed'));
      }
    } finally {
      setSubmitting(false);
    }
  }

  const signingUp = mode === 'signup';
  if (forgotPassword) {
    return (
      <Dialog open={open} onOpenChange={close} title="Reset your password" description="We will email you a link to choose a new one.">
        <ForgotPasswordForm initialEmail={form.email} onBack={() => setForgotPassword(false)} />
      </Dialog>
    );
  }

  const update = (field: keyof typeof EMPTY_FORM) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const updateBusiness = (business: BusinessContactValues) => setForm((current) => ({ ...current, ...business }));

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={signingUp ? (guest ? 'Create a free buyer account' : 'Create your account') : 'Sign in'}
      description={
        guest
          ? `Sign in or create a free buyer account to ${guest.purpose}. You stay on this page.`
          : signingUp
            ? 'Sellers start with a 14-day free trial. Buyers are always free.'
            : 'Welcome back. Sign in to continue.'
      }
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        // Someone already typing (or a test filling fields) keeps their focus; only an untouched dialog moves it.
        setTimeout(() => {
          const active = document.activeElement;
          if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement)) firstFieldRef.current?.focus();
        }, FOCUS_DELAY_MS);
      }}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        {signingUp && !guest && (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-stone-800">I am a</legend>
            <div className="grid grid-cols-2 gap-2">
              {ROLE_CHOICES.map((choice) => (
                <label
                  key={choice.role}
                  className={cn(
                    'cursor-pointer rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700',
                    role === choice.role ? 'border-brand-700 bg-brand-50' : 'border-stone-300',
                  )}
                >
                  <input type="radio" name="role" value={choice.role} checked={role === choice.role} onChange={() => setRole(choice.role)} className="sr-only" />
                  <span className="block font-semibold">{choice.title}</span>
                  <span className="block text-stone-600">{choice.detail}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Field id="auth-email" label="Email">
          <Input ref={firstFieldRef} id="auth-email" type="email" autoComplete="email" value={form.email} onChange={update('email')} />
        </Field>
        <Field id="auth-password" label="Password">
          <PasswordInput
            id="auth-password"
            autoComplete={signingUp ? 'new-password' : 'current-password'}
            value={form.password}
            onChange={update('password')}
            shown={showPassword}
            onShownChange={setShowPassword}
          />
        </Field>
        {!signingUp && (
          <button type="button" onClick={() => setForgotPassword(true)} className="-mt-2 justify-self-end text-sm font-medium text-brand-800 underline">
            Forgot password?
          </button>
        )}
        {signingUp && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="auth-first-name" label="First name">
              <Input id="auth-first-name" autoComplete="given-name" value={form.firstName} onChange={update('firstName')} />
            </Field>
            <Field id="auth-last-name" label="Last name (optional)">
              <Input id="auth-last-name" autoComplete="family-name" value={form.lastName} onChange={update('lastName')} />
            </Field>
          </div>
        )}
        {signingUp && role === 'seller' && <BusinessContactFields idPrefix="auth" values={form} onChange={updateBusiness} businessNameOptional />}
        {/* A guest on someone's menu is asked the least it takes to go on: the business can come later, in the profile. */}
        {signingUp && role === 'buyer' && !guest && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="auth-buyer-business" label="Business name (optional)" hint="Your dispensary, as invoices address it.">
              <Input id="auth-buyer-business" autoComplete="organization" value={form.companyName} onChange={update('companyName')} />
            </Field>
            <Field id="auth-buyer-license" label="License number (optional)">
              <Input id="auth-buyer-license" value={form.licenseNumber} onChange={update('licenseNumber')} />
            </Field>
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
        {success && (
          <p role="status" className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
            {success}
          </p>
        )}
        <Button type="submit" disabled={submitting} size="lg">
          {submitting ? 'Please wait…' : signingUp ? 'Create Account' : 'Sign In'}
        </Button>
        <p className="text-center text-sm text-stone-600">
          {signingUp ? 'Already have an account?' : guest ? 'New here?' : "Don't have an account?"}{' '}
          <button type="button" onClick={switchMode} className="font-medium text-brand-800 underline">
            {signingUp ? 'Sign in' : guest ? 'Create a free buyer account' : 'Create one'}
          </button>
        </p>
      </form>
    </Dialog>
  );
}

/**
 * The register payload of the form: a seller's business name and contact go with it; a buyer's business, by the name
 * their profile gives it (the company name), and its licence.
 */
function signUpValues(form: typeof EMPTY_FORM, role: SelfServiceRole) {
  const { businessName, phoneNumber, contactInfo, companyName, licenseNumber, ...person } = form;
  return role === 'seller' ? { ...person, role, businessName, phoneNumber, contactInfo } : { ...person, role, companyName, licenseNumber };
}
