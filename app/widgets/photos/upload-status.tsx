/** Where one photo's upload stands: waiting, a progress bar while it goes, or the server's reason for refusing it. */
import { cn } from '../../lib/cn';
import type { LocalPhoto } from '../../lib/photos/local-photo';
import { useUploadProgress } from '../../lib/photos/upload-progress';

export function UploadProgressBar({ photoId, label, className }: { photoId: string; label: string; className?: string }) {
  const fraction = useUploadProgress((state) => state.progress[photoId] ?? 0);
  const percent = Math.round(fraction * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-stone-200', className)}
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width] duration-200" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** A short line under a photo or a lab result: nothing once uploaded. */
export function UploadStateLine({ photo, what = 'photo' }: { photo: LocalPhoto | undefined; what?: string }) {
  if (!photo) return null;
  if (photo.status === 'uploading') {
    return (
      <div className="grid gap-1">
        <span className="text-xs text-stone-600">Uploading…</span>
        <UploadProgressBar photoId={photo.id} label={`Uploading ${what}`} />
      </div>
    );
  }
  if (photo.status === 'pending') return <span className="text-xs text-amber-800">Waiting to upload</span>;
  if (photo.status === 'failed') {
    return (
      <span role="alert" className="text-xs text-red-700">
        Not uploaded: {photo.error ?? 'this file was turned down'}
      </span>
    );
  }
  return null;
}
