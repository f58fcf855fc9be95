import {
  AI_CATEGORY_COUNT,
  aiCategorizationSchema,
  CATEGORY_LANGUAGES,
  defaultCategoryLanguage,
  type AiCategorizationInput,
} from '@app/shared/categories';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Slider } from '@/components/ui/slider';

type AiCategoriesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (input: AiCategorizationInput) => void;
  pending: boolean;
};

const countSchema = aiCategorizationSchema.shape.numberOfCategories;

/**
 * The AI category creation modal (spec 02 §2): how many categories (1–10, default 5) and in which
 * language (24, the browser's by default). Confirm is disabled outside 1..10 and while it runs.
 */
export function AiCategoriesDialog({ open, onOpenChange, onConfirm, pending }: AiCategoriesDialogProps) {
  const { t } = useTranslation();
  const [count, setCount] = useState(String(AI_CATEGORY_COUNT.default));
  const [language, setLanguage] = useState<string>(
    () => defaultCategoryLanguage(typeof navigator === 'undefined' ? undefined : navigator.language).name,
  );
  const parsed = countSchema.safeParse(count.trim() === '' ? undefined : count);
  const countError = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const sliderValue = parsed.success ? parsed.data : AI_CATEGORY_COUNT.default;

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{t('categories.ai.title')}</DialogTitle>
        <DialogDescription>{t('categories.ai.description')}</DialogDescription>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (parsed.success && !pending) onConfirm({ numberOfCategories: parsed.data, language });
          }}
        >
          <div className="grid gap-3">
            <Label htmlFor="ai-count">{t('categories.ai.count')}</Label>
            <div className="flex items-center gap-4">
              <Slider
                aria-label={t('categories.ai.count')}
                min={AI_CATEGORY_COUNT.min}
                max={AI_CATEGORY_COUNT.max}
                step={AI_CATEGORY_COUNT.step}
                value={[sliderValue]}
                onValueChange={([value]) => value !== undefined && setCount(String(value))}
                disabled={pending}
              />
              <Input
                id="ai-count"
                type="number"
                inputMode="numeric"
                className="w-20"
                min={AI_CATEGORY_COUNT.min}
                max={AI_CATEGORY_COUNT.max}
                step={AI_CATEGORY_COUNT.step}
                value={count}
                onChange={(event) => setCount(event.target.value)}
                aria-invalid={countError ? true : undefined}
                aria-describedby={countError ? 'ai-count-error' : undefined}
                disabled={pending}
              />
            </div>
            {countError && (
              <p id="ai-count-error" className="text-sm text-destructive">
                {t(countError)}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="ai-language">{t('categories.ai.language')}</Label>
            <Select value={language} onValueChange={setLanguage} disabled={pending}>
              <SelectTrigger id="ai-language">
                <SelectValue />
              </SelectTrigger>
              <SelectContent className="max-h-72">
                {CATEGORY_LANGUAGES.map((lang) => (
                  <SelectItem key={lang.code} value={lang.name} lang={lang.code}>
                    {lang.nativeName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <p className="text-xs text-muted-foreground">{t('categories.ai.hint')}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              {t('categories.form.cancel')}
            </Button>
            <Button type="submit" pending={pending} disabled={!parsed.success}>
              <Sparkles aria-hidden />
              {t('categories.ai.confirm')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
