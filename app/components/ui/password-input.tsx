/** A password box with a Show/Hide button inside it; the caller keeps whether it shows, so a form can hide it again when it resets. */
import type { InputHTMLAttributes } from 'react';
import { Input } from './form-controls';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { shown: boolean; onShownChange: (shown: boolean) => void };

export function PasswordInput({ shown, onShownChange, className, ...props }: PasswordInputProps) {
  return (
    <div className="relative">
      <Input type={shown ? 'text' : 'password'} className={className ? `pr-16 ${className}` : 'pr-16'} {...props} />
      <button
        type="button"
        onClick={() => onShownChange(!shown)}
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-pressed={shown}
        className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-800"
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
