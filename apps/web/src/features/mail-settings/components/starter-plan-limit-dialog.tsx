import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** The Starter plan cannot manage replies and classify at once (spec 02 §4): offer the upgrade. */
export function StarterPlanLimitDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t('mailSettings.starterPlan.title')}</DialogTitle>
        <DialogDescription>{t('mailSettings.messages.starterPlanLimit')}</DialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('common.close')}</Button>
          </DialogClose>
          <Button onClick={() => void navigate('/subscriptions', { replace: true })}>
            <Sparkles aria-hidden />
            {t('mailSettings.starterPlan.upgrade')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
