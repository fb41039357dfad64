/**
 * Taking a photo with the rear camera: a live preview, 'Take photo' grabs the
 * frame as a JPEG at quality 0.8, then Retake or Use photo. Where the camera
 * cannot be opened (no camera, no permission, an old browser) it offers the
 * phone's own camera app through a file input (`capture="environment"`);
 * 'Choose from library' is always there too.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

export const CAPTURE_JPEG_QUALITY = 0.8;

type CameraState = { phase: 'starting' } | { phase: 'live' } | { phase: 'preview'; blob: Blob; url: string } | { phase: 'unavailable'; reason: string };

function cameraProblem(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'Camera access was not allowed.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device.';
  if (name === 'NotReadableError') return 'The camera is in use by another app.';
  return 'The camera could not be opened.';
}

/** Draws the video's current frame and encodes it as a JPEG. */
function grabFrame(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return Promise.reject(new Error('The camera has no picture yet.'));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob && blob.size > 0 ? resolve(blob) : reject(new Error('The photo could not be taken.'))), 'image/jpeg', CAPTURE_JPEG_QUALITY),
  );
}

/** A file input that looks like a button. */
export function FilePickButton({
  label,
  accept,
  capture,
  multiple,
  disabled,
  onFiles,
  variant = 'outline',
}: {
  label: string;
  accept: string;
  capture?: 'environment' | 'user';
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  variant?: 'outline' | 'primary' | 'secondary';
}) {
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so the same file can be picked again.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <label className={buttonClasses(variant, 'md', disabled ? 'pointer-events-none opacity-70' : 'cursor-pointer focus-within:ring-2 focus-within:ring-brand-700/40')}>
      {label}
      <input type="file" className="sr-only" accept={accept} capture={capture} multiple={multiple} disabled={disabled} onChange={change} />
    </label>
  );
}

export function PhotoCapture({ onCapture, onChoose, onCancel }: { onCapture: (photo: Blob) => void; onChoose: (files: File[]) => void; onCancel: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>(() =>
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
      ? { phase: 'starting' }
      : { phase: 'unavailable', reason: 'This browser cannot open the camera here.' },
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unavailable = state.phase === 'unavailable';

  useEffect(() => {
    if (unavailable) return;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1440 } }, audio: false })
      .then(async (stream) => {
        if (cancelled) {
          stream.getTracks().forEach((track) => track.stop());
          return;
        }
        streamRef.current = stream;
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          await video.play().catch(() => undefined);
        }
        setState((current) => (current.phase === 'starting' ? { phase: 'live' } : current));
      })
      .catch((reason: unknown) => {
        if (!cancelled) setState({ phase: 'unavailable', reason: cameraProblem(reason) });
      });
    return () => {
      cancelled = true;
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
    };
  }, [unavailable]);

  const previewUrl = state.phase === 'preview' ? state.url : null;
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  async function take() {
    const video = videoRef.current;
    if (!video) return;
    setBusy(true);
    setError(null);
    try {
      const blob = await grabFrame(video);
      setState({ phase: 'preview', blob, url: URL.createObjectURL(blob) });
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : 'The photo could not be taken.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-3">
      {!unavailable && (
        <div className="relative overflow-hidden rounded-lg bg-stone-900">
          <video ref={videoRef} aria-label="Camera preview" playsInline muted className={state.phase === 'preview' ? 'hidden' : 'aspect-[4/3] w-full object-cover'} />
          {state.phase === 'preview' && <img src={state.url} alt="The photo you took" className="aspect-[4/3] w-full object-contain" />}
          {state.phase === 'starting' && <p className="absolute inset-0 flex items-center justify-center text-sm text-white">Opening the camera…</p>}
        </div>
      )}
      {unavailable && (
        <div role="status" className="rounded-lg bg-stone-50 p-4 text-sm text-stone-700">
          <p>{state.reason}</p>
          <p className="mt-1">Use your phone&apos;s camera or choose a photo from your library instead.</p>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        {unavailable && <FilePickButton label="Open phone camera" accept="image/*" capture="environment" onFiles={onChoose} variant="primary" />}
        <FilePickButton label="Choose from library" accept="image/*" multiple onFiles={onChoose} />
        {state.phase === 'preview' ? (
          <>
            <Button variant="outline" onClick={() => setState({ phase: 'live' })}>
              Retake
            </Button>
            <Button onClick={() => onCapture(state.blob)}>Use photo</Button>
          </>
        ) : (
          !unavailable && (
            <Button onClick={() => void take()} disabled={state.phase !== 'live' || busy}>
              Take photo
            </Button>
          )
        )}
      </div>
    </div>
  );
}

/** The camera in its own dialog (over the product dialog). */
export function PhotoCaptureDialog({
  open,
  onOpenChange,
  onCapture,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCapture: (photo: Blob) => void;
  onChoose: (files: File[]) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Take a photo" className="sm:max-w-lg">
      {open && (
        <PhotoCapture
          onCancel={() => onOpenChange(false)}
          onCapture={(blob) => {
            onOpenChange(false);
            onCapture(blob);
          }}
          onChoose={(files) => {
            onOpenChange(false);
            onChoose(files);
          }}
        />
      )}
    </Dialog>
  );
}
