/** A menu link's expiry between the form's date-and-time field (local time, minutes) and the menu (ISO, UTC). */

const pad = (value: number) => String(value).padStart(2, '0');

/** '' when the link never expires, else `YYYY-MM-DDTHH:mm` in the device's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** null for an empty field (no expiry), else the moment in UTC; a value the browser could not read is passed on for the schema to refuse. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}
