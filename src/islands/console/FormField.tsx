import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  /** The error shown under the field (it is then marked invalid and described by it), or none. */
  error: string | undefined;
  hint?: string | undefined;
  /** The control; it gets `id`, `aria-invalid` and `aria-describedby` from `controlProps`. */
  children: (controlProps: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

/** A labelled form field with its hint and its error beside it, for a screen reader as for the eye. */
export function FormField({ id, label, error, hint, children }: Props) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      {hint && <p id={`${id}-hint`} className="console-hint">{hint}</p>}
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': described })}
      {error && <p id={`${id}-error`} className="console-field-error">{error}</p>}
    </div>
  );
}
