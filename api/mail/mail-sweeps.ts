/** The mail the server sends on its own schedule: trial reminders and the buyers' daily digest, looked for every hour. */
import type { Services } from '../context';
import { remindEndingTrials } from './notifications';
import { sendSavedMenuDigests } from './saved-menus-digest';

export const MAIL_SWEEP_MS = 60 * 60 * 1000;

export function scheduleMailSweeps(services: Services, intervalMs = MAIL_SWEEP_MS): { stop(): void } {
  const sweep = async () => {
    for (const task of [remindEndingTrials, sendSavedMenuDigests]) await task(services).catch((error: unknown) => console.error(error));
  };
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
