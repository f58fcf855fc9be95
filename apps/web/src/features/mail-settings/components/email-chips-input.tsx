import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/lib/utils';

type EmailChipsInputProps = {
  id: string;
  value: string[];
  onChange: (emails: string[]) => void;
  onBlur?: () => void;
  /** Which chips are invalid (by index). */
  invalid?: (string | undefined)[];
  describedBy?: string | undefined;
  disabled?: boolean;
};

const SEPARATORS = /[\s,;]+/;

/**
 * Addresses as chips: Enter, comma, semicolon or Tab (or leaving the field) turns the typed text
 * into chips, a pasted list included; Backspace in the empty field removes the last chip.
 */
export function EmailChipsInput({ id, value, onChange, onBlur, invalid = [], describedBy, disabled }: EmailChipsInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');

  const commit = (raw = text) => {
    const typed = raw
      .split(SEPARATORS)
      .map((s) => s.trim())
      .filter(Boolean);
    setText('');
    if (!typed.length) return;
    const known = new Set(value.map((v) => v.toLowerCase()));
    const added = typed.filter((email) => {
      const key = email.toLowerCase();
      if (known.has(key)) return false;
      known.add(key);
      return true;
    });
    if (added.length) onChange([...value, ...added]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || event.key === ';' || (event.key === 'Tab' && text.trim())) {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && text === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div
      className={cn(
        fieldClasses,
        'flex min-h-9 flex-wrap items-center gap-1 py-1',
        invalid.some(Boolean) && 'border-destructive',
      )}
      onClick={() => document.getElementById(id)?.focus()}
    >
      {value.map((email, index) => (
        <span
          key={`${email}-${index}`}
          className={cn(
            'inline-flex max-w-full items-center gap-1 rounded-full border bg-muted px-2 py-0.5 text-xs',
            invalid[index] && 'border-destructive text-destructive',
          )}
        >
          <span className="truncate">{email}</span>
          <button
            type="button"
            className="rounded-full hover:text-foreground"
            aria-label={t('categories.form.removeEmail', { email })}
            disabled={disabled}
            onClick={(event) => {
              event.stopPropagation();
              onChange(value.filter((_, i) => i !== index));
            }}
          >
            <X className="size-3" aria-hidden />
          </button>
        </span>
      ))}
      <input
        id={id}
        className="h-7 min-w-40 flex-1 bg-transparent outline-none"
        value={text}
        disabled={disabled}
        inputMode="email"
        autoComplete="off"
        placeholder={value.length ? '' : t('categories.form.emailPlaceholder')}
        aria-describedby={describedBy}
        aria-invalid={invalid.some(Boolean) || undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={(event) => {
          const pasted = event.clipboardData.getData('text');
          if (!SEPARATORS.test(pasted)) return;
          event.preventDefault();
          commit(`${text}${pasted}`);
        }}
        onBlur={() => {
          commit();
          onBlur?.();
        }}
      />
    </div>
  );
}
