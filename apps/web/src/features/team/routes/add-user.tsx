import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ApiRequestError } from '@/lib/api-client';
import { useCreateInvitation } from '../api/create-invitation';
import { InvitationForm } from '../components/invitation-form';
import { OwnersOnly } from '../components/owners-only';
import { teamErrorMessage } from '../utils/messages';

function AddUser() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateInvitation();

  return (
    <section className="mx-auto grid w-full max-w-2xl gap-4">
      <div>
        <h1 className="text-xl font-semibold">{t('team.form.addTitle')}</h1>
        <p className="text-sm text-muted-foreground">{t('team.form.addDescription')}</p>
      </div>
      <InvitationForm
        mode="add"
        pending={create.isPending}
        serverError={create.error ? teamErrorMessage(create.error) : null}
        serverIssues={create.error instanceof ApiRequestError ? create.error.issues : undefined}
        onCancel={() => navigate('/users')}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: (invitation) => {
              // Saved either way; a refused mail can be sent again from the list.
              if (invitation.status === 'FAILED') toast.warning(t('team.mailFailed'));
              else toast.success(t('team.form.invited', { email: invitation.email }));
              void navigate('/users');
            },
          })
        }
      />
    </section>
  );
}

/** /users/add: invite one person. */
export function AddUserRoute() {
  return <OwnersOnly>{() => <AddUser />}</OwnersOnly>;
}
