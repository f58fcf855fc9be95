import { FETCH_RANGE_MAX_DAYS, FETCH_RANGE_WARNING_MS } from '@app/shared/mail-settings';
import { CalendarDays } from 'lucide-react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import { enUS, es, fr } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { isTooLong, type CompleteRange, type DayRange } from '../utils/fetch-range';

const locales = { en: enUS, fr, es };

const calendarStyle = {
  '--rdp-accent-color': 'var(--accent)',
  '--rdp-accent-background-color': 'color-mix(in oklch, var(--accent) 15%, transparent)',
  '--rdp-range_start-color': 'var(--accent-foreground)',
  '--rdp-range_end-color': 'var(--accent-foreground)',
  '--rdp-day-height': '36px',
  '--rdp-day-width': '36px',
  '--rdp-day_button-height': '34px',
  '--rdp-day_button-width': '34px',
  '--rdp-nav-height': '2.25rem',
  '--rdp-months-gap': '1.5rem',
} as CSSProperties;

function useIsWide() {
  const query = '(min-width: 768px)';
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const update = () => setWide(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return wide;
}

type DateRangePickerProps = {
  id: string;
  value: CompleteRange | null;
  onChange: (range: CompleteRange) => void;
  maxDays?: number;
  disabled?: boolean;
  'aria-describedby'?: string;
};

/**
 * The period of mail to fetch (spec 02 §5): range mode, the week starts on Monday, future days are
 * disabled and a period longer than `maxDays` is refused with a warning shown for 2.5 s. The first
 * click starts a new period and the second ends it; the popover closes on a complete period.
 */
export function DateRangePicker({
  id,
  value,
  onChange,
  maxDays = FETCH_RANGE_MAX_DAYS,
  disabled,
  ...aria
}: DateRangePickerProps) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? 'en') as keyof typeof locales;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DayRange | undefined>(value ?? undefined);
  const [warning, setWarning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const wide = useIsWide();
  const today = new Date();

  useEffect(() => () => clearTimeout(timer.current), []);

  const format = (date: Date) => new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' }).format(date);
  const label = value ? `${format(value.from)} – ${format(value.to)}` : t('mailSettings.dateRange.placeholder');

  const showWarning = () => {
    setWarning(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setWarning(false), FETCH_RANGE_WARNING_MS);
  };

  const select = (range: DayRange | undefined) => {
    if (range?.from && range.to && isTooLong(range, maxDays)) {
      showWarning();
      setDraft({ from: range.from, to: undefined });
      return;
    }
    setDraft(range);
    if (range?.from && range.to) {
      onChange({ from: range.from, to: range.to });
      setOpen(false);
    }
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setDraft(value ?? undefined);
      }}
    >
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          disabled={disabled}
          className="w-full justify-start font-normal sm:w-auto sm:justify-self-start"
          aria-describedby={aria['aria-describedby']}
        >
          <CalendarDays aria-hidden />
          <span className={cn(!value && 'text-muted-foreground')}>{label}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent
        className="w-auto max-w-[calc(100vw-1rem)] overflow-x-auto"
        aria-label={t('mailSettings.dateRange.calendar')}
      >
        <DayPicker
          mode="range"
          resetOnSelect
          selected={draft}
          onSelect={select}
          weekStartsOn={1}
          disabled={{ after: today }}
          endMonth={today}
          defaultMonth={value ? (wide ? new Date(value.to.getFullYear(), value.to.getMonth() - 1) : value.to) : today}
          numberOfMonths={wide ? 2 : 1}
          locale={locales[lang] ?? enUS}
          style={calendarStyle}
          className="text-sm [&_.rdp-selected]:text-sm [&_.rdp-selected]:font-semibold [&_.rdp-today:not(.rdp-selected)]:font-semibold"
        />
        <p className="mt-2 text-xs text-muted-foreground">{t('mailSettings.dateRange.hint', { days: maxDays })}</p>
        {warning && (
          <div
            role="alert"
            className="mt-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-200"
          >
            <p className="font-medium">{t('mailSettings.help.maxPeriodReached', { days: maxDays })}</p>
            <p>{t('mailSettings.validation.periodTooLong')}</p>
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
