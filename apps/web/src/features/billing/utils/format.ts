import type { Plan } from '@app/shared/plans';
import type { TFunction } from 'i18next';
import { languages } from '@/lib/i18n';

/** The Intl locale of an i18n language ('fr' → 'fr-FR'); English otherwise. */
export function localeOf(language: string | undefined): string {
  const base = (language ?? 'en').slice(0, 2);
  return languages.find((l) => l.code === base)?.locale ?? 'en-US';
}

/** Euros in the reader's locale: whole amounts without cents (€39, 39 €), small ones as given (0,006 €). */
export function formatEuros(amount: number, locale: string): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 3,
  }).format(amount);
}

/** An amount in a currency's minor unit (Stripe's cents) in the reader's locale. */
export function formatMinorUnits(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

export const planName = (plan: Pick<Plan, 'id'>) => plan.id.toUpperCase();

/** The features of a plan card (spec 01 §3: free days, users, credits, setup, extra credit, usage). */
export function planFeatures(plan: Plan, t: TFunction, locale: string): string[] {
  const number = new Intl.NumberFormat(locale);
  const features: string[] = [];
  if (plan.trialDays > 0) features.push(t('billing.features.freeDays', { count: plan.trialDays }));
  features.push(
    plan.members === null ? t('billing.features.unlimitedUsers') : t('billing.features.users', { count: plan.members }),
  );
  features.push(t('billing.features.credits', { credits: number.format(plan.credits) }));
  if (plan.setupMinutes > 0)
    features.push(
      t('billing.features.setup', {
        duration:
          plan.setupMinutes % 60 === 0
            ? t('billing.features.hours', { count: plan.setupMinutes / 60 })
            : t('billing.features.minutes', { count: plan.setupMinutes }),
      }),
    );
  if (plan.classificationOrResponses) features.push(t('billing.features.classificationOrResponse'));
  return features;
}

/** The extra features: the price of extra credits and what the credits buy a day. */
export function planExtraFeatures(plan: Plan, t: TFunction, locale: string): string[] {
  const number = new Intl.NumberFormat(locale);
  const extra: string[] = [];
  if (plan.extraCreditPrice !== null)
    extra.push(t('billing.features.extraCredit', { price: formatEuros(plan.extraCreditPrice, locale) }));
  if (plan.dailyDrafts !== null && plan.dailyDraftsWithClassification !== null)
    extra.push(
      t('billing.features.drafts', {
        drafts: number.format(plan.dailyDrafts),
        withClassification: number.format(plan.dailyDraftsWithClassification),
      }),
    );
  return extra;
}
