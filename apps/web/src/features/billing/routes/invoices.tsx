import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BillingUnavailable } from '../components/billing-unavailable';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAuth } from '@/lib/session';
import { useInvoices } from '../api/get-invoices';
import { billingErrorMessage } from '../utils/messages';
import { formatMinorUnits, localeOf } from '../utils/format';

const statusVariant: Record<string, BadgeVariant> = {
  paid: 'success',
  open: 'warning',
  draft: 'neutral',
  void: 'neutral',
  uncollectible: 'destructive',
};

/** The owner's invoices: date, number, amount, status, PDF (hidden when not billable or on FREE, spec 01 §2). */
export function InvoicesRoute() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const invoices = useInvoices(user?.uid ?? '', Boolean(user?.billable && user.plan !== 'free'));
  if (!user) return null;
  if (!user.billable || user.plan === 'free') return <BillingUnavailable user={user} title={t('billing.invoices.title')} />;
  const locale = localeOf(i18n.resolvedLanguage);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });

  return (
    <section className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t('billing.invoices.title')}</h1>
        <Button asChild variant="outline" size="sm">
          <Link to="/billing">{t('billing.manage')}</Link>
        </Button>
      </div>
      {invoices.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{billingErrorMessage(invoices.error)}</span>
            <Button variant="outline" size="sm" onClick={() => void invoices.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : invoices.isPending ? (
        <div className="grid gap-2" aria-busy>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-9 w-full" />
          ))}
        </div>
      ) : invoices.data.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border p-8 text-center">
          <p className="text-sm text-muted-foreground">{t('billing.invoices.empty')}</p>
          <Button asChild variant="outline" size="sm">
            <Link to="/subscriptions">{t('billing.invoices.seePlans')}</Link>
          </Button>
        </div>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('billing.invoices.date')}</TableHead>
              <TableHead>{t('billing.invoices.number')}</TableHead>
              <TableHead className="text-right">{t('billing.invoices.amount')}</TableHead>
              <TableHead>{t('billing.invoices.status')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('billing.invoices.pdf')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invoices.data.map((invoice) => (
              <TableRow key={invoice.id}>
                <TableCell>{date.format(new Date(invoice.created))}</TableCell>
                <TableCell>{invoice.number ?? '—'}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatMinorUnits(invoice.total, invoice.currency, locale)}
                </TableCell>
                <TableCell>
                  <Badge variant={statusVariant[invoice.status ?? ''] ?? 'neutral'}>
                    {t(`billing.invoices.statuses.${invoice.status ?? 'draft'}`, { defaultValue: invoice.status ?? '' })}
                  </Badge>
                </TableCell>
                <TableCell className="text-right">
                  {invoice.invoicePdf ? (
                    <a
                      href={invoice.invoicePdf}
                      target="_blank"
                      rel="noreferrer"
                      className="text-accent underline-offset-4 hover:underline"
                    >
                      {t('billing.invoices.pdf')}
                    </a>
                  ) : invoice.hostedInvoiceUrl ? (
                    <a
                      href={invoice.hostedInvoiceUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="text-accent underline-offset-4 hover:underline"
                    >
                      {t('billing.invoices.view')}
                    </a>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
