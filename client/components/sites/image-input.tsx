import { ImageUpIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { IMAGE_TYPES, uploadSiteImage } from './upload';

/**
 * An image by address or by upload: the field holds a URL, which an upload fills with the stored
 * image's public address. Used by the editor's image fields and the page and site settings.
 */
export function ImageInput({
  siteId,
  value,
  onChange,
  id,
  label,
  readOnly,
}: {
  siteId: string;
  value: string;
  onChange: (url: string) => void;
  id?: string;
  /** Names the controls for assistive technology when no visible label points at them. */
  label: string;
  readOnly?: boolean;
}) {
  const generated = useId();
  const inputId = id ?? generated;
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(chosen: File | undefined) {
    if (!chosen) return;
    setUploading(true);
    setError(null);
    try {
      onChange((await uploadSiteImage(siteId, chosen)).url);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The upload failed');
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex gap-2">
        <Input
          id={inputId}
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={value}
          readOnly={readOnly}
          onChange={(e) => onChange(e.target.value)}
          aria-label={id ? undefined : `${label} address`}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <input ref={file} type="file" accept={IMAGE_TYPES.join(',')} className="sr-only" tabIndex={-1} aria-label={`${label} file`} onChange={(e) => void upload(e.target.files?.[0])} />
        <Button type="button" variant="outline" disabled={readOnly || uploading} onClick={() => file.current?.click()} aria-label={`Upload ${label.toLowerCase()}`}>
          <ImageUpIcon className="size-4" aria-hidden />
          {uploading ? 'Uploading…' : 'Upload'}
        </Button>
      </div>
      {value ? <img src={value} alt="" className="max-h-24 w-fit rounded border border-gray-200 object-contain dark:border-gray-700" /> : null}
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
