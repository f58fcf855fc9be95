import { FileUp, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useBulkInvite } from '../api/bulk-invite';
import { CsvGuide } from '../components/csv-guide';
import { CsvIssues } from '../components/csv-issues';
import { canBulkInvite, OwnersOnly } from '../components/owners-only';
import { ProgressBar } from '../components/progress-bar';
import { clearBulk, loadBulk, saveBulk } from '../utils/bulk-storage';
import type { CsvProgress } from '../utils/csv-parse';
import { canUpload, type BulkRow, type CsvValidation } from '../utils/csv-validation';
import { teamErrorMessage } from '../utils/messages';
import { readCsv, type CsvRead } from '../utils/read-csv';

type Checked = { fileName: string; validation: CsvValidation; total: number; restored: boolean };

/** Validated rows kept from an earlier visit (or an upload stopped half-way) come back as they were left. */
function restore(): Checked | null {
  const stored = loadBulk();
  if (!stored) return null;
  return {
    fileName: stored.fileName,
    total: stored.total,
    restored: true,
    validation: { fileProblem: null, missingHeaders: [], issues: [], rows: stored.rows, rowCount: stored.rows.length },
  };
}

function BulkInvite() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const upload = useBulkInvite();
  const [checked, setChecked] = useState<Checked | null>(restore);
  const [reading, setReading] = useState<(CsvProgress & { fileName: string }) | null>(null);
  const [sent, setSent] = useState(0);
  const [picked, setPicked] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const current = useRef<CsvRead | null>(null);
  const format = (n: number) => new Intl.NumberFormat(i18n.resolvedLanguage).format(n);

  useEffect(() => () => current.current?.cancel(), []);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    current.current?.cancel();
    clearBulk();
    upload.reset();
    setSent(0);
    setChecked(null);
    setReading({ fileName: file.name, rows: 0, fraction: 0 });
    const read = readCsv(file, (progress) => setReading({ fileName: file.name, ...progress }));
    current.current = read;
    const validation = await read.result;
    if (current.current !== read) return;
    current.current = null;
    setReading(null);
    const next: Checked = { fileName: file.name, validation, total: validation.rows.length, restored: false };
    setChecked(next);
    if (canUpload(validation)) saveBulk({ fileName: file.name, total: next.total, rows: validation.rows });
  };

  const start = () => {
    if (!checked || !canUpload(checked.validation)) return;
    const { fileName, total } = checked;
    upload.mutate(
      {
        rows: checked.validation.rows,
        onBatch: (remaining: BulkRow[]) => {
          setSent(total - remaining.length);
          setChecked((prev) => prev && { ...prev, validation: { ...prev.validation, rows: remaining } });
          if (remaining.length) saveBulk({ fileName, total, rows: remaining });
        },
      },
      {
        onSuccess: ({ mailFailed }) => {
          clearBulk();
          if (mailFailed) toast.warning(t('team.bulk.mailFailed', { count: mailFailed, value: format(mailFailed) }));
          else toast.success(t('team.bulk.done', { count: total, value: format(total) }));
          void navigate('/users');
        },
      },
    );
  };

  const validation = checked?.validation ?? null;
  const remaining = validation?.rows.length ?? 0;
  const ready = canUpload(validation);

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-6">
      <div>
        <h1 className="text-xl font-semibold">{t('team.bulk.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('team.bulk.description')}</p>
      </div>

      <CsvGuide />

      <div className="grid gap-2">
        <Label htmlFor="csv-file">{t('team.bulk.file')}</Label>
        {/* The browser's own picker speaks the browser's language ("Choose File"): ours speaks the app's. */}
        <input
          ref={fileInput}
          id="csv-file"
          type="file"
          accept=".csv,text/csv,application/vnd.ms-excel"
          disabled={upload.isPending}
          onChange={(event) => {
            setPicked(event.target.files?.[0]?.name ?? null);
            void choose(event);
          }}
          className="sr-only"
          tabIndex={-1}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
            <FileUp aria-hidden />
            {t('team.bulk.chooseFile')}
          </Button>
          <span className="text-sm break-words text-muted-foreground" data-testid="csv-file-name">
            {picked ?? checked?.fileName ?? t('team.bulk.noFile')}
          </span>
        </div>
      </div>

      {reading && (
        <div role="status" className="grid gap-2 text-sm">
          <ProgressBar value={reading.fraction} label={t('team.bulk.reading')} />
          <p className="text-muted-foreground">
            {t('team.bulk.readingRows', { count: reading.rows, value: format(reading.rows) })}
          </p>
        </div>
      )}

      {validation && !reading && <CsvIssues validation={validation} />}

      {ready && !upload.isPending && !upload.isError && (
        <Alert variant="success">
          {t(checked?.restored ? 'team.bulk.restored' : 'team.bulk.ready', {
            count: remaining,
            value: format(remaining),
            fileName: checked?.fileName,
          })}
        </Alert>
      )}

      {upload.isPending && checked && (
        <div role="status" className="grid gap-2 text-sm">
          <ProgressBar value={checked.total ? sent / checked.total : 0} label={t('team.bulk.uploading')} />
          <p className="text-muted-foreground">
            {t('team.bulk.uploadProgress', { sent: format(sent), total: format(checked.total) })}
          </p>
        </div>
      )}

      {upload.isError && checked && (
        <Alert variant="error">
          <p>{teamErrorMessage(upload.error)}</p>
          {sent > 0 && (
            <p className="mt-1">
              {t('team.bulk.partial', { sent: format(sent), total: format(checked.total), left: format(remaining) })}
            </p>
          )}
        </Alert>
      )}

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => navigate('/users')} disabled={upload.isPending}>
          {t('team.cancel')}
        </Button>
        <Button type="button" disabled={!ready || !!reading} pending={upload.isPending} onClick={start}>
          <Upload aria-hidden />
          {t('team.bulk.upload')}
        </Button>
      </div>
    </section>
  );
}

/** /users/bulk: invite many people from a CSV file (when the plan allows an unlimited team). */
export function BulkInviteRoute() {
  return <OwnersOnly>{(owner) => (canBulkInvite(owner) ? <BulkInvite /> : <Navigate to="/users" replace />)}</OwnersOnly>;
}
