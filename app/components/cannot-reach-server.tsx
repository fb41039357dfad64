/**
 * What a screen that reads from the server shows when no answer comes,
 * instead of a spinner that never ends: why, what the device still knows,
 * and 'Try again'. It tries again by itself once the server answers again.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useConnectivity } from '../lib/connectivity';
import { Button } from './ui/button';
import { Card } from './ui/card';

export function CannotReachServer({ what, onRetry, children }: { what: string; onRetry: () => void; children?: ReactNode }) {
  const connection = useConnectivity((state) => state.connection);
  const retry = useRef(onRetry);
  const previous = useRef(connection);

  useEffect(() => {
    retry.current = onRetry;
  }, [onRetry]);

  useEffect(() => {
    if (previous.current !== 'online' && connection === 'online') retry.current();
    previous.current = connection;
  }, [connection]);

  const offline = connection === 'offline';
  return (
    <Card role="alert" data-testid="cannot-reach-server" className="grid gap-3 p-6">
      <p className="font-semibold text-stone-900">{offline ? 'You are offline' : 'Cannot reach the server'}</p>
      <p className="text-stone-700">
        {what} could not be loaded. {offline ? 'It will load by itself when you are back online.' : 'It will load by itself once the server answers.'}
      </p>
      {children}
      <Button variant="outline" className="justify-self-start" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}
