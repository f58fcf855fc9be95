import { passwordRules } from '@app/shared/password';
import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The live list of password requirements, shown once the user has typed something. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  return (
    <ul aria-label={t('auth.passwordRequirements')} className="grid gap-1 text-sm">
      {passwordRules.map((rule) => {
        const met = rule.test(password);
        const Icon = met ? Check : X;
        return (
          <li
            key={rule.key}
            data-met={met}
            className={cn('flex items-center gap-2', met ? 'text-success' : 'text-muted-foreground')}
          >
            <Icon className="size-4 shrink-0" aria-hidden />
            <span>{t(rule.key)}</span>
            <span className="sr-only">({t(met ? 'auth.met' : 'auth.notMet')})</span>
          </li>
        );
      })}
    </ul>
  );
}
