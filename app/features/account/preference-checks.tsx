/** The checkboxes of on/off choices (which emails, which pushes), each saved as it is ticked. */
export function PreferenceChecks<K extends string>({
  kinds,
  labelOf,
  preferences,
  toggle,
}: {
  kinds: readonly K[];
  labelOf: (kind: K) => string;
  preferences: Record<K, boolean> | null;
  toggle: (kind: K, on: boolean) => Promise<void>;
}) {
  return kinds.map((kind) => (
    <label key={kind} className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        disabled={!preferences}
        checked={preferences?.[kind] ?? true}
        onChange={(event) => void toggle(kind, event.target.checked)}
        className="size-4 accent-brand-700"
      />
      {labelOf(kind)}
    </label>
  ));
}
