/**
 * The menu cover in the profile form: a picture chosen on the device,
 * checked and uploaded like the profile photo, whose address becomes the
 * form's value and is saved with the rest of the profile. Only an uploaded
 * picture can be a cover, so a public menu never loads another site's image.
 */
import { buttonClasses } from '../../components/ui/button';
import { Field } from '../../components/ui/form-controls';
import { ImageFileButton, useImageUpload } from './use-image-upload';

export const MENU_COVER_LABEL = 'Menu cover image';

export function MenuCoverField({
  id,
  value,
  editing,
  error,
  onChange,
}: {
  id: string;
  /** The cover's address, '' for none. */
  value: string;
  editing: boolean;
  error?: string;
  onChange: (address: string) => void;
}) {
  const { uploading, preview, choose } = useImageUpload(onChange);

  const shown = preview ?? value;
  return (
    <Field id={id} label={MENU_COVER_LABEL} error={error} hint="A wide picture (about 1200 × 300) shown across the top of your public menus.">
      <div className="grid gap-2" aria-busy={uploading}>
        {shown ? (
          <img src={shown} alt="Menu cover" width={1200} height={300} className="h-24 w-full rounded-md bg-stone-100 object-cover" />
        ) : (
          <p className="text-sm text-stone-600">No cover image.</p>
        )}
        {editing && (
          <div className="flex flex-wrap gap-2">
            <ImageFileButton id={id} uploading={uploading} onChoose={(event) => void choose(event)}>
              {uploading ? 'Uploading…' : value ? 'Change cover image' : 'Choose cover image'}
            </ImageFileButton>
            {value && !uploading && (
              <button type="button" className={buttonClasses('ghost', 'sm')} onClick={() => onChange('')}>
                Remove cover image
              </button>
            )}
          </div>
        )}
      </div>
    </Field>
  );
}
