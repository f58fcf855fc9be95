import { Plus, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

type CreateCategoriesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onManual: () => void;
  onAi: () => void;
};

/** Classification is on but there is no category yet: create one, or let the AI propose them. */
export function CreateCategoriesDialog({ open, onOpenChange, onManual, onAi }: CreateCategoriesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t('categories.createDialog.title')}</DialogTitle>
        <DialogDescription>{t('categories.createDialog.description')}</DialogDescription>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="outline" onClick={onManual}>
            <Plus aria-hidden />
            {t('categories.addManually')}
          </Button>
          <Button onClick={onAi}>
            <Sparkles aria-hidden />
            {t('categories.createWithAi')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
