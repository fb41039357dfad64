/**
 * /reset-password?token=...: the page an emailed reset link opens; choosing a
 * new password signs the person in. The token leaves the address bar as soon
 * as it is read.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { resetPasswordInputSchema } from '../../../sync/entities/account';
import type { AuthResponse } from '../../../sync/entities/user';
import { dashboardPathFor } from '../../../sync/entities/user-display';
import { validate } from '../../../sync/contract/validation';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/form-controls';
import { PasswordInput } from '../../components/ui/password-input';
import { apiRequest, messageOf } from '../../lib/api-client';
import { useSyncSession } from '../../lib/replica/sync-session';
import { useSession } from '../../lib/session-store';
import { toast } from '../../lib/toast-store';
import { openAuthDialog } from '../../lib/auth-dialog-events';
import { useDocumentTitle } from '../../lib/document-title';
import { useLinkToken } from '../../lib/link-token';

export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const token = useLinkToken();
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const checked = validate(resetPasswordInputSchema, { token, password });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setSubmitting(true);
    try {
      const auth = await apiRequest<AuthResponse>('POST', '/api/auth/reset-password', checked.data);
      signIn(auth);
      useSyncSession.getState().start(auth.user.id);
      toast({ title: 'Password changed', description: 'You are signed in with your new password.', variant: 'success' });
      navigate(dashboardPathFor(auth.user.role), { replace: true });
    } catch (failure) {
      setError(messageOf(failure, 'The password could not be changed. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="min-h-dvh bg-stone-50 px-4 py-12 text-stone-800">
      <main id="main-content" className="mx-auto max-w-md rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <Link to="/" className="text-base font-semibold text-stone-900">
          Wholesale Menus
        </Link>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-900">Choose a new password</h1>
        <p className="mt-2 text-sm text-stone-600">Every device signed in to your account will be signed out.</p>
        <form noValidate onSubmit={submit} className="mt-6 grid gap-4">
          <Field id="reset-password" label="New password">
            <PasswordInput
              id="reset-password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              shown={showPassword}
              onShownChange={setShowPassword}
            />
          </Field>
          {error && (
            <div role="alert" className="grid gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <p>{error}</p>
              <button type="button" onClick={() => openAuthDialog({ mode: 'signin' })} className="justify-self-start font-medium underline">
                Sign in or ask for a new link
              </button>
            </div>
          )}
          <Button type="submit" disabled={submitting} size="lg">
            {submitting ? 'Please wait…' : 'Set new password'}
          </Button>
        </form>
      </main>
    </div>
  );
}
