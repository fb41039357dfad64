/**
 * Who added a product or menu and who last changed it, as rows shared by a
 * team record it (`createdByName`, `updatedByName`). Rows that do not carry
 * the names say nothing.
 */

function nameIn(row: object, field: 'createdByName' | 'updatedByName'): string | null {
  const value = (row as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** "Added by Rita · changed by Marcus", either half alone when only it is known, or null. */
export function authorshipText(row: object): string | null {
  const added = nameIn(row, 'createdByName');
  const changed = nameIn(row, 'updatedByName');
  const parts = [added && `Added by ${added}`, changed && `${added ? 'changed' : 'Changed'} by ${changed}`].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
