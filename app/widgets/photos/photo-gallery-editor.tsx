/**
 * A product's gallery in the product dialog: add photos with the camera or
 * from the library (each compressed, then kept on the device and queued for
 * upload at once), remove them, and put them in order with move buttons; the
 * first is the cover. The dialog saves the ids in `photoIds`.
 */
import { useRef, useState } from 'react';
import { MAX_PHOTOS_PER_PRODUCT } from '../../../sync/entities/photo';
import { AppError } from '../../../sync/contract/errors';
import { Button } from '../../components/ui/button';
import { addLocalPhoto } from '../../lib/photos/local-photos';
import { useLocalPhoto } from '../../lib/photos/use-photos';
import { FilePickButton, PhotoCaptureDialog } from './photo-capture';
import { PhotoImage } from './product-photo';
import { UploadStateLine } from './upload-status';

/** The compression code loads when a photo is first added, not with the page. */
async function compressForUpload(file: Blob): Promise<Blob> {
  const { compressPhoto } = await import('../../lib/photos/compress-photo');
  return (await compressPhoto(file)).blob;
}

function messageOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof Error && error.name === 'PhotoError') return error.message;
  return 'The photo could not be added. Please try again.';
}

function move<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function PhotoGalleryEditor({
  photoIds,
  onChange,
  onAdded,
  onPreparingChange,
  strainName,
}: {
  photoIds: string[];
  onChange: (photoIds: string[]) => void;
  /** A photo was stored on the device: the dialog appends it (and lets it go if the product is not saved). */
  onAdded: (photoId: string) => void;
  /** True while photos are being compressed (the dialog holds saving until they are in). */
  onPreparingChange?: (preparing: boolean) => void;
  strainName: string;
}) {
  const [capturing, setCapturing] = useState(false);
  const [preparing, setPreparing] = useState(0);
  /** Photos being compressed across every pick still running (state lags behind; this does not). */
  const inProgress = useRef(0);
  const [error, setError] = useState<string | null>(null);
  const room = MAX_PHOTOS_PER_PRODUCT - photoIds.length - preparing;
  const name = strainName.trim() || 'Product';

  async function add(files: Blob[]) {
    setError(null);
    const accepted = files.slice(0, Math.max(0, room));
    if (accepted.length < files.length) setError(`A product holds at most ${MAX_PHOTOS_PER_PRODUCT} photos.`);
    if (accepted.length === 0) return;
    inProgress.current += accepted.length;
    onPreparingChange?.(true);
    setPreparing((count) => count + accepted.length);
    for (const file of accepted) {
      try {
        onAdded(await addLocalPhoto(await compressForUpload(file), 'product'));
      } catch (reason) {
        setError(messageOf(reason));
      } finally {
        setPreparing((count) => count - 1);
        inProgress.current -= 1;
        if (inProgress.current === 0) onPreparingChange?.(false);
      }
    }
  }

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-stone-800">Photos</legend>
      <p className="text-xs text-stone-500">The first photo is the cover. Photos are kept on this device and upload by themselves when there is a connection.</p>
      {(photoIds.length > 0 || preparing > 0) && (
        <ol aria-label="Gallery" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {photoIds.map((photoId, index) => (
            <GalleryTile
              key={photoId}
              photoId={photoId}
              index={index}
              count={photoIds.length}
              name={name}
              onMove={(to) => onChange(move(photoIds, index, to))}
              onRemove={() => onChange(photoIds.filter((id) => id !== photoId))}
            />
          ))}
          {Array.from({ length: preparing }, (_, index) => (
            <li key={`preparing-${index}`} className="flex aspect-square items-center justify-center rounded-lg bg-stone-100 text-xs text-stone-600">
              <span role="status">Preparing photo…</span>
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setCapturing(true)} disabled={room <= 0}>
          Take photo
        </Button>
        <FilePickButton label="Choose from library" accept="image/*" multiple disabled={room <= 0} onFiles={(files) => void add(files)} />
      </div>
      <PhotoCaptureDialog open={capturing} onOpenChange={setCapturing} onCapture={(blob) => void add([blob])} onChoose={(files) => void add(files)} />
    </fieldset>
  );
}

function GalleryTile({
  photoId,
  index,
  count,
  name,
  onMove,
  onRemove,
}: {
  photoId: string;
  index: number;
  count: number;
  name: string;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const photo = useLocalPhoto(photoId);
  const label = `photo ${index + 1}`;
  return (
    <li className="grid content-start gap-1 rounded-lg border border-stone-200 p-1.5" data-testid="gallery-photo">
      <div className="relative aspect-square overflow-hidden rounded-md bg-stone-100">
        <PhotoImage
          photoId={photoId}
          alt={`${name}, ${label}`}
          className="h-full w-full"
          placeholder={<span className="flex h-full items-center justify-center p-2 text-center text-xs text-stone-500">Photo not on this device</span>}
        />
        {index === 0 && <span className="absolute top-1 left-1 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-medium text-white">Cover</span>}
      </div>
      <UploadStateLine photo={photo} />
      <div className="flex justify-between gap-1">
        <Button size="sm" variant="ghost" className="px-2" aria-label={`Move ${label} left`} disabled={index === 0} onClick={() => onMove(index - 1)}>
          ←
        </Button>
        <Button size="sm" variant="ghost" className="px-2 text-red-700" aria-label={`Remove ${label}`} onClick={onRemove}>
          Remove
        </Button>
        <Button size="sm" variant="ghost" className="px-2" aria-label={`Move ${label} right`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          →
        </Button>
      </div>
    </li>
  );
}
