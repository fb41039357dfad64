/** The product template as a plain download link. */
import { csvBlob } from '../../lib/download-csv';
import { templateCsv } from './product-csv';

let templateUrl: string | undefined;

/** The template's address for a plain download link; made once, as the template never changes. */
export function templateHref(): string {
  templateUrl ??= URL.createObjectURL(csvBlob(templateCsv()));
  return templateUrl;
}
