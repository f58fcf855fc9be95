import type { KnowledgeItem } from '@app/shared/knowledge';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { mapApiError } from '@/lib/error-mapper';
import { useKnowledgeItem } from '../api/get-knowledge-item';
import { useSaveKnowledge } from '../api/save-knowledge';
import { KnowledgeForm } from '../components/knowledge-form';

/** /data adds an entry; /data/:id edits one, from the navigation state or else from the server. */
export function KnowledgeFormRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const location = useLocation();
  const passed = (location.state as { item?: KnowledgeItem } | null)?.item;
  const initial = id && passed?.context === id ? passed : undefined;
  const fetched = useKnowledgeItem(id, !initial);
  const item = initial ?? fetched.data;
  const save = useSaveKnowledge();

  const body = () => {
    if (id && !item) {
      if (fetched.isError) {
        return (
          <Alert variant="error">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>{mapApiError(fetched.error).message}</span>
              <Button variant="outline" size="sm" onClick={() => navigate(-1)}>
                {t('common.goBack')}
              </Button>
            </div>
          </Alert>
        );
      }
      return (
        <div className="grid gap-4" aria-busy>
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      );
    }
    return (
      <KnowledgeForm
        key={item?.context ?? 'new'}
        defaultValues={{ title: item?.title ?? '', text: item?.text ?? '', visibility: item?.visibility ?? 'quotable' }}
        pending={save.isPending}
        serverError={save.error ? mapApiError(save.error).message : null}
        onCancel={() => navigate(-1)}
        onSubmit={(values) =>
          save.mutate(
            { ...values, context: id },
            {
              onSuccess: () => {
                toast.success(t('knowledge.saved'));
                void navigate('/home');
              },
            },
          )
        }
      />
    );
  };

  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4">
      <h1 className="text-xl font-semibold">{t(id ? 'knowledge.form.editTitle' : 'knowledge.form.addTitle')}</h1>
      {body()}
    </section>
  );
}
