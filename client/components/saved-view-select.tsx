import type { ChangeEvent } from 'react';
import { SelectField } from './form';

/**
 * A member's saved views to pick one from (campaign audiences, the SMS bulk tab), or, once they are
 * known to be none, where to make one. `views` is undefined while they load.
 */
export function SavedViewSelect({
  views,
  value,
  onChange,
  placeholder,
}: {
  views: readonly { id: string; name: string }[] | undefined;
  value: string;
  onChange: (viewId: string) => void;
  /** A first, empty option, when nothing is chosen yet. */
  placeholder?: string;
}) {
  if (views && views.length === 0) return <p className="text-sm text-gray-600 dark:text-gray-400">You have no saved views yet: save one from the Contacts list’s filters.</p>;
  return (
    <SelectField label="Saved view" value={value} onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value)}>
      {placeholder ? <option value="">{placeholder}</option> : null}
      {(views ?? []).map((v) => (
        <option key={v.id} value={v.id}>
          {v.name}
        </option>
      ))}
    </SelectField>
  );
}
