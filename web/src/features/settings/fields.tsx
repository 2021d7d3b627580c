/** The settings form's controls: a labelled switch, a select, a number and a time input. */
import type { ReactNode } from 'react';

interface FieldProps {
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
  error?: string;
}

function Row({ label, hint, error, htmlFor, children, disabled }: FieldProps & { htmlFor?: string; children: ReactNode }) {
  return (
    <div className={`flex flex-wrap items-center justify-between gap-3 py-3 ${disabled ? 'opacity-60' : ''}`}>
      <div className="min-w-0 flex-1">
        <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-100">
          {label}
        </label>
        {hint && <p className="text-xs text-slate-400">{hint}</p>}
        {error && (
          <p role="alert" className="text-xs text-red-400">
            {error}
          </p>
        )}
      </div>
      {children}
    </div>
  );
}

const idOf = (label: string) => `pref-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export function Switch({ label, hint, checked, disabled, onChange }: FieldProps & { checked: boolean; onChange(value: boolean): void }) {
  const id = idOf(label);
  return (
    <Row label={label} hint={hint} htmlFor={id} disabled={disabled}>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative h-6 w-11 shrink-0 rounded-full border transition disabled:cursor-not-allowed ${checked ? 'border-nebula-400 bg-nebula-500' : 'border-space-600 bg-space-700'}`}
      >
        <span className={`absolute top-0.5 h-4.5 w-4.5 rounded-full bg-white shadow transition-all ${checked ? 'left-5.5' : 'left-0.5'}`} />
      </button>
    </Row>
  );
}

export function Select<T extends string>({ label, hint, value, options, disabled, onChange }: FieldProps & { value: T; options: readonly (readonly [T, string])[]; onChange(value: T): void }) {
  const id = idOf(label);
  return (
    <Row label={label} hint={hint} htmlFor={id} disabled={disabled}>
      <select id={id} className="field w-auto min-w-44" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Row>
  );
}

export function NumberInput({ label, hint, value, min, max, step = 1, error, disabled, onChange }: FieldProps & { value: number; min: number; max: number; step?: number; onChange(value: number): void }) {
  const id = idOf(label);
  return (
    <Row label={label} hint={hint} htmlFor={id} error={error} disabled={disabled}>
      <input
        id={id}
        type="number"
        className="field w-28"
        value={Number.isNaN(value) ? '' : value}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      />
    </Row>
  );
}

export function TimeInput({ label, hint, value, disabled, error, onChange }: FieldProps & { value: string; onChange(value: string): void }) {
  const id = idOf(label);
  return (
    <Row label={label} hint={hint} htmlFor={id} error={error} disabled={disabled}>
      <input id={id} type="time" className="field w-36" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
    </Row>
  );
}

export function TextInput({ label, hint, value, placeholder, error, onChange }: FieldProps & { value: string; placeholder?: string; onChange(value: string): void }) {
  const id = idOf(label);
  return (
    <Row label={label} hint={hint} htmlFor={id} error={error}>
      <input id={id} type="text" className="field w-56" value={value} placeholder={placeholder} maxLength={100} onChange={(e) => onChange(e.target.value)} />
    </Row>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card">
      <h2 className="mb-1 text-lg font-semibold">{title}</h2>
      <div className="divide-y divide-space-700">{children}</div>
    </section>
  );
}
