import { FieldLabel, type Config, type Field } from '@puckeditor/core';
import { ImageInput } from './image-input';

/**
 * The block registry's fields, with the one that needs the app: an image's address gets an Upload
 * button (stored by `POST /api/sites/:siteId/assets`). The registry itself (server/sites/blocks/)
 * knows no route of the app. (The booking block's calendar select is the registry's own, built from
 * the organization's calendars the editor's context carries.)
 */
export function withEditorFields(config: Config, { siteId }: { siteId: string }): Config {
  const image: Field<string> = {
    type: 'custom',
    label: 'Image',
    render: ({ value, onChange, readOnly, id }) => (
      <FieldLabel label="Image" el="div" readOnly={readOnly}>
        <ImageInput siteId={siteId} id={id} label="Image" value={value ?? ''} onChange={onChange} readOnly={readOnly} />
      </FieldLabel>
    ),
  };
  const replace: Record<string, Record<string, Field>> = { Image: { src: image } };
  const components = Object.fromEntries(
    Object.entries(config.components).map(([name, component]) => {
      const own = replace[name];
      if (!own || !component.fields) return [name, component];
      const fields = Object.fromEntries(Object.entries(component.fields).map(([key, field]) => [key, own[key] ?? field]));
      return [name, { ...component, fields }];
    }),
  );
  return { ...config, components };
}
