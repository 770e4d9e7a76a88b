import type { BlockContext } from '../context';
import { HONEYPOT_FIELD, type BlockProps, type FormFieldName } from '../schema';

const AUTOCOMPLETE: Record<string, string> = { email: 'email', phone: 'tel', firstName: 'given-name', lastName: 'family-name', name: 'name', company: 'organization' };
const fieldId = (blockId: string, name: FormFieldName | string) => `${blockId}-${name.replace(/[^\w-]/g, '-')}`;

/**
 * A native POST form (works without JavaScript; the islands script enhances it). A hidden honeypot
 * input catches bots; the consent checkbox appears only with a consent text. In the editor it submits
 * nowhere. After a failed native POST, publishing renders the page again with formState: the
 * visitor's values and each field's message.
 */
export function Form({ id, title, fields, submitLabel, consentText, successMessage }: BlockProps['Form'] & { id: string }, ctx: BlockContext) {
  const published = ctx.mode === 'published';
  const state = ctx.formState?.blockId === id ? ctx.formState : undefined;
  const formError = state?.errors.form ?? (state && Object.keys(state.errors).length ? 'Please correct the fields marked below.' : '');
  return (
    <form
      className="sb-form"
      method="post"
      action={published ? ctx.formAction(id) : undefined}
      data-sb-form={published ? '' : undefined}
      data-sb-success={successMessage}
      onSubmit={published ? undefined : (e) => e.preventDefault()}
    >
      {title && <h2 className="sb-heading sb-h3">{title}</h2>}
      <p className="sb-form-error" role="alert" id={`${id}-error`} hidden={!formError}>
        {formError}
      </p>
      {fields.map((field) => {
        const fid = fieldId(id, field.name);
        const error = state?.errors[field.name];
        const common = {
          id: fid,
          name: field.name,
          required: field.required,
          autoComplete: AUTOCOMPLETE[field.name] ?? 'off',
          defaultValue: state?.values[field.name],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': `${fid}-error`,
        } as const;
        return (
          <div key={field.name} className="sb-field">
            <label htmlFor={fid}>
              {field.label}
              {field.required && <span aria-hidden="true"> *</span>}
            </label>
            {field.type === 'textarea' ? <textarea rows={4} {...common} /> : <input type={field.type} inputMode={field.type === 'tel' ? 'tel' : undefined} {...common} />}
            <p className="sb-field-error" id={`${fid}-error`} hidden={!error}>
              {error}
            </p>
          </div>
        );
      })}
      {/* Bots fill every input; people never see this one (hidden from screen readers and the tab order). */}
      <div className="sb-hp" aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input id={`${id}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      {consentText && (
        <div className="sb-consent">
          <input id={`${id}-consent`} type="checkbox" name="consent" value="yes" required aria-describedby={`${id}-consent-error`} defaultChecked={state?.values.consent === 'yes'} />
          <label htmlFor={`${id}-consent`}>{consentText}</label>
          <p className="sb-field-error" id={`${id}-consent-error`} hidden={!state?.errors.consent}>
            {state?.errors.consent}
          </p>
        </div>
      )}
      <button type="submit" className="sb-btn sb-btn-primary">
        {submitLabel}
      </button>
      <p className="sb-form-status" role="status" />
    </form>
  );
}
export const FORM_CSS = `.sb-form{display:grid;gap:1rem;max-width:32rem;margin-inline:auto;background:var(--sb-bg);color:var(--sb-text);border:1px solid var(--sb-line);border-radius:var(--sb-radius);padding:1.5rem}
.sb-form .sb-heading{margin:0}.sb-field{display:grid;gap:.35rem}.sb-field label{font-weight:600}
.sb-field input,.sb-field textarea{font:inherit;color:inherit;background:#fff;border:1px solid #6b7280;border-radius:8px;padding:.7rem .8rem;min-height:44px;width:100%}
.sb-field input:focus-visible,.sb-field textarea:focus-visible,.sb-consent input:focus-visible{outline:3px solid var(--sb-brand-ink);outline-offset:1px}
.sb-field [aria-invalid=true]{border-color:#b91c1c}.sb-field-error,.sb-form-error{color:#b91c1c;margin:0;font-size:.95rem}.sb-form-error:not([hidden]){background:#fef2f2;border-radius:8px;padding:.6rem .8rem}
.sb-consent{display:grid;grid-template-columns:auto 1fr;gap:.6rem;align-items:start;font-size:.95rem}.sb-consent input{width:1.25rem;height:1.25rem;margin-top:.15rem}.sb-consent .sb-field-error{grid-column:1/-1}
.sb-hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}.sb-form-status{margin:0;font-weight:600}.sb-form-status:empty{display:none}.sb-form button{justify-self:start}`;
