/** The sign-in dialog's 'Forgot password?' view: asks for the address and says the same whether or not it has an account. */
import { useState, type FormEvent } from 'react';
import { forgotPasswordInputSchema } from '../../../sync/entities/account';
import { validate } from '../../../sync/contract/validation';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/form-controls';
import { apiRequest, messageOf } from '../../lib/api-client';

export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const checked = validate(forgotPasswordInputSchema, { email });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', checked.data);
      setSent(answer.message);
    } catch (failure) {
      setError(messageOf(failure, 'The reset link could not be sent. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <p className="text-sm text-stone-600">Enter the email of your account and we will send you a link to choose a new password.</p>
      <Field id="forgot-email" label="Email">
        <Input id="forgot-email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} autoFocus />
      </Field>
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {sent && (
        <p role="status" className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
          {sent}
        </p>
      )}
      <Button type="submit" disabled={submitting} size="lg">
        {submitting ? 'Please wait…' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm text-stone-600">
        <button type="button" onClick={onBack} className="font-medium text-brand-800 underline">
          Back to sign in
        </button>
      </p>
    </form>
  );
}
