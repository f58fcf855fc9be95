import { TUTORIAL_IDS } from '@app/shared/tutorials';
import { GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuthConfig } from '@/lib/auth-config';
import { TutorialCard } from '../components/tutorial-card';

/** The entries whose video address is configured, in the page's order (spec 02 §2: the others are hidden). */
export function visibleTutorials(videos: Record<string, string>) {
  return TUTORIAL_IDS.filter((id) => videos[id]?.trim()).map((id) => ({ id, videoUrl: videos[id]! }));
}

function TutorialsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-busy>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="aspect-video w-full" />
      ))}
    </div>
  );
}

function NoTutorials() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
      <GraduationCap className="size-8" aria-hidden />
      <p>{t('tutorials.empty')}</p>
      <Button asChild variant="outline" size="sm">
        <Link to="/feedback">{t('tutorials.askUs')}</Link>
      </Button>
    </div>
  );
}

/** Spec 02 §2 tutorials: a grid of embedded videos. */
export function TutorialsRoute() {
  const { t } = useTranslation();
  const config = useAuthConfig();
  const entries = visibleTutorials(config.data?.tutorialVideos ?? {});

  return (
    <section className="grid gap-6">
      <div>
        <h1 className="text-xl font-semibold">{t('tutorials.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('tutorials.intro')}</p>
      </div>
      {config.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('tutorials.loadError')}</span>
            <Button variant="outline" size="sm" onClick={() => void config.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : config.isPending ? (
        <TutorialsSkeleton />
      ) : entries.length === 0 ? (
        <NoTutorials />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {entries.map((entry) => (
            <TutorialCard key={entry.id} {...entry} />
          ))}
        </div>
      )}
    </section>
  );
}
