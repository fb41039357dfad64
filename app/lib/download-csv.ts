/** Saving CSV text as a file from the browser: made on the device, so it works with no signal. */
import { downloadFile } from './download-file';

/** A byte order mark first, so spreadsheet apps read accented names as UTF-8. */
export function csvBlob(text: string): Blob {
  return new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
}

export function downloadCsv(fileName: string, text: string): void {
  downloadFile(fileName, csvBlob(text));
}
