/**
 * The product's lab results (certificate of analysis): a PDF or an image of
 * at most 10 MB, checked on the device by its first bytes. A PDF is kept as
 * it is, an image is compressed like a photo; either is stored on the device
 * and queued for upload like a photo (purpose 'lab-result'), and the dialog
 * saves its id as `labResultId`.
 */
import { useState } from 'react';
import { AppError } from '../../../sync/contract/errors';
import { Button } from '../../components/ui/button';
import { addLocalPhoto } from '../../lib/photos/local-photos';
import { checkLabResultFile, formatBytes } from '../../lib/photos/photo-policy';
import { useLocalPhoto } from '../../lib/photos/use-photos';
import { FilePickButton } from './photo-capture';
import { UploadStateLine } from './upload-status';

async function prepareLabResult(file: File): Promise<{ blob: Blob; fileName: string }> {
  const { compressPhoto, fileHead } = await import('../../lib/photos/compress-photo');
  const check = checkLabResultFile(file, await fileHead(file));
  if (!check.ok) throw new AppError('validation', check.message);
  if (check.kind === 'pdf') return { blob: file.type === 'application/pdf' ? file : new Blob([file], { type: 'application/pdf' }), fileName: file.name || 'lab-results.pdf' };
  const { blob } = await compressPhoto(file);
  return { blob, fileName: `${(file.name || 'lab-results').replace(/\.[^.]+$/, '')}.jpg` };
}

export function LabResultField({
  labResultId,
  onChange,
  onPreparingChange,
}: {
  labResultId: string | null;
  onChange: (labResultId: string | null, added?: boolean) => void;
  /** True while the file is being checked and compressed (the dialog holds saving until it is in). */
  onPreparingChange?: (preparing: boolean) => void;
}) {
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const file = useLocalPhoto(labResultId);

  async function attach(files: File[]) {
    const [picked] = files;
    if (!picked) return;
    setError(null);
    setPreparing(true);
    onPreparingChange?.(true);
    try {
      const { blob, fileName } = await prepareLabResult(picked);
      onChange(await addLocalPhoto(blob, 'lab-result', { fileName }), true);
    } catch (reason) {
      setError(reason instanceof Error && (reason instanceof AppError || reason.name === 'PhotoError') ? reason.message : 'The file could not be attached. Please try again.');
    } finally {
      setPreparing(false);
      onPreparingChange?.(false);
    }
  }

  const name = file?.fileName ?? (file?.contentType === 'application/pdf' ? 'Lab results (PDF)' : 'Lab results');
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-stone-800">Lab results</legend>
      <p className="text-xs text-stone-500">A certificate of analysis, as a PDF or an image (at most 10 MB). Buyers see a &lsquo;Lab results&rsquo; link next to the THC figure.</p>
      {labResultId && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-200 p-2" data-testid="lab-result">
          <div className="grid min-w-0 gap-1">
            <span className="truncate text-sm font-medium">
              {file?.url && file.status === 'uploaded' ? (
                <a href={file.url} target="_blank" rel="noreferrer" className="underline">
                  {name}
                </a>
              ) : (
                name
              )}
            </span>
            {file && file.size > 0 && <span className="text-xs text-stone-500">{formatBytes(file.size)}</span>}
            <UploadStateLine photo={file} what="lab results" />
          </div>
          <Button size="sm" variant="outline" aria-label="Remove lab results" onClick={() => onChange(null)}>
            Remove
          </Button>
        </div>
      )}
      {preparing && (
        <p role="status" className="text-sm text-stone-600">
          Preparing the file…
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {!labResultId && !preparing && <FilePickButton label="Attach lab results" accept="application/pdf,image/*" onFiles={(files) => void attach(files)} />}
      {labResultId && !preparing && <FilePickButton label="Replace lab results" accept="application/pdf,image/*" onFiles={(files) => void attach(files)} />}
    </fieldset>
  );
}
