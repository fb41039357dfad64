/**
 * Account settings' push notifications (this device's subscription, and the
 * kinds of news the person wants pushed to any of theirs) and what the
 * device keeps of the app.
 */
import { useEffect, useState } from 'react';
import { apiReads } from '../../../sync/contract/api-reads';
import type { UserRole } from '../../../sync/contract/constants';
import { PUSH_CHOICES, PUSH_KINDS, type PushKind } from '../../../sync/entities/push';
import { Button } from '../../components/ui/button';
import { messageOf } from '../../lib/api-client';
import { blockedText, NOT_READY_TEXT, UNREACHABLE_TEXT, UNSUPPORTED_TEXT } from '../../lib/push/push-support';
import { usePushStatus, type PushStatus } from '../../lib/push/use-push-status';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { readDeviceStorage, storageText } from '../../lib/storage/persistent-storage';
import { OutcomeLine, Section, type Outcome } from './settings-section';
import { PreferenceChecks } from './preference-checks';
import { usePreferenceToggles } from './use-preference-toggles';

/** 'Turn on' and 'Turn off' for this device, or why it cannot have notifications. */
function ThisDevice({ status }: { status: PushStatus }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (status.support !== 'supported') return <p className="text-sm text-stone-700">{UNSUPPORTED_TEXT[status.support]}</p>;
  if (status.permission === 'denied') return <p className="text-sm text-stone-700">{blockedText(status.ios)}</p>;

  async function run(action: () => Promise<Outcome>, fallback: string) {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await action());
    } catch (failure) {
      setOutcome({ ok: false, text: messageOf(failure, fallback) });
    } finally {
      setBusy(false);
    }
  }
  const turnOn = () =>
    run(async () => {
      const answer = await status.turnOn();
      if (answer === 'subscribed') return { ok: true, text: 'Notifications are on for this device.' };
      if (answer === 'not-ready') return { ok: false, text: NOT_READY_TEXT };
      if (answer === 'unreachable') return { ok: false, text: UNREACHABLE_TEXT };
      return answer === 'dismissed' ? { ok: false, text: 'Notifications stay off: the browser was not allowed to show them.' } : null;
    }, 'Notifications could not be turned on.');
  const turnOff = () =>
    run(async () => {
      await status.turnOff();
      return { ok: true, text: 'Notifications are off for this device.' };
    }, 'Notifications could not be turned off.');

  return (
    <div className="grid gap-2">
      <p className="text-sm text-stone-600">
        {status.subscribed ? 'This device shows notifications.' : 'Get a notification on this device when something needs you, even with the app closed.'}
      </p>
      <OutcomeLine outcome={outcome} />
      {status.subscribed === false && (
        <Button className="justify-self-start" disabled={busy} onClick={() => void turnOn()}>
          Turn on notifications
        </Button>
      )}
      {status.subscribed && (
        <Button variant="outline" className="justify-self-start" disabled={busy} onClick={() => void turnOff()}>
          Turn off
        </Button>
      )}
    </div>
  );
}

/** Which news is pushed, to every device of the person's: saved at once, as the email choices are. */
function PushKinds({ kinds }: { kinds: PushKind[] }) {
  const { preferences, outcome, toggle } = usePreferenceToggles(
    useServerRead(apiReads.pushPreferences()),
    '/api/account/push-notifications',
    'Your notification choices could not be loaded.',
  );
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm text-stone-600">Notify me when:</legend>
      <PreferenceChecks kinds={kinds} labelOf={(kind) => PUSH_CHOICES[kind].label} preferences={preferences} toggle={toggle} />
      <OutcomeLine outcome={outcome} />
    </fieldset>
  );
}

export function PushNotifications({ role }: { role: UserRole }) {
  const status = usePushStatus();
  const kinds = PUSH_KINDS.filter((kind) => PUSH_CHOICES[kind].role === role || PUSH_CHOICES[kind].role === 'both');
  if (role === 'admin') return null;
  return (
    <Section title="Push notifications">
      <ThisDevice status={status} />
      <PushKinds kinds={kinds} />
    </Section>
  );
}

/** Whether the browser keeps the app's data (asked for when a menu is saved or the app installed) and how much it is. */
export function DeviceStorage() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    readDeviceStorage().then(
      (storage) => current && storage && setText(storageText(storage)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (!text) return null;
  return (
    <Section title="This device">
      <p className="text-sm text-stone-700">{text}</p>
      <p className="text-sm text-stone-600">What the app keeps here lets it work with no signal.</p>
    </Section>
  );
}
