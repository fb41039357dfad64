/**
 * Storage the browser keeps: the app asks for storage the browser will not clear under pressure when the person
 * shows they mean to keep data on this device: a saved menu, installing the app, opening it installed (iOS Home
 * Screen apps fire no install event, and apps installed earlier would never ask), or work queued with no signal
 * (a seller's unsent changes). Never on a plain tab's load, where browsers may take the request for noise.
 */
export type KeepMoment = { kind: 'menu-saved' } | { kind: 'app-installed' } | { kind: 'app-opened'; installed: boolean } | { kind: 'change-queued'; online: boolean };

/** Whether this moment calls for asking; once a session is enough (the answer does not change by asking again). */
export function shouldAskToKeepStorage(moment: KeepMoment, askedThisSession: boolean): boolean {
  if (askedThisSession) return false;
  if (moment.kind === 'app-opened') return moment.installed;
  if (moment.kind === 'change-queued') return !moment.online;
  return true;
}

let askedThisSession = false;

export function requestPersistentStorage(moment: KeepMoment): void {
  // Also reached from code that runs outside a browser (no navigator at all).
  if (typeof navigator === 'undefined' || !navigator.storage?.persist || !shouldAskToKeepStorage(moment, askedThisSession)) return;
  askedThisSession = true;
  void navigator.storage.persist().catch(() => false);
}

export type DeviceStorage = { kept: boolean; usedBytes: number | null };

/** Whether the browser keeps the app's data, and how much it holds; null where the browser cannot tell. */
export async function readDeviceStorage(): Promise<DeviceStorage | null> {
  if (!navigator.storage?.persisted) return null;
  const [kept, estimate] = await Promise.all([navigator.storage.persisted(), navigator.storage.estimate?.().catch(() => null)]);
  return { kept, usedBytes: estimate?.usage ?? null };
}

const UNITS = ['KB', 'MB', 'GB', 'TB'];

/** Bytes as people read them: '0 bytes', '820 bytes', '1.5 MB', '12 MB' (1 KB = 1024 bytes, as devices show it). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  // 1023.96 KB rounds to 1024 KB: say 1 MB instead.
  if (rounded >= 1024 && unit < UNITS.length - 1) return `1 ${UNITS[unit + 1]}`;
  return `${rounded} ${UNITS[unit]}`;
}

export function storageText(storage: DeviceStorage): string {
  const kept = storage.kept ? 'Storage: kept' : 'Storage: may be cleared by the browser';
  return storage.usedBytes === null ? kept : `${kept} · this device holds ${formatBytes(storage.usedBytes)}`;
}
