/**
 * Where a page opened from inside the app leads back to, carried in the
 * router's location state: a page outside the app's frame (a shared menu)
 * has no top bar, and an installed app has no browser back button.
 */
export type BackTo = { path: string; label: string };

export function backToState(path: string, label: string): { backTo: BackTo } {
  return { backTo: { path, label } };
}

export function readBackTo(state: unknown): BackTo | null {
  const backTo = (state as { backTo?: Partial<BackTo> } | null)?.backTo;
  // Location state survives reloads and can be anything: only an in-app path is followed.
  if (typeof backTo?.path !== 'string' || typeof backTo.label !== 'string' || !backTo.path.startsWith('/') || backTo.path.startsWith('//')) return null;
  return { path: backTo.path, label: backTo.label };
}
