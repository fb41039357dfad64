/** Saving CSV text as a file from the browser: made on the device, so it works with no signal. */
import { downloadFile } from '../../lib/download-file';
import { templateCsv } from './product-csv';

/** A byte order mark first, so spreadsheet apps read accented names as UTF-8. */
function csvBlob(text: string): Blob {
  return new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
}

export function downloadCsv(fileName: string, text: string): void {
  downloadFile(fileName, csvBlob(text));
}

let templateUrl: string | undefined;

/** The template's address for a plain download link; made once, as the template never changes. */
export function templateHref(): string {
  templateUrl ??= URL.createObjectURL(csvBlob(templateCsv()));
  return templateUrl;
}
