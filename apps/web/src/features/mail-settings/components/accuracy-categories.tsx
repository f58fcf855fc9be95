import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '@/components/ui/tooltip';
import { percentFormat, type AccuracyCategory } from '../utils/accuracy';

type AccuracyCategoriesProps = {
  categories: AccuracyCategory[];
  nameOf: (id: string, fallback: string) => string;
};

/** Per category, its precision and recall as two bars from 0 to 100%, with the counts behind them. */
export function AccuracyCategories({ categories, nameOf }: AccuracyCategoriesProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <div className="grid gap-0.5">
        <h3 id="accuracy-categories-title" className="text-sm font-medium">
          {t('mailSettings.accuracy.categoriesTitle')}
        </h3>
        <p className="text-xs text-muted-foreground">{t('mailSettings.accuracy.legendPrecision')}</p>
        <p className="text-xs text-muted-foreground">{t('mailSettings.accuracy.legendRecall')}</p>
      </div>
      <ul aria-labelledby="accuracy-categories-title" className="grid gap-2">
        {categories.map((category) => (
          <CategoryRow key={category.categoryId} category={category} name={nameOf(category.categoryId, category.name)} />
        ))}
      </ul>
    </div>
  );
}

function CategoryRow({ category, name }: { category: AccuracyCategory; name: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li aria-labelledby={id} className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span id={id} className="text-sm font-medium break-words">
          {name}
        </span>
        <span className="text-xs text-muted-foreground">
          {t('mailSettings.accuracy.counts', { filed: category.filed, chosen: category.chosen, agreed: category.agreed })}
        </span>
      </div>
      <Bar metric="precision" value={category.precision} />
      <Bar metric="recall" value={category.recall} />
    </li>
  );
}

/** One share from 0 to 100% as a bar, its figure beside it; "—" with the reason when there is none. */
function Bar({ metric, value }: { metric: 'precision' | 'recall'; value: number | null }) {
  const { t, i18n } = useTranslation();
  const label = t(metric === 'precision' ? 'mailSettings.accuracy.precision' : 'mailSettings.accuracy.recall');
  const figure = value === null ? '—' : percentFormat(i18n.language).format(value);
  const valueLabel = t(metric === 'precision' ? 'mailSettings.accuracy.precisionValue' : 'mailSettings.accuracy.recallValue', {
    percent: figure,
  });
  const none = t(metric === 'precision' ? 'mailSettings.accuracy.precisionNone' : 'mailSettings.accuracy.recallNone');
  return (
    <div className="grid grid-cols-[5.5rem_1fr_3rem] items-center gap-2 text-xs">
      <span aria-hidden className="text-muted-foreground">
        {label}
      </span>
      <div role="img" aria-label={valueLabel} className="h-2 overflow-hidden rounded-full bg-muted">
        {value !== null && (
          <div
            className={metric === 'precision' ? 'h-full rounded-full bg-accent' : 'h-full rounded-full bg-sky-500'}
            style={{ width: `${Math.round(Math.min(Math.max(value, 0), 1) * 100)}%` }}
          />
        )}
      </div>
      {value === null ? (
        <Tooltip content={none}>
          <button type="button" aria-label={none} className="text-right text-muted-foreground">
            —
          </button>
        </Tooltip>
      ) : (
        <span aria-hidden className="text-right font-medium tabular-nums">
          {figure}
        </span>
      )}
    </div>
  );
}
