/**
 * The form that connects the team to Metrc: the state, the facility's licence and the person's Metrc user key. What
 * the server (or Metrc through it) refuses shows where it belongs: a field's error under the field, anything else above
 * the button. Metrc checks the key, so connecting waits for a connection.
 */
import { useState, type FormEvent } from 'react';
import { validate } from '../../../sync/contract/validation';
import { METRC_STATES, metrcConnectSchema, type MetrcConnection } from '../../../sync/entities/metrc';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, invalidProps, Select } from '../../components/ui/form-controls';
import { PasswordInput } from '../../components/ui/password-input';
import { ApiError, apiRequest, messageOf } from '../../lib/api-client';
import { useConnectivity } from '../../lib/connectivity';
import { useFieldErrors } from '../../lib/field-errors';
import { toast } from '../../lib/toast-store';

type Values = { state: string; licenseNumber: string; userKey: string };

export function MetrcConnectForm({ onConnected, onCancel }: { onConnected: (connection: MetrcConnection) => void; onCancel?: () => void }) {
  const [values, setValues] = useState<Values>({ state: 'MI', licenseNumber: '', userKey: '' });
  const [keyShown, setKeyShown] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { errors, formRef, fail, recheck } = useFieldErrors();
  const online = useConnectivity((state) => state.connection === 'online');

  function set(field: keyof Values, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    const checked = validate(metrcConnectSchema, next);
    recheck(checked.ok ? {} : checked.fieldErrors);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const checked = validate(metrcConnectSchema, values);
    if (!checked.ok) return fail(checked.fieldErrors);
    setSending(true);
    try {
      const connection = await apiRequest<MetrcConnection>('PUT', '/api/integrations/metrc', checked.data);
      toast({ title: 'Connected to Metrc', description: connection.connected ? connection.facilityName : undefined, variant: 'success' });
      onConnected(connection);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) fail(error.fieldErrors);
      else setRefusal(messageOf(error, 'Metrc could not be connected.'));
    } finally {
      setSending(false);
    }
  }

  return (
    <Card className="p-4">
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-label="Connect to Metrc" className="grid max-w-md gap-3">
        <Field id="metrc-state" label="State" error={errors.state}>
          <Select id="metrc-state" value={values.state} onChange={(event) => set('state', event.target.value)} {...invalidProps('metrc-state', errors.state)}>
            {METRC_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="metrc-licence" label="Licence number" error={errors.licenseNumber} hint="The facility's licence, as Metrc shows it.">
          <Input
            id="metrc-licence"
            autoComplete="off"
            value={values.licenseNumber}
            onChange={(event) => set('licenseNumber', event.target.value)}
            {...invalidProps('metrc-licence', errors.licenseNumber)}
          />
        </Field>
        <Field id="metrc-user-key" label="Metrc user API key" error={errors.userKey} hint="In Metrc: your name, then API Keys. It is kept sealed and never shown again.">
          <PasswordInput
            id="metrc-user-key"
            autoComplete="off"
            shown={keyShown}
            onShownChange={setKeyShown}
            value={values.userKey}
            onChange={(event) => set('userKey', event.target.value)}
            {...invalidProps('metrc-user-key', errors.userKey)}
          />
        </Field>
        {refusal && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {refusal}
          </p>
        )}
        {!online && <p className="text-sm text-stone-700">Connecting needs a connection: Metrc checks the key.</p>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={sending || !online}>
            {sending ? 'Checking with Metrc…' : 'Connect to Metrc'}
          </Button>
          {onCancel && (
            <Button variant="outline" onClick={onCancel} disabled={sending}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
