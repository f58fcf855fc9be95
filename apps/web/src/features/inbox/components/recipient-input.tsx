import { isEmailAddress, RECIPIENT_MIN_LENGTH } from '@app/shared/mailbox';
import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y } from '@/components/ui/form-field';
import { cn } from '@/lib/utils';

/**
 * Recipient chips (spec 02 §5): a chip is added on Enter, comma, Tab or blur when it has at least
 * 3 characters; it is lower-cased and never doubled; Backspace on an empty input removes the last.
 * A validation message shows under the field and describes its input.
 */
export function RecipientInput({
  id,
  label,
  value,
  onChange,
  error,
  autoFocus,
}: {
  id: string;
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');

  function commit() {
    const candidates = text
      .split(/[,;\s]+/)
      .map((v) => v.trim().toLowerCase())
      .filter((v) => v.length >= RECIPIENT_MIN_LENGTH);
    const next = [...value];
    for (const c of candidates) if (!next.includes(c)) next.push(c);
    if (next.length !== value.length) onChange(next);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',' || (event.key === 'Tab' && text.trim())) {
      if (text.trim().length >= RECIPIENT_MIN_LENGTH) {
        event.preventDefault();
        commit();
      } else if (event.key !== 'Tab') event.preventDefault();
    } else if (event.key === 'Backspace' && text === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <>
      <div className="flex items-start gap-2 border-b py-1.5">
        <label htmlFor={id} className="w-12 shrink-0 pt-1 text-sm text-muted-foreground">
          {label}
        </label>
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1" data-testid={`${id}-chips`}>
          {value.map((address) => (
            <span
              key={address}
              className={cn(
                'inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs',
                !isEmailAddress(address) && 'bg-destructive/15 text-destructive',
              )}
            >
              {/* A long address is cut, not the remove button: the whole address is in the title. */}
              <span className="truncate" title={address}>
                {address}
              </span>
              <button
                type="button"
                className="shrink-0 rounded-full hover:bg-background"
                aria-label={t('inbox.compose.removeRecipient', { address })}
                onClick={() => onChange(value.filter((v) => v !== address))}
              >
                <X className="size-3" aria-hidden />
              </button>
            </span>
          ))}
          <input
            {...fieldA11y(id, error)}
            value={text}
            autoFocus={autoFocus}
            onChange={(e) => {
              const v = e.target.value;
              if (v.endsWith(',')) {
                setText(v.slice(0, -1));
                return;
              }
              setText(v);
            }}
            onKeyDown={onKeyDown}
            onBlur={commit}
            className="min-w-32 flex-1 bg-transparent py-1 text-sm outline-none"
            autoComplete="off"
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </>
  );
}
