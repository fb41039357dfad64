/**
 * Reads every connected team's Metrc packages again on a schedule (METRC_REFRESH_MINUTES, 10 by default), one team
 * after another, so quantities, lab states and holds follow Metrc without anyone asking. Off without a vendor key.
 */
import type { Services } from '../context';
import { metrcConnectionsToRead } from '../db/repositories/metrc-connections';
import { refreshMetrcPackages } from './metrc-package-refresh';

/** Reads the teams whose copy is older than the interval; a team that fails is logged and the next one read. */
export async function runMetrcRefresh(services: Services): Promise<void> {
  const intervalMs = services.env.METRC_REFRESH_MINUTES * 60 * 1000;
  for (const teamId of await metrcConnectionsToRead(services.db.read, new Date(services.now().getTime() - intervalMs))) {
    await refreshMetrcPackages(services, teamId).catch((error: unknown) => console.error(`Reading Metrc packages for team ${teamId} failed:`, error));
  }
}

export function scheduleMetrcRefresh(services: Services): { stop: () => void } {
  if (!services.env.METRC_VENDOR_KEY) return { stop: () => undefined };
  let running: Promise<void> | null = null;
  const run = () => {
    // A round still under way (Metrc slow) is not started again beside itself.
    running ??= runMetrcRefresh(services)
      .catch((error: unknown) => console.error('Reading Metrc packages failed:', error))
      .finally(() => (running = null));
  };
  const timer = setInterval(run, services.env.METRC_REFRESH_MINUTES * 60 * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
