import { useTranslation } from 'react-i18next';
import type { TutorialId } from '@app/shared/tutorials';

/**
 * One tutorial: its title and the video in a frame. The frame may run the player's scripts on its
 * own origin but cannot navigate the app or open forms in it.
 */
export function TutorialCard({ id, videoUrl }: { id: TutorialId; videoUrl: string }) {
  const { t } = useTranslation();
  const title = t(`tutorials.entries.${id}`);
  return (
    <article className="grid gap-2 rounded-lg border bg-card p-3">
      <div className="aspect-video overflow-hidden rounded-md bg-muted">
        <iframe
          src={videoUrl}
          title={title}
          className="size-full"
          loading="lazy"
          allow="encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        />
      </div>
      <h2 className="text-sm font-medium">{title}</h2>
    </article>
  );
}
