/**
 * On/off choices kept on the server (which emails, which pushes): a tap shows at once, the server's answer then
 * confirms it, and a failure puts the switch back and says it was not saved.
 */
import { useState } from 'react';
import { apiRequest, messageOf } from '../../lib/api-client';
import type { ServerRead } from '../../lib/server-read/use-server-read';
import type { Outcome } from './settings-section';

export function usePreferenceToggles<K extends string>(read: ServerRead<Record<K, boolean>>, path: string, loadFailure: string) {
  const [saved, setSaved] = useState<Outcome>(null);
  const outcome = saved ?? (read.error === null ? null : { ok: false, text: messageOf(read.error, loadFailure) });

  async function toggle(kind: K, on: boolean) {
    read.replace((current) => ({ ...current, [kind]: on }));
    try {
      const answer = await apiRequest<Record<K, boolean>>('PUT', path, { [kind]: on });
      read.replace(() => answer);
      setSaved({ ok: true, text: 'Saved.' });
    } catch (failure) {
      read.replace((current) => ({ ...current, [kind]: !on }));
      setSaved({ ok: false, text: messageOf(failure, 'The setting could not be saved.') });
    }
  }

  return { preferences: read.data ?? null, outcome, toggle };
}
