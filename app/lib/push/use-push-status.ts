/** This device's notifications as a screen shows them: can it, may it, is it on; and turning them on or off. */
import { useEffect, useState } from 'react';
import { currentSubscription, turnOffPush, turnOnPush, type TurnOnOutcome } from './push-subscription';
import { pushSupport, readPushEnvironment, type PushSupport } from './push-support';

export type PushStatus = {
  support: PushSupport;
  ios: boolean;
  /** The browser's answer so far; null where it has no notifications. */
  permission: NotificationPermission | null;
  /** Whether this device is subscribed; null until known. */
  subscribed: boolean | null;
  turnOn(): Promise<TurnOnOutcome>;
  turnOff(): Promise<void>;
};

export function usePushStatus(): PushStatus {
  const [environment] = useState(readPushEnvironment);
  const support = pushSupport(environment);
  const [permission, setPermission] = useState<NotificationPermission | null>(() => (support === 'supported' ? Notification.permission : null));
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  useEffect(() => {
    if (support !== 'supported') return;
    let current = true;
    currentSubscription().then(
      (subscription) => current && setSubscribed(subscription !== null),
      () => current && setSubscribed(false),
    );
    return () => {
      current = false;
    };
  }, [support]);

  async function turnOn() {
    try {
      const outcome = await turnOnPush();
      if (outcome === 'subscribed') setSubscribed(true);
      return outcome;
    } finally {
      setPermission(Notification.permission);
    }
  }
  async function turnOff() {
    await turnOffPush();
    setSubscribed(false);
  }
  return { support, ios: environment.ios, permission, subscribed, turnOn, turnOff };
}
