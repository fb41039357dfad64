/** Saving CSV text as a file from the browser: made on the device, so it works with no signal. */
import { templateCsv } from './product-csv';

/** A byte order mark first, so spreadsheet apps read accented names as UTF-8. */
function csvBlob(text: string): Blob {
  return new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
}

export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(csvBlob(text));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the blob after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

let templateUrl: string | undefined;

/** The template's address for a plain download link; made once, as the template never changes. */
export function templateHref(): string {
  templateUrl ??= URL.createObjectURL(csvBlob(templateCsv()));
  return templateUrl;
}
